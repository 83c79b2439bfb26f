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
import type { PayfastRefundRequest } from '~/lib/payfast/refunds.server'

import { moveOrder } from './move.server'
import type { RefundRequest } from './refunds'
import { refundLatePayment, refundOrder, type RefundDeps } from './refunds.server'

/**
 * Refunds on a real store (each adapter's *.contract.test.ts runs it): PayFast is asked once per
 * refund key and the refund recorded once, with its status, history line, restock, gift card and
 * store credit, and mail; never more than paid; a failed PayFast call changes nothing.
 */

const PAID_AT = '2026-03-01T08:00:00.000Z'
const LATER = '2026-03-04T08:00:00.000Z'
const STAFF = 'nomsa@shop.example.co.za'
const MAIL: MailContext = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' }

let seq = 0
const newOrderId = () => `RF${Date.now().toString(36).toUpperCase()}${(seq++).toString(36)}`

export function describeRefundsContract(name: string, harness: ContractHarness): void {
  describe(`refunds: ${name}`, () => {
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

    /** A paid order of 3 tea and 2 jam by an account; `how` pays part by card or credit. */
    async function paidOrder(
      how: { giftCards?: { code: string; amountCents: number }[]; storeCreditCents?: number } = {},
    ): Promise<Order> {
      clock.set(PAID_AT)
      const placed = await store.orders.place(
        {
          ...draft(
            [
              { productId: 'tea', quantity: 3 },
              { productId: 'jam', quantity: 2, unitPriceCents: 5_000 },
            ],
            'user-1',
          ),
          ...how,
        },
        newOrderId(),
      )
      const paid = await moveOrder({ orders: store.orders }, placed.id, {
        move: 'pay',
        pfPaymentId: '1124148',
      })
      expect(paid.outcome).toBe('moved')
      clock.set(LATER)
      return (await store.orders.get(placed.id))!
    }

    function payfast(answer: 'ok' | 'refuse' = 'ok') {
      const calls: PayfastRefundRequest[] = []
      const deps: RefundDeps = {
        store,
        mail: MAIL,
        log: { error: () => {}, warn: () => {} },
        payfast: async (request) => {
          calls.push(request)
          return answer === 'ok'
            ? { ok: true, reference: `pf-${calls.length}` }
            : { ok: false, message: 'PayFast refused the refund (HTTP 400)' }
        },
      }
      return { calls, deps }
    }
    const ask = (over: Partial<RefundRequest>): RefundRequest => ({
      key: 'key-1',
      amountCents: 1_000,
      reason: 'Damaged in transit',
      restock: [],
      cardTo: 'card',
      by: STAFF,
      ...over,
    })
    const stockOf = async (id: string) => (await store.products.get(id))?.stock
    const mailKeys = async (orderId: string) =>
      (await store.outbox.list({ orderId, offset: 0, limit: 50 })).items
        .map((m) => m.key)
        .filter((k) => k.startsWith('refund:'))

    it('refunds part through PayFast once per key: status, history, restock of the lines chosen, one mail', async () => {
      const order = await paidOrder()
      const { calls, deps } = payfast()
      const jamBefore = await stockOf('jam')
      const first = await refundOrder(
        deps,
        order.id,
        ask({ amountCents: 10_000, restock: ['jam'] }),
      )
      expect(first).toMatchObject({ ok: true, repeated: false })
      // A double submit of the same form: PayFast is not asked again, nothing is recorded twice.
      const again = await refundOrder(
        deps,
        order.id,
        ask({ amountCents: 10_000, restock: ['jam'] }),
      )
      expect(again).toMatchObject({ ok: true, repeated: true })
      expect(calls).toEqual([
        { pfPaymentId: '1124148', amountCents: 10_000, reason: 'Damaged in transit' },
      ])
      const after = (await store.orders.get(order.id))!
      expect(after.status).toBe('partially_refunded')
      expect(after.refunds).toEqual([
        expect.objectContaining({
          id: 'key-1',
          amountCents: 10_000,
          payfastCents: 10_000,
          payfastReference: 'pf-1',
          by: STAFF,
          at: LATER,
          restocked: [{ variantId: 'jam', quantity: 2 }],
          // The credit note adjusting the order's tax invoice, numbered in the refund's transaction.
          creditNote: { number: expect.stringMatching(/^CN-\d{6}$/), issuedAt: LATER },
        }),
      ])
      expect(after.history.at(-1)).toMatchObject({
        status: 'partially_refunded',
        by: STAFF,
        note: expect.stringContaining('Damaged in transit'),
      })
      expect(await stockOf('jam')).toBe(jamBefore! + 2)
      expect(await mailKeys(order.id)).toEqual([`refund:${order.id}:key-1`])
    })

    it('several refunds up to the total make it refunded; more is refused and changes nothing', async () => {
      const order = await paidOrder()
      const { calls, deps } = payfast()
      const rest = order.totalCents - 1_000
      expect((await refundOrder(deps, order.id, ask({ key: 'a', amountCents: 1_000 }))).ok).toBe(
        true,
      )
      const over = await refundOrder(deps, order.id, ask({ key: 'b', amountCents: rest + 1 }))
      expect(over).toMatchObject({ ok: false, field: 'amount' })
      expect(calls).toHaveLength(1)
      expect((await refundOrder(deps, order.id, ask({ key: 'c', amountCents: rest }))).ok).toBe(
        true,
      )
      const after = (await store.orders.get(order.id))!
      expect(after.status).toBe('refunded')
      expect(after.refunds.map((r) => r.amountCents)).toEqual([1_000, rest])
      // One credit note each, numbered in order without gaps.
      const [a, c] = after.refunds.map((r) => Number(r.creditNote?.number.slice(3)))
      expect(c).toBe(a! + 1)
      const none = await refundOrder(deps, order.id, ask({ key: 'd', amountCents: 1 }))
      expect(none).toMatchObject({ ok: false })
      expect(calls).toHaveLength(2)
    })

    it('a PayFast refusal records nothing and says why', async () => {
      const order = await paidOrder()
      const { deps } = payfast('refuse')
      const result = await refundOrder(deps, order.id, ask({ restock: ['tea'] }))
      expect(result).toMatchObject({ ok: false, message: 'PayFast refused the refund (HTTP 400)' })
      const after = (await store.orders.get(order.id))!
      expect(after.status).toBe('paid')
      expect(after.refunds).toEqual([])
      expect(after.history).toEqual(order.history)
      expect(await stockOf('tea')).toBe(100 - 3)
      expect(await mailKeys(order.id)).toEqual([])
    })

    it('the gift card part goes back to the card, the store credit part as store credit', async () => {
      const card = await store.giftCards.issue(
        { amountCents: 20_000, issuedTo: null, message: null, note: null },
        null,
      )
      await store.storeCredit.grant('user-1', 3_000, { by: STAFF, note: 'Goodwill' })
      const order = await paidOrder({
        giftCards: [{ code: card.code, amountCents: 5_000 }],
        storeCreditCents: 3_000,
      })
      const { calls, deps } = payfast()
      const payfastPart = order.totalCents - 8_000
      const result = await refundOrder(deps, order.id, ask({ amountCents: order.totalCents }))
      expect(result).toMatchObject({
        ok: true,
        refund: {
          payfastCents: payfastPart,
          giftCardCents: 5_000,
          storeCreditCents: 3_000,
        },
      })
      expect(calls.map((c) => c.amountCents)).toEqual([payfastPart])
      expect((await store.giftCards.get(card.id))?.balanceCents).toBe(20_000)
      expect((await store.storeCredit.get('user-1')).balanceCents).toBe(3_000)
      expect((await store.orders.get(order.id))?.status).toBe('refunded')
    })

    it('a late payment for a cancelled order is refunded through PayFast for that payment, once', async () => {
      clock.set(PAID_AT)
      const placed = await store.orders.place(
        draft([{ productId: 'tea', quantity: 1 }], null),
        newOrderId(),
      )
      const deps0 = { orders: store.orders }
      expect((await moveOrder(deps0, placed.id, { move: 'cancel' })).outcome).toBe('moved')
      const flag = { move: 'flag-payment', pfPaymentId: '555' } as const
      expect((await moveOrder(deps0, placed.id, flag)).outcome).toBe('moved')
      const { calls, deps } = payfast()
      const result = await refundLatePayment(deps, placed.id, STAFF)
      expect(result.ok).toBe(true)
      expect(calls).toEqual([
        expect.objectContaining({ pfPaymentId: '555', amountCents: placed.totalCents }),
      ])
      const after = (await store.orders.get(placed.id))!
      expect(after.refundNeeded).toBe(false)
      expect(after.status).toBe('cancelled')
      expect(after.history.at(-1)?.note).toContain(
        'payment refunded through PayFast (pf_payment_id 555',
      )
      // Not waiting any more: a second press asks PayFast nothing.
      expect((await refundLatePayment(deps, placed.id, STAFF)).ok).toBe(false)
      expect(calls).toHaveLength(1)
    })

    it('a late payment PayFast refuses to refund stays flagged', async () => {
      clock.set(PAID_AT)
      const placed = await store.orders.place(
        draft([{ productId: 'tea', quantity: 1 }], null),
        newOrderId(),
      )
      const deps0 = { orders: store.orders }
      await moveOrder(deps0, placed.id, { move: 'cancel' })
      await moveOrder(deps0, placed.id, { move: 'flag-payment', pfPaymentId: '556' })
      const { deps } = payfast('refuse')
      expect(await refundLatePayment(deps, placed.id, STAFF)).toEqual({
        ok: false,
        message: 'PayFast refused the refund (HTTP 400)',
      })
      expect((await store.orders.get(placed.id))?.refundNeeded).toBe(true)
    })

    it('staff may give the gift card part as store credit instead', async () => {
      const card = await store.giftCards.issue(
        { amountCents: 5_000, issuedTo: null, message: null, note: null },
        null,
      )
      const order = await paidOrder({ giftCards: [{ code: card.code, amountCents: 5_000 }] })
      const { deps } = payfast()
      const result = await refundOrder(
        deps,
        order.id,
        ask({ amountCents: order.totalCents, cardTo: 'store-credit' }),
      )
      expect(result).toMatchObject({
        ok: true,
        refund: { giftCardCents: 0, storeCreditCents: 5_000 },
      })
      expect((await store.giftCards.get(card.id))?.balanceCents).toBe(0)
      expect((await store.storeCredit.get('user-1')).balanceCents).toBe(5_000)
    })
  })
}
