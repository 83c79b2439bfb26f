import { describe, expect, it } from 'vitest'

import { orderMoves } from '~/lib/orders/orders.test-helper'
import { formatGiftCardCode, isGiftCardCode } from '~/lib/promotions/gift-cards'
import type { BalanceEntry, GiftCard } from '~/lib/promotions/types'

import { draft, manualClock, product, storePerTest, type ContractHarness } from './contract.suite'
import { InsufficientBalanceError, OutOfStockError, type Store } from './store'
import type { OrderDraft, OutboxDraft } from './types'

/**
 * Gift cards and store credit in the store (docs/contracts.md "Promotions and gift cards"): issued
 * with a random code, a card's or a customer's balance held in the transaction that places the
 * order, spent when it is paid and given back when it expires, is cancelled or fails, never below
 * zero under concurrency, every change a line of its history. Runs with the same harness as
 * contract.suite.ts.
 */

const T0 = '2025-12-01T08:00:00.000Z'
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString()
const STAFF = 'nomsa@shop.example.co.za'

/** An order of one biltong (R 129,00 + R 99,00 delivery = R 228,00) paid partly by cards and credit. */
function paying(
  how: { giftCards?: { code: string; amountCents: number }[]; storeCreditCents?: number },
  userId: string | null = null,
): OrderDraft {
  return { ...draft([{ productId: 'biltong', quantity: 1 }], userId), ...how }
}

const issue = (
  amountCents: number,
  more: Partial<Parameters<Store['giftCards']['issue']>[0]> = {},
) => ({
  amountCents,
  issuedTo: null,
  message: null,
  note: null,
  ...more,
})

let seq = 0
const newOrderId = () =>
  `GC${Date.now().toString(36).toUpperCase()}${(seq++).toString().padStart(4, '0')}`

/** A balance's history adds up: what was put on, less what was spent, is the balance now. */
function balanceOf(entries: readonly BalanceEntry[]) {
  const sum = (kinds: BalanceEntry['kind'][]) =>
    entries.filter((e) => kinds.includes(e.kind)).reduce((total, e) => total + e.amountCents, 0)
  return {
    balance: sum(['issued', 'credited', 'spent', 'adjusted']),
    held: sum(['held', 'released', 'spent']),
  }
}

export function describeGiftCardsContract(name: string, harness: ContractHarness): void {
  describe(`gift cards and store credit contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    const stock = async () => (await store.products.get('biltong'))!.stock
    const place = (input: OrderDraft, id = newOrderId()) => store.orders.place(input, id)
    const moves = () => orderMoves(store.orders, clock)
    const card = async (id: string) => (await store.giftCards.get(id))!

    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([product('biltong', { stock: 100 })])
      return store
    })

    describe('issuing', () => {
      it('issues a card with a fresh 16-character code, found by it as a shopper types it', async () => {
        const issued = await store.giftCards.issue(
          issue(50_000, {
            issuedTo: 'lerato@example.co.za',
            message: 'Happy birthday!',
            note: 'Competition prize',
          }),
          STAFF,
        )
        expect(isGiftCardCode(issued.code)).toBe(true)
        expect(issued).toEqual({
          id: issued.id,
          code: issued.code,
          initialCents: 50_000,
          balanceCents: 50_000,
          heldCents: 0,
          issuedTo: 'lerato@example.co.za',
          message: 'Happy birthday!',
          note: 'Competition prize',
          orderId: null,
          issuedBy: STAFF,
          active: true,
          createdAt: T0,
          updatedAt: T0,
        })
        expect(await store.giftCards.get(issued.id)).toEqual(issued)
        const typed = formatGiftCardCode(issued.code).toLowerCase().replace(/-/g, ' - ')
        expect(await store.giftCards.getByCode(typed)).toEqual(issued)
        expect(await store.giftCards.getByCode('AAAAAAAAAAAAAAAA')).toBeNull()
        expect(await store.giftCards.getByCode('not a code')).toBeNull()
        expect(await store.giftCards.history(issued.id)).toEqual([
          {
            at: T0,
            kind: 'issued',
            amountCents: 50_000,
            orderId: null,
            by: STAFF,
            note: 'Competition prize',
          },
        ])
        expect(await store.giftCards.history('no-such-card')).toEqual([])
        const other = await store.giftCards.issue(issue(25_000, { orderId: 'ORDERPAID001' }), null)
        expect(other.code).not.toBe(issued.code)
        expect(other).toMatchObject({ orderId: 'ORDERPAID001', issuedBy: null })
      })

      it('writes the mail with the code in the same step', async () => {
        const mail = (c: GiftCard): OutboxDraft[] => [
          {
            key: `gift-card:${c.id}`,
            to: c.issuedTo!,
            replyTo: null,
            subject: 'Your gift card',
            text: `Your code: ${formatGiftCardCode(c.code)}`,
            html: `<p>Your code: ${formatGiftCardCode(c.code)}</p>`,
            orderId: null,
          },
        ]
        const issued = await store.giftCards.issue(
          issue(10_000, { issuedTo: 'a@example.co.za' }),
          STAFF,
          mail,
        )
        expect(await store.outbox.get(`gift-card:${issued.id}`)).toMatchObject({
          to: 'a@example.co.za',
          text: `Your code: ${formatGiftCardCode(issued.code)}`,
          status: 'pending',
        })
      })

      it('issues one card per key, however often and however many at once: a repeat mails nothing', async () => {
        let mails = 0
        const mail = (c: GiftCard): OutboxDraft[] => {
          mails += 1
          return [
            {
              key: `gift-card:${c.id}`,
              to: 'buyer@example.co.za',
              replyTo: null,
              subject: 'Your gift card',
              text: formatGiftCardCode(c.code),
              html: `<p>${formatGiftCardCode(c.code)}</p>`,
              orderId: 'ORDERPAID001',
            },
          ]
        }
        const keyed = (key: string, amountCents = 25_000) =>
          store.giftCards.issue(
            issue(amountCents, { orderId: 'ORDERPAID001', issuedTo: 'buyer@example.co.za', key }),
            null,
            mail,
          )
        const first = await keyed('order:ORDERPAID001:line:0:unit:1')
        clock.set(minutes(5))
        const again = await keyed('order:ORDERPAID001:line:0:unit:1', 99_900)
        expect(again).toEqual(first)
        expect(mails).toBe(1)
        const racing = await Promise.all(
          Array.from({ length: 20 }, () => keyed('order:ORDERPAID001:line:0:unit:2')),
        )
        expect(new Set(racing.map((c) => c.id)).size).toBe(1)
        expect(new Set(racing.map((c) => c.code)).size).toBe(1)
        const cards = await store.giftCards.list({ offset: 0, limit: 50 })
        expect(cards.total).toBe(2)
        expect(await store.giftCards.history(first.id)).toHaveLength(1)
        const outbox = await store.outbox.list({ offset: 0, limit: 50, orderId: 'ORDERPAID001' })
        expect(outbox.total).toBe(2)
      })

      it('refuses an amount that is not whole cents above 0', async () => {
        for (const amountCents of [0, -100, 10.5, Number.NaN]) {
          await expect(store.giftCards.issue(issue(amountCents), STAFF)).rejects.toThrow(RangeError)
        }
        expect((await store.giftCards.list({ offset: 0, limit: 10 })).total).toBe(0)
      })

      it('lists cards newest first, a page at a time', async () => {
        const made: GiftCard[] = []
        for (let i = 0; i < 3; i++) {
          clock.set(minutes(i))
          made.push(await store.giftCards.issue(issue(10_000 * (i + 1)), STAFF))
        }
        const page = await store.giftCards.list({ offset: 1, limit: 5 })
        expect(page).toEqual({ total: 3, items: [made[1], made[0]] })
      })
    })

    describe('paying with a card', () => {
      it('holds the amount as the order is placed, and spends it when paid', async () => {
        const gift = await store.giftCards.issue(issue(15_000), STAFF)
        clock.set(minutes(1))
        const order = await place(
          paying({
            giftCards: [{ code: formatGiftCardCode(gift.code).toLowerCase(), amountCents: 15_000 }],
          }),
          'ORDERCARD001',
        )
        expect(order.giftCards).toEqual([
          { giftCardId: gift.id, code: gift.code, amountCents: 15_000 },
        ])
        expect(await store.orders.get(order.id)).toEqual(order)
        expect(await card(gift.id)).toMatchObject({
          balanceCents: 15_000,
          heldCents: 15_000,
          updatedAt: minutes(1),
        })
        // Held in full: a second order cannot use it.
        const error = await place(
          paying({ giftCards: [{ code: gift.code, amountCents: 100 }] }),
        ).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(InsufficientBalanceError)
        expect((error as InsufficientBalanceError).shortfalls).toEqual([
          { source: 'gift_card', code: gift.code, requestedCents: 100, availableCents: 0 },
        ])

        await moves().transition(order.id, 'paid', { pfPaymentId: '1', at: minutes(3) })
        expect(await card(gift.id)).toMatchObject({
          balanceCents: 0,
          heldCents: 0,
          updatedAt: minutes(3),
        })
        expect(await store.giftCards.history(gift.id)).toEqual([
          expect.objectContaining({ kind: 'issued', amountCents: 15_000 }),
          {
            at: minutes(1),
            kind: 'held',
            amountCents: 15_000,
            orderId: 'ORDERCARD001',
            by: null,
            note: null,
          },
          {
            at: minutes(3),
            kind: 'spent',
            amountCents: -15_000,
            orderId: 'ORDERCARD001',
            by: null,
            note: null,
          },
        ])
      })

      for (const [how, settle] of [
        ['is cancelled', (id: string) => moves().transition(id, 'cancelled', { at: minutes(5) })],
        ['fails', (id: string) => moves().transition(id, 'payment_failed', { at: minutes(5) })],
        ['expires', async () => void (await moves().expirePending(minutes(1), minutes(31)))],
      ] as const) {
        it(`gives the card and the store credit back when the unpaid order ${how}`, async () => {
          const gift = await store.giftCards.issue(issue(10_000), STAFF)
          await store.storeCredit.grant('u1', 5_000, { by: STAFF, note: 'Instead of a refund' })
          const order = await place(
            paying(
              { giftCards: [{ code: gift.code, amountCents: 10_000 }], storeCreditCents: 5_000 },
              'u1',
            ),
          )
          expect(await store.storeCredit.get('u1')).toMatchObject({
            balanceCents: 5_000,
            heldCents: 5_000,
          })
          await settle(order.id)
          const at = clock.now().toISOString()
          expect(await card(gift.id)).toMatchObject({
            balanceCents: 10_000,
            heldCents: 0,
            updatedAt: at,
          })
          expect(await store.storeCredit.get('u1')).toEqual({
            userId: 'u1',
            balanceCents: 5_000,
            heldCents: 0,
            updatedAt: at,
          })
          expect(
            (await store.giftCards.history(gift.id)).map((e) => [e.kind, e.amountCents, e.orderId]),
          ).toEqual([
            ['issued', 10_000, null],
            ['held', 10_000, order.id],
            ['released', -10_000, order.id],
          ])
          expect(
            (await store.storeCredit.history('u1')).map((e) => [e.kind, e.amountCents]),
          ).toEqual([
            ['credited', 5_000],
            ['held', 5_000],
            ['released', -5_000],
          ])
          // The order still shows how it was to be paid; the money can pay another order.
          expect((await store.orders.get(order.id))?.giftCards).toEqual(order.giftCards)
          await place(
            paying(
              { giftCards: [{ code: gift.code, amountCents: 10_000 }], storeCreditCents: 5_000 },
              'u1',
            ),
          )
        }, 60_000)
      }

      it('refuses an unknown, cancelled or short card, and credit the customer lacks, placing nothing', async () => {
        const gift = await store.giftCards.issue(issue(5_000), STAFF)
        const cancelled = await store.giftCards.issue(issue(5_000), STAFF)
        clock.set(minutes(2))
        const off = await store.giftCards.setActive(cancelled.id, false, { by: STAFF })
        expect(off).toMatchObject({ active: false, updatedAt: minutes(2), balanceCents: 5_000 })
        expect(await store.giftCards.setActive(cancelled.id, false, { by: STAFF })).toEqual(off)
        await store.storeCredit.grant('u1', 1_000, { by: STAFF, note: null })
        const error = await place(
          paying(
            {
              giftCards: [
                { code: gift.code, amountCents: 5_001 },
                { code: cancelled.code, amountCents: 100 },
                { code: 'ZZZZZZZZZZZZZZZZ', amountCents: 100 },
              ],
              storeCreditCents: 1_001,
            },
            'u1',
          ),
        ).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(InsufficientBalanceError)
        expect((error as InsufficientBalanceError).shortfalls).toEqual([
          { source: 'gift_card', code: gift.code, requestedCents: 5_001, availableCents: 5_000 },
          { source: 'gift_card', code: cancelled.code, requestedCents: 100, availableCents: 0 },
          { source: 'gift_card', code: 'ZZZZZZZZZZZZZZZZ', requestedCents: 100, availableCents: 0 },
          { source: 'store_credit', code: null, requestedCents: 1_001, availableCents: 1_000 },
        ])
        // A customer who was never granted credit has none.
        await expect(place(paying({ storeCreditCents: 1 }, 'u2'))).rejects.toBeInstanceOf(
          InsufficientBalanceError,
        )
        expect(await stock()).toBe(100)
        expect((await store.orders.list({ offset: 0, limit: 10 })).total).toBe(0)
        expect(await card(gift.id)).toMatchObject({ balanceCents: 5_000, heldCents: 0 })
        expect(await store.storeCredit.get('u1')).toMatchObject({
          balanceCents: 1_000,
          heldCents: 0,
        })
        // Restored, the card pays again.
        await store.giftCards.setActive(cancelled.id, true, { by: STAFF })
        await place(paying({ giftCards: [{ code: cancelled.code, amountCents: 5_000 }] }))
        expect((await store.giftCards.history(cancelled.id)).map((e) => [e.kind, e.note])).toEqual([
          ['issued', null],
          ['adjusted', 'card cancelled'],
          ['adjusted', 'card restored'],
          ['held', null],
        ])
      })

      it('refuses payments that are not whole cents, credit for a guest, or more than the total', async () => {
        const gift = await store.giftCards.issue(issue(100_000), STAFF)
        await store.storeCredit.grant('u1', 100_000, { by: STAFF, note: null })
        const bad: OrderDraft[] = [
          paying({ giftCards: [{ code: gift.code, amountCents: 0 }] }),
          paying({ giftCards: [{ code: gift.code, amountCents: 10.5 }] }),
          paying({ storeCreditCents: -1 }, 'u1'),
          paying({ storeCreditCents: 100 }),
          // R 228,00 is the total.
          paying({ giftCards: [{ code: gift.code, amountCents: 22_801 }] }),
          paying(
            { giftCards: [{ code: gift.code, amountCents: 20_000 }], storeCreditCents: 2_801 },
            'u1',
          ),
          paying({
            giftCards: [
              { code: gift.code, amountCents: 100 },
              { code: formatGiftCardCode(gift.code), amountCents: 100 },
            ],
          }),
        ]
        for (const input of bad) await expect(place(input)).rejects.toThrow(RangeError)
        // A card and credit may pay the whole order.
        const whole = await place(
          paying(
            { giftCards: [{ code: gift.code, amountCents: 20_000 }], storeCreditCents: 2_800 },
            'u1',
          ),
        )
        expect(whole).toMatchObject({ totalCents: 22_800, storeCreditCents: 2_800 })
        expect(await stock()).toBe(99)
      })

      it('holds nothing for an order refused for its stock, nor twice for one checkout', async () => {
        const gift = await store.giftCards.issue(issue(10_000), STAFF)
        const short = paying({ giftCards: [{ code: gift.code, amountCents: 1_000 }] })
        await expect(
          place({ ...short, lines: [{ ...short.lines[0]!, quantity: 101 }] }),
        ).rejects.toBeInstanceOf(OutOfStockError)
        expect(await card(gift.id)).toMatchObject({ heldCents: 0 })
        const keyed = { ...short, checkoutKey: 'checkout-card' }
        const first = await place(keyed)
        expect(await place(keyed)).toEqual(first)
        expect(await card(gift.id)).toMatchObject({ heldCents: 1_000 })
        expect(await store.giftCards.history(gift.id)).toHaveLength(2)
      })

      it('never takes a card below zero under 20 concurrent orders; holds and spends add up', async () => {
        const gift = await store.giftCards.issue(issue(50_000), STAFF)
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, () =>
            place(paying({ giftCards: [{ code: gift.code, amountCents: 10_000 }] })),
          ),
        )
        const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        expect(placed).toHaveLength(5)
        for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientBalanceError)
        expect(await stock()).toBe(95)
        expect(await card(gift.id)).toMatchObject({ balanceCents: 50_000, heldCents: 50_000 })

        // Three are paid, two fail: R 300 spent, R 200 back on the card.
        for (const order of placed.slice(0, 3)) {
          await moves().transition(order.id, 'paid', { pfPaymentId: order.id })
        }
        for (const order of placed.slice(3)) await moves().transition(order.id, 'payment_failed')
        const after = await card(gift.id)
        expect(after).toMatchObject({ balanceCents: 20_000, heldCents: 0 })
        const history = await store.giftCards.history(gift.id)
        expect(history.filter((e) => e.kind === 'held')).toHaveLength(5)
        expect(history.filter((e) => e.kind === 'spent')).toHaveLength(3)
        expect(history.filter((e) => e.kind === 'released')).toHaveLength(2)
        expect(balanceOf(history)).toEqual({ balance: after.balanceCents, held: after.heldCents })
        expect(after.initialCents).toBe(
          after.balanceCents -
            history.filter((e) => e.kind === 'spent').reduce((s, e) => s + e.amountCents, 0),
        )
      }, 90_000)
    })

    describe('store credit', () => {
      it('grants credit to a customer, adding up, with its history', async () => {
        expect(await store.storeCredit.get('u1')).toMatchObject({
          userId: 'u1',
          balanceCents: 0,
          heldCents: 0,
        })
        expect(await store.storeCredit.history('u1')).toEqual([])
        const first = await store.storeCredit.grant('u1', 2_500, {
          by: STAFF,
          note: 'Late delivery',
        })
        expect(first).toEqual({ userId: 'u1', balanceCents: 2_500, heldCents: 0, updatedAt: T0 })
        clock.set(minutes(1))
        const second = await store.storeCredit.grant('u1', 1_000, {
          by: 'pieter@shop.example.co.za',
          note: null,
        })
        expect(second).toEqual({
          userId: 'u1',
          balanceCents: 3_500,
          heldCents: 0,
          updatedAt: minutes(1),
        })
        expect(await store.storeCredit.get('u1')).toEqual(second)
        expect(await store.storeCredit.history('u1')).toEqual([
          {
            at: T0,
            kind: 'credited',
            amountCents: 2_500,
            orderId: null,
            by: STAFF,
            note: 'Late delivery',
          },
          {
            at: minutes(1),
            kind: 'credited',
            amountCents: 1_000,
            orderId: null,
            by: 'pieter@shop.example.co.za',
            note: null,
          },
        ])
        expect((await store.storeCredit.get('u2')).balanceCents).toBe(0)
        for (const amount of [0, -5, 1.5]) {
          await expect(
            store.storeCredit.grant('u1', amount, { by: STAFF, note: null }),
          ).rejects.toThrow(RangeError)
        }
      })

      it('holds credit as the order is placed and spends it when paid; never below zero under 20 orders', async () => {
        await store.storeCredit.grant('u1', 10_000, { by: STAFF, note: null })
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, () => place(paying({ storeCreditCents: 3_000 }, 'u1'))),
        )
        const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
        expect(placed).toHaveLength(3)
        for (const r of results) {
          if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientBalanceError)
        }
        expect(await store.storeCredit.get('u1')).toMatchObject({
          balanceCents: 10_000,
          heldCents: 9_000,
        })
        for (const order of placed) {
          expect(order.storeCreditCents).toBe(3_000)
          await moves().transition(order.id, 'paid', { pfPaymentId: order.id })
        }
        expect(await store.storeCredit.get('u1')).toMatchObject({
          balanceCents: 1_000,
          heldCents: 0,
        })
        const history = await store.storeCredit.history('u1')
        expect(balanceOf(history)).toEqual({ balance: 1_000, held: 0 })
        expect(await stock()).toBe(97)
      }, 90_000)
    })
  })
}
