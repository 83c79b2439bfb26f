import { beforeEach, describe, expect, it } from 'vitest'

import { ORDER_STATUSES, REFUND_STATUSES, REFUNDED_NOTE } from '~/lib/orders/life'
import {
  COLLECT_SHIPPING,
  InvalidTransitionError,
  orderMoves,
} from '~/lib/orders/orders.test-helper'

import { draft, manualClock, product, type ContractHarness, storePerTest } from './contract.suite'
import type { Store } from './store'
import type { Order, OrderDraft, OrderStatus, Shipment } from './types'

/**
 * The back office's side of the data stores (issue 12): the staff role, the order list, search,
 * counts and moves with who made them, refunds, and handling contact messages. Written once; each
 * adapter's *.contract.test.ts runs it with the same harness as the main contract suite.
 */

const T0 = '2025-06-01T08:00:00.000Z'
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString()

const STAFF = 'nomsa@shop.example.co.za'
const OTHER_STAFF = 'pieter@shop.example.co.za'
const SHIPMENT: Shipment = { courier: 'The Courier Guy', trackingNumber: 'TCG-000123' }

/**
 * The moves docs/contracts.md allows; every other pair of statuses is refused. Orders are delivered
 * ones, but for those ready for collection or collected, which only a collect order reaches (the
 * order's life suite tries every move on both kinds).
 */
const ALLOWED: readonly (readonly [OrderStatus, OrderStatus])[] = [
  ['pending_payment', 'paid'],
  ['pending_payment', 'cancelled'],
  ['pending_payment', 'payment_failed'],
  ['paid', 'processing'],
  ['paid', 'shipped'],
  ['processing', 'shipped'],
  ['shipped', 'delivered'],
  ['ready_for_collection', 'collected'],
]
// The refund statuses are reached by a refund, not a move (refunds.suite.ts covers them).
const STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => !REFUND_STATUSES.includes(s))
/** The moves that take a fresh order to each status. */
const PATH_TO: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: [],
  paid: ['paid'],
  processing: ['paid', 'processing'],
  shipped: ['paid', 'shipped'],
  delivered: ['paid', 'shipped', 'delivered'],
  ready_for_collection: ['paid', 'ready_for_collection'],
  collected: ['paid', 'ready_for_collection', 'collected'],
  cancelled: ['cancelled'],
  payment_failed: ['payment_failed'],
  partially_refunded: [],
  refunded: [],
}

let seq = 0
/** Order ids as the shop issues them: upper-case letters and digits. */
const newOrderId = () =>
  `BO${Date.now().toString(36).toUpperCase()}${(seq++).toString().padStart(4, '0')}`

export function describeBackOfficeOrdersContract(name: string, harness: ContractHarness): void {
  describe(`back-office data contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    /** Places the order at the time `at` (the store's clock set there first). */
    const placeAt = (input: OrderDraft, id: string, at: string) => {
      clock.set(at)
      return store.orders.place(input, id)
    }

    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })

    describe('staff role', () => {
      const newUser = (id: string, email: string) => ({
        id,
        email,
        firstName: 'Nomsa',
        lastName: 'Zulu',
        phone: null,
        address: null,
      })

      it('makes new users customers, even when asked for staff', async () => {
        const asking = { ...newUser('u1', 'nomsa@example.co.za'), staff: true }
        const created = await store.users.create(asking)
        expect(created.staff).toBe(false)
        expect((await store.users.get('u1'))?.staff).toBe(false)
      })

      it('grants and revokes the role; the next read sees it', async () => {
        await store.users.create(newUser('u1', 'Nomsa@Example.co.za'))
        await store.users.create(newUser('u2', 'other@example.co.za'))
        clock.set(minutes(5))
        const granted = await store.users.setStaff('u1', true)
        expect(granted).toMatchObject({
          id: 'u1',
          staff: true,
          createdAt: T0,
          updatedAt: minutes(5),
        })
        expect(await store.users.get('u1')).toEqual(granted)
        expect(await store.users.getByEmail('nomsa@example.co.za')).toEqual(granted)
        expect((await store.users.get('u2'))?.staff).toBe(false)

        // Granting twice changes nothing, not even the time.
        clock.set(minutes(6))
        expect(await store.users.setStaff('u1', true)).toEqual(granted)

        clock.set(minutes(7))
        const revoked = await store.users.setStaff('u1', false)
        expect(revoked).toMatchObject({ staff: false, updatedAt: minutes(7) })
        expect(await store.users.get('u1')).toEqual(revoked)
      })

      it('answers null for an unknown user and creates nobody', async () => {
        expect(await store.users.setStaff('nobody', true)).toBeNull()
        expect(await store.users.get('nobody')).toBeNull()
      })
    })

    describe('orders', () => {
      beforeEach(async () => {
        await store.products.upsertMany([product('biltong', { stock: 100 })])
      })

      const place = (createdAt: string, overrides: Partial<ReturnType<typeof draft>> = {}) =>
        placeAt(
          { ...draft([{ productId: 'biltong', quantity: 1 }]), ...overrides },
          newOrderId(),
          createdAt,
        )

      /** A fresh order walked to `status` by the shop and by staff. */
      const orderIn = async (status: OrderStatus): Promise<Order> => {
        const collect = status === 'ready_for_collection' || status === 'collected'
        let order = await place(minutes(0), collect ? { shipping: COLLECT_SHIPPING } : {})
        for (const [i, to] of PATH_TO[status].entries()) {
          order = await orderMoves(store.orders, clock).transition(order.id, to, {
            at: minutes(i + 1),
            shipment: to === 'shipped' ? SHIPMENT : undefined,
          })
        }
        return order
      }

      it('lists every order newest first, by pages, with the total', async () => {
        const placed: Order[] = []
        for (let i = 0; i < 5; i += 1) placed.push(await place(minutes(i)))
        const newestFirst = placed.map((o) => o.id).reverse()

        const first = await store.orders.list({ offset: 0, limit: 2 })
        expect(first.total).toBe(5)
        expect(first.items.map((o) => o.id)).toEqual(newestFirst.slice(0, 2))
        expect(first.items[0]).toEqual(await store.orders.get(newestFirst[0]!))
        const last = await store.orders.list({ offset: 4, limit: 2 })
        expect(last).toMatchObject({ total: 5 })
        expect(last.items.map((o) => o.id)).toEqual(newestFirst.slice(4))
        expect(await store.orders.list({ offset: 10, limit: 2 })).toEqual({ items: [], total: 5 })
      })

      it('filters by status and finds an order by its id or its email in any case', async () => {
        const thandi = await place(minutes(1))
        const sipho = await place(minutes(2), { email: 'Sipho.Dlamini@Example.co.za' })
        const siphoAgain = await place(minutes(3), { email: 'sipho.dlamini@example.co.za' })
        await orderMoves(store.orders, clock).transition(siphoAgain.id, 'paid', { at: minutes(4) })
        const ids = async (query: Parameters<Store['orders']['list']>[0]) => {
          const page = await store.orders.list(query)
          expect(page.total).toBe(page.items.length)
          return page.items.map((o) => o.id)
        }

        expect(await ids({ offset: 0, limit: 10, status: 'paid' })).toEqual([siphoAgain.id])
        expect(await ids({ offset: 0, limit: 10, status: 'pending_payment' })).toEqual([
          sipho.id,
          thandi.id,
        ])
        expect(await ids({ offset: 0, limit: 10, status: 'shipped' })).toEqual([])

        expect(await ids({ offset: 0, limit: 10, q: thandi.id.toLowerCase() })).toEqual([thandi.id])
        expect(await ids({ offset: 0, limit: 10, q: ` ${thandi.id} ` })).toEqual([thandi.id])
        expect(await ids({ offset: 0, limit: 10, q: 'SIPHO.DLAMINI@example.CO.ZA' })).toEqual([
          siphoAgain.id,
          sipho.id,
        ])
        expect(
          await ids({ offset: 0, limit: 10, q: 'sipho.dlamini@example.co.za', status: 'paid' }),
        ).toEqual([siphoAgain.id])
        // Exact matches only: part of an email or an id finds nothing.
        expect(await ids({ offset: 0, limit: 10, q: 'sipho' })).toEqual([])
        expect(await ids({ offset: 0, limit: 10, q: thandi.id.slice(0, 6) })).toEqual([])
        for (const odd of ['a/b', '..', '__name__', `${thandi.id}/x`, 'x'.repeat(2_000)]) {
          expect(await ids({ offset: 0, limit: 10, q: odd })).toEqual([])
        }
        // A blank search is no search.
        expect(await ids({ offset: 0, limit: 10, q: '  ' })).toHaveLength(3)

        const paged = await store.orders.list({
          offset: 1,
          limit: 1,
          q: 'sipho.dlamini@example.co.za',
        })
        expect(paged.total).toBe(2)
        expect(paged.items.map((o) => o.id)).toEqual([sipho.id])
      })

      it('counts the orders in each status, naming every status', async () => {
        expect(await store.orders.countByStatus()).toEqual(
          Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])),
        )
        await orderIn('paid')
        await orderIn('paid')
        await orderIn('shipped')
        await orderIn('cancelled')
        await place(minutes(9))
        expect(await store.orders.countByStatus()).toEqual({
          pending_payment: 1,
          paid: 2,
          processing: 0,
          shipped: 1,
          delivered: 0,
          ready_for_collection: 0,
          collected: 0,
          cancelled: 1,
          payment_failed: 0,
          partially_refunded: 0,
          refunded: 0,
        })
      })

      it('allows exactly the moves of docs/contracts.md and refuses every other, changing nothing', async () => {
        for (const from of STATUSES) {
          const stuck = await orderIn(from)
          for (const to of STATUSES) {
            const allowed = ALLOWED.some(([a, b]) => a === from && b === to)
            const options = {
              at: minutes(30),
              by: STAFF,
              shipment: to === 'shipped' ? SHIPMENT : undefined,
            }
            if (allowed) {
              const order = await orderIn(from)
              const moved = await orderMoves(store.orders, clock).transition(order.id, to, options)
              expect(moved.status, `${from} -> ${to}`).toBe(to)
            } else {
              await expect(
                orderMoves(store.orders, clock).transition(stuck.id, to, options),
                `${from} -> ${to}`,
              ).rejects.toBeInstanceOf(InvalidTransitionError)
            }
          }
          expect(await store.orders.get(stuck.id)).toEqual(stuck)
        }
      }, 120_000)

      it('records which staff member made each move, and nobody for the shop’s', async () => {
        const order = await place(minutes(0))
        await orderMoves(store.orders, clock).transition(order.id, 'paid', {
          at: minutes(1),
          note: 'ITN COMPLETE',
        })
        await orderMoves(store.orders, clock).transition(order.id, 'processing', {
          at: minutes(2),
          by: STAFF,
        })
        await orderMoves(store.orders, clock).transition(order.id, 'shipped', {
          at: minutes(3),
          by: OTHER_STAFF,
          shipment: SHIPMENT,
        })
        const delivered = await orderMoves(store.orders, clock).transition(order.id, 'delivered', {
          at: minutes(4),
          by: STAFF,
        })
        expect(delivered.history).toEqual([
          { status: 'pending_payment', at: minutes(0), note: null, by: null },
          { status: 'paid', at: minutes(1), note: 'ITN COMPLETE', by: null },
          { status: 'processing', at: minutes(2), note: null, by: STAFF },
          { status: 'shipped', at: minutes(3), note: null, by: OTHER_STAFF },
          { status: 'delivered', at: minutes(4), note: null, by: STAFF },
        ])
        expect(delivered).toMatchObject({ shipment: SHIPMENT, updatedAt: minutes(4) })
        expect(await store.orders.get(order.id)).toEqual(delivered)
      })

      it('ships only with a courier and a tracking number, and keeps them on the order', async () => {
        const order = await orderIn('paid')
        expect(order.shipment).toBeNull()
        for (const shipment of [
          undefined,
          { courier: 'The Courier Guy', trackingNumber: '  ' },
          { courier: '', trackingNumber: 'TCG-1' },
        ]) {
          await expect(
            orderMoves(store.orders, clock).transition(order.id, 'shipped', {
              at: minutes(5),
              by: STAFF,
              shipment,
            }),
          ).rejects.toBeInstanceOf(InvalidTransitionError)
        }
        expect(await store.orders.get(order.id)).toEqual(order)

        const shipped = await orderMoves(store.orders, clock).transition(order.id, 'shipped', {
          at: minutes(6),
          by: STAFF,
          shipment: { courier: ' Pargo ', trackingNumber: ' PGO-42 ' },
        })
        expect(shipped.shipment).toEqual({ courier: 'Pargo', trackingNumber: 'PGO-42' })
        const delivered = await orderMoves(store.orders, clock).transition(order.id, 'delivered', {
          at: minutes(7),
        })
        expect(delivered.shipment).toEqual({ courier: 'Pargo', trackingNumber: 'PGO-42' })
        expect((await store.orders.get(order.id))?.shipment).toEqual(delivered.shipment)
      })

      it('marks a late payment refunded once, naming who, and refuses orders not flagged', async () => {
        const cancelled = await orderIn('cancelled')
        const { order: flagged } = await orderMoves(store.orders, clock).flagLatePayment(
          cancelled.id,
          {
            at: minutes(10),
            pfPaymentId: '777',
          },
        )
        expect(flagged.refundNeeded).toBe(true)

        const refunded = await orderMoves(store.orders, clock).markRefunded(cancelled.id, {
          by: STAFF,
          at: minutes(20),
        })
        expect(refunded).toMatchObject({
          status: 'cancelled',
          refundNeeded: false,
          pfPaymentId: '777',
          updatedAt: minutes(20),
        })
        expect(refunded.history).toEqual([
          ...flagged.history,
          { status: 'cancelled', at: minutes(20), note: REFUNDED_NOTE, by: STAFF },
        ])
        expect(await store.orders.get(cancelled.id)).toEqual(refunded)
        expect(await store.orders.listRefundNeeded()).toEqual([])

        await expect(
          orderMoves(store.orders, clock).markRefunded(cancelled.id, {
            by: OTHER_STAFF,
            at: minutes(21),
          }),
        ).rejects.toBeInstanceOf(InvalidTransitionError)
        expect(await store.orders.get(cancelled.id)).toEqual(refunded)
        const paid = await orderIn('paid')
        await expect(
          orderMoves(store.orders, clock).markRefunded(paid.id, { by: STAFF, at: minutes(21) }),
        ).rejects.toBeInstanceOf(InvalidTransitionError)
        expect(await store.orders.get(paid.id)).toEqual(paid)
        await expect(
          orderMoves(store.orders, clock).markRefunded('NOSUCHORDER1', {
            by: STAFF,
            at: minutes(21),
          }),
        ).rejects.toThrow()
      })

      it('marks a second payment on a delivered order refunded: the flag goes, the status stays', async () => {
        const delivered = await orderIn('delivered')
        const { order: flagged } = await orderMoves(store.orders, clock).flagLatePayment(
          delivered.id,
          {
            at: minutes(10),
            pfPaymentId: '901',
          },
        )
        expect(flagged).toMatchObject({ status: 'delivered', refundNeeded: true })
        expect((await store.orders.listRefundNeeded()).map((o) => o.id)).toEqual([delivered.id])

        const refunded = await orderMoves(store.orders, clock).markRefunded(delivered.id, {
          by: STAFF,
          at: minutes(20),
        })
        expect(refunded).toMatchObject({ status: 'delivered', refundNeeded: false })
        expect(refunded.history.at(-1)).toEqual({
          status: 'delivered',
          at: minutes(20),
          note: REFUNDED_NOTE,
          by: STAFF,
        })
        expect(await store.orders.listRefundNeeded()).toEqual([])
      })
    })

    describe('contact messages', () => {
      /** Message `n`, sent at minute `n` (the store's clock set there first). */
      const send = (n: number) => {
        clock.set(minutes(n))
        return store.messages.create({
          name: `Sender ${n}`,
          email: `sender${n}@example.co.za`,
          subject: 'Delivery',
          message: `Message ${n}`,
          ip: '127.0.0.1',
        })
      }

      it('stores new messages unhandled and pages them newest first', async () => {
        const sent = []
        for (let n = 1; n <= 4; n += 1) sent.push(await send(n))
        expect(sent[0]).toMatchObject({ handledAt: null, handledBy: null, createdAt: minutes(1) })
        const newestFirst = [...sent].reverse()

        expect(await store.messages.page({ offset: 0, limit: 3 })).toEqual({
          items: newestFirst.slice(0, 3),
          total: 4,
        })
        expect(await store.messages.page({ offset: 3, limit: 3 })).toEqual({
          items: newestFirst.slice(3),
          total: 4,
        })
        expect(await store.messages.countUnhandled()).toBe(4)
        expect(await store.messages.list()).toEqual(newestFirst)
      })

      it('marks a message handled once: the first staff member and time stay', async () => {
        const [m1, m2, m3] = [await send(1), await send(2), await send(3)]
        clock.set(minutes(10))
        const handled = await store.messages.markHandled(m2!.id, { by: STAFF })
        expect(handled).toEqual({ ...m2, handledAt: minutes(10), handledBy: STAFF })

        clock.set(minutes(11))
        const again = await store.messages.markHandled(m2!.id, { by: OTHER_STAFF })
        expect(again).toEqual(handled)

        expect(await store.messages.countUnhandled()).toBe(2)
        expect(await store.messages.page({ offset: 0, limit: 10, unhandled: true })).toEqual({
          items: [m3, m1],
          total: 2,
        })
        expect(await store.messages.page({ offset: 1, limit: 1, unhandled: true })).toEqual({
          items: [m1],
          total: 2,
        })
        // Every message stays in the full list, handled or not.
        expect(await store.messages.page({ offset: 0, limit: 10 })).toEqual({
          items: [m3, handled, m1],
          total: 3,
        })
        clock.set(minutes(12))
        expect(await store.messages.markHandled('no-such-message', { by: STAFF })).toBeNull()
        expect(await store.messages.countUnhandled()).toBe(2)
      })
    })
  })
}
