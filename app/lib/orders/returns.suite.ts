import { describe, expect, it } from 'vitest'

import {
  draft,
  manualClock,
  product,
  type ContractHarness,
  storePerTest,
} from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import type { MailContext } from '~/lib/mail/messages.server'

import { moveOrder } from './move.server'
import { requestReturn, staffReturnMove } from './returns.server'

/**
 * A return's moves on a real store (each adapter's *.contract.test.ts runs it): the buyer's request
 * within the window, staff's decisions, the restock of the lines chosen, store credit, each with
 * its order-history line and its mail, and two people deciding one return at once: one wins.
 */

const PAID_AT = '2026-03-01T08:00:00.000Z'
const DELIVERED_AT = '2026-03-03T12:00:00.000Z'
const STAFF = 'nomsa@shop.example.co.za'
const MAIL: MailContext = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' }
const days = (n: number) => new Date(Date.parse(DELIVERED_AT) + n * 86_400_000).toISOString()

let seq = 0
const newOrderId = () => `RT${Date.now().toString(36).toUpperCase()}${(seq++).toString(36)}`

export function describeReturnsContract(name: string, harness: ContractHarness): void {
  describe(`returns: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(PAID_AT)
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([
        product('tea', { stock: 100 }),
        product('jam', { stock: 50, priceCents: 5_000 }),
      ])
      return store
    })

    /** A delivered order of 3 tea and 2 jam, bought by an account. */
    async function deliveredOrder(): Promise<Order> {
      clock.set(PAID_AT)
      const placed = await store.orders.place(
        draft(
          [
            { productId: 'tea', quantity: 3 },
            { productId: 'jam', quantity: 2, unitPriceCents: 5_000 },
          ],
          'user-1',
        ),
        newOrderId(),
      )
      const deps = { orders: store.orders }
      for (const step of [
        { move: 'pay', pfPaymentId: '1' },
        { move: 'ship', shipment: { courier: 'The Courier Guy', trackingNumber: 'TCG-1' } },
      ] as const) {
        expect((await moveOrder(deps, placed.id, step)).outcome).toBe('moved')
      }
      clock.set(DELIVERED_AT)
      expect((await moveOrder(deps, placed.id, { move: 'deliver' })).outcome).toBe('moved')
      return (await store.orders.get(placed.id))!
    }
    const stockOf = async (id: string) => (await store.products.get(id))?.stock
    const mailKeys = async (orderId: string) =>
      (await store.outbox.list({ orderId, offset: 0, limit: 50 })).items.map((m) => m.key).sort()
    const staff = async (orderId: string, form: Parameters<typeof staffReturnMove>[2]) =>
      staffReturnMove(store, (await store.orders.get(orderId))!, form, STAFF, MAIL)

    it('walks a return from request to store credit: history, restock of the lines chosen, one mail a step', async () => {
      const order = await deliveredOrder()
      clock.set(days(5))
      const asked = await requestReturn(
        store,
        order.id,
        {
          key: 'return-key-1',
          lines: [
            { variantId: 'tea', quantity: 2 },
            { variantId: 'jam', quantity: 1 },
          ],
          reason: 'damaged',
          note: 'The lid was dented',
        },
        { windowDays: 30, mail: MAIL },
      )
      expect(asked).toMatchObject({ ok: true, repeated: false, ret: { id: 'R1' } })
      // A double submit of the same form asks once.
      const again = await requestReturn(
        store,
        order.id,
        {
          key: 'return-key-1',
          lines: [{ variantId: 'tea', quantity: 1 }],
          reason: 'damaged',
          note: null,
        },
        { windowDays: 30, mail: MAIL },
      )
      expect(again).toMatchObject({ ok: true, repeated: true })

      expect(
        await staff(order.id, {
          intent: 'return-approve',
          returnId: 'R1',
          message: 'Post it to us',
        }),
      ).toEqual({
        ok: true,
        done: 'Return R1 approved, the buyer mailed',
      })
      const teaBefore = await stockOf('tea')
      const jamBefore = await stockOf('jam')
      clock.set(days(9))
      expect(
        await staff(order.id, { intent: 'return-received', returnId: 'R1', restock: ['tea'] }),
      ).toMatchObject({ ok: true })
      expect(await stockOf('tea')).toBe(teaBefore! + 2)
      expect(await stockOf('jam')).toBe(jamBefore)

      expect(
        await staff(order.id, {
          intent: 'return-credit',
          returnId: 'R1',
          amount: 2 * 12_900 + 5_000,
        }),
      ).toMatchObject({ ok: true })
      // A second click grants nothing more.
      expect(
        await staff(order.id, {
          intent: 'return-credit',
          returnId: 'R1',
          amount: 2 * 12_900 + 5_000,
        }),
      ).toMatchObject({ ok: true })
      expect((await store.storeCredit.get('user-1')).balanceCents).toBe(2 * 12_900 + 5_000)

      const stored = (await store.orders.get(order.id))!
      expect(stored.status).toBe('delivered')
      expect(stored.returns).toHaveLength(1)
      expect(stored.returns[0]).toMatchObject({
        id: 'R1',
        key: 'return-key-1',
        reason: 'damaged',
        note: 'The lid was dented',
        state: 'refunded',
        staffMessage: 'Post it to us',
        restocked: [{ variantId: 'tea', quantity: 2 }],
        refundedAs: 'store-credit',
        refundedCents: 2 * 12_900 + 5_000,
        requestedAt: days(5),
      })
      expect(stored.returns[0]!.history.map((h) => [h.state, h.at, h.by])).toEqual([
        ['requested', days(5), null],
        ['approved', days(5), STAFF],
        ['received', days(9), STAFF],
        ['refunded', days(9), STAFF],
      ])
      expect(stored.history.slice(-4).map((h) => [h.status, h.note, h.by])).toEqual([
        [
          'delivered',
          expect.stringMatching(/^Return R1 requested: 2 × Product tea, 1 × Product jam/),
          null,
        ],
        ['delivered', 'Return R1 approved: Post it to us', STAFF],
        ['delivered', 'Return R1 received; back in stock: 2 × Product tea', STAFF],
        ['delivered', expect.stringMatching(/^Return R1 paid back as R/), STAFF],
      ])
      expect(await mailKeys(order.id)).toEqual(
        [
          `return-requested:${order.id}:R1`,
          `return-requested:${order.id}:R1:shop`,
          `return-approved:${order.id}:R1`,
          `return-received:${order.id}:R1`,
          `return-refunded:${order.id}:R1`,
        ].sort(),
      )
      const mail = await store.outbox.get(`return-approved:${order.id}:R1`)
      expect(mail).toMatchObject({ to: order.email, orderId: order.id })
      expect(mail!.text).toContain('Message from the shop: Post it to us')
      expect(mail!.text).toContain(`https://shop.example.co.za/orders/${order.id}?key=`)
      // The shop hears of the request, with the order in the back office; replies go to the buyer.
      const shopCopy = await store.outbox.get(`return-requested:${order.id}:R1:shop`)
      expect(shopCopy).toMatchObject({
        replyTo: order.email,
        subject: `Return R1 requested for order ${order.id}`,
      })
      expect(shopCopy!.text).toContain(`https://shop.example.co.za/admin/orders/${order.id}`)
      expect(shopCopy!.text).toContain('The lid was dented')
    })

    it('refuses a request after the window, by the store’s clock, and writes nothing', async () => {
      const order = await deliveredOrder()
      clock.set(days(31))
      const late = await requestReturn(
        store,
        order.id,
        {
          key: null,
          lines: [{ variantId: 'tea', quantity: 1 }],
          reason: 'changed-mind',
          note: null,
        },
        { windowDays: 30, mail: MAIL },
      )
      expect(late).toMatchObject({
        ok: false,
        message: 'The 30-day return window closed on 2026-04-02',
      })
      expect((await store.orders.get(order.id))!.returns).toEqual([])
      expect(await mailKeys(order.id)).toEqual([])
    })

    it('judges two requests for the same units one after the other: the second is refused', async () => {
      const order = await deliveredOrder()
      clock.set(days(1))
      const ask = (key: string) =>
        requestReturn(
          store,
          order.id,
          { key, lines: [{ variantId: 'tea', quantity: 3 }], reason: 'wrong-size', note: null },
          { windowDays: 30, mail: MAIL },
        )
      const results = await Promise.all([ask('first-key-1'), ask('second-key')])
      expect(results.filter((r) => r.ok)).toHaveLength(1)
      expect(results.find((r) => !r.ok)).toMatchObject({
        message: 'Product tea is already being returned',
      })
      expect((await store.orders.get(order.id))!.returns).toHaveLength(1)
    })

    it('lets one of two staff deciding at once win: approve or decline, never both', async () => {
      const order = await deliveredOrder()
      clock.set(days(1))
      await requestReturn(
        store,
        order.id,
        {
          key: null,
          lines: [{ variantId: 'jam', quantity: 2 }],
          reason: 'other',
          note: 'Too sweet',
        },
        { windowDays: 30, mail: MAIL },
      )
      const results = await Promise.all([
        staff(order.id, { intent: 'return-approve', returnId: 'R1', message: null }),
        staff(order.id, {
          intent: 'return-decline',
          returnId: 'R1',
          message: 'Opened jars go back only when faulty',
        }),
      ])
      expect(results.filter((r) => r.ok)).toHaveLength(1)
      expect(results.find((r) => !r.ok)).toMatchObject({
        message: expect.stringMatching(
          /^Return R1 is (approved|declined): it cannot be (declined|approved) now$/,
        ),
      })
      const stored = (await store.orders.get(order.id))!
      expect(stored.returns[0]!.history).toHaveLength(2)
      const keys = await mailKeys(order.id)
      expect(
        keys.filter((k) => k.startsWith('return-approved') || k.startsWith('return-declined')),
      ).toHaveLength(1)
    })
  })
}
