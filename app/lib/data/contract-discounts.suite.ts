import { describe, expect, it } from 'vitest'

import { orderMoves } from '~/lib/orders/orders.test-helper'
import { discountDraft, offerDraft } from '~/lib/promotions/promotions.test-helper'
import { discountLabel } from '~/lib/promotions/rules'
import type { AppliedDiscount, Discount, DiscountDraft } from '~/lib/promotions/types'

import { draft, manualClock, product, storePerTest, type ContractHarness } from './contract.suite'
import {
  DiscountUnavailableError,
  DuplicateDiscountCodeError,
  OutOfStockError,
  type Store,
} from './store'
import type { Order, OrderDraft } from './types'

/**
 * Discount codes and automatic offers in the store (docs/contracts.md "Promotions and gift
 * cards"): kept and found in any case, and their uses claimed in the transaction that places the
 * order and reserves its stock, given back when the order expires, is cancelled or fails, exact
 * under concurrency. Runs with the same harness as contract.suite.ts.
 */

const T0 = '2025-11-28T08:00:00.000Z'
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString()
const STAFF = { by: 'nomsa@shop.example.co.za' }

/** The discount's line on an order, as checkout snapshots it. */
const applied = (discount: Discount, amountCents: number): AppliedDiscount => ({
  discountId: discount.id,
  code: discount.code,
  kind: discount.kind,
  label: discountLabel(discount),
  amountCents,
  on: discount.kind === 'free_shipping' ? 'delivery' : 'items',
})

type Buyer = { userId?: string | null; email?: string }

/** One biltong (R 129,00) with the discount taking `amountCents` off the total. */
function discounted(
  discount: Discount,
  buyer: Buyer = {},
  amountCents = 1_290,
): OrderDraft & Pick<Order, 'discounts'> {
  const base = draft([{ productId: 'biltong', quantity: 1 }], buyer.userId ?? null)
  const totalCents = base.totalCents - amountCents
  return {
    ...base,
    email: buyer.email ?? base.email,
    discounts: [applied(discount, amountCents)],
    totalCents,
    vatCents: Math.round((totalCents * 15) / 115),
  }
}

let seq = 0
const newOrderId = () =>
  `DS${Date.now().toString(36).toUpperCase()}${(seq++).toString().padStart(4, '0')}`

export function describeDiscountsContract(name: string, harness: ContractHarness): void {
  describe(`discounts contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    const stock = async () => (await store.products.get('biltong'))!.stock
    const place = (input: OrderDraft, id = newOrderId()) => store.orders.place(input, id)
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      )

    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([product('biltong', { stock: 100 })])
      return store
    })

    describe('codes and offers', () => {
      it('keeps a code upper-case, with no uses yet, and finds it in any case', async () => {
        const created = await store.discounts.create(discountDraft({ code: ' save10 ' }), STAFF)
        expect(created).toEqual({
          ...discountDraft(),
          id: created.id,
          code: 'SAVE10',
          uses: 0,
          discountGivenCents: 0,
          createdAt: T0,
          updatedAt: T0,
        })
        expect(await store.discounts.get(created.id)).toEqual(created)
        for (const typed of ['SAVE10', 'save10', ' Save10 ']) {
          expect(await store.discounts.getByCode(typed)).toEqual(created)
        }
        expect(await store.discounts.getByCode('SAVE11')).toBeNull()
        expect(await store.discounts.getByCode('')).toBeNull()
        expect(await store.discounts.get('no-such-discount')).toBeNull()
      })

      it('refuses a code another discount has, in any case, and keeps the first', async () => {
        const first = await store.discounts.create(discountDraft(), STAFF)
        const error = await refusal(
          store.discounts.create(discountDraft({ code: 'Save10' }), STAFF),
        )
        expect(error).toBeInstanceOf(DuplicateDiscountCodeError)
        expect((error as DuplicateDiscountCodeError).code).toBe('SAVE10')
        const other = await store.discounts.create(discountDraft({ code: 'WINTER' }), STAFF)
        await expect(
          store.discounts.update(other.id, discountDraft({ code: 'save10' }), STAFF),
        ).rejects.toBeInstanceOf(DuplicateDiscountCodeError)
        expect(await store.discounts.getByCode('save10')).toEqual(first)
        expect(await store.discounts.getByCode('winter')).toEqual(other)
        expect((await store.discounts.list({ offset: 0, limit: 10 })).total).toBe(2)
      })

      it('updates the fields, moving the code, and keeps the uses and the creation time', async () => {
        const created = await store.discounts.create(discountDraft(), STAFF)
        await place(discounted(created))
        clock.set(minutes(10))
        const updated = await store.discounts.update(
          created.id,
          discountDraft({ code: 'SAVE15', value: 15, usageLimit: 100, minSpendCents: 50_000 }),
          { by: 'pieter@shop.example.co.za' },
        )
        expect(updated).toEqual({
          ...created,
          code: 'SAVE15',
          value: 15,
          usageLimit: 100,
          minSpendCents: 50_000,
          uses: 1,
          discountGivenCents: 1_290,
          updatedAt: minutes(10),
        })
        expect(await store.discounts.getByCode('SAVE15')).toEqual(updated)
        expect(await store.discounts.getByCode('SAVE10')).toBeNull()
        // The old code is free for another discount.
        const again = await store.discounts.create(discountDraft(), STAFF)
        expect(await store.discounts.getByCode('save10')).toEqual(again)
        expect(await store.discounts.update('no-such-discount', discountDraft(), STAFF)).toBeNull()
      })

      it('lists codes and offers newest first, a page at a time, with the total', async () => {
        const made: Discount[] = []
        for (const [i, code] of ['A-ONE', 'B-TWO', 'C-THREE'].entries()) {
          clock.set(minutes(i))
          made.push(await store.discounts.create(discountDraft({ code }), STAFF))
        }
        clock.set(minutes(3))
        made.push(await store.discounts.create(offerDraft(), STAFF))
        const first = await store.discounts.list({ offset: 0, limit: 3 })
        expect(first.total).toBe(4)
        expect(first.items.map((d) => d.code)).toEqual([null, 'C-THREE', 'B-TWO'])
        const second = await store.discounts.list({ offset: 3, limit: 3 })
        expect(second.items).toEqual([made[0]])
        await expect(store.discounts.list({ offset: -1, limit: 3 })).rejects.toThrow(RangeError)
      })

      it('keeps the provinces an offer is for, drops them when none are left, and refuses an unknown one', async () => {
        const gauteng = await store.discounts.create(
          offerDraft({
            kind: 'free_shipping',
            value: 0,
            minSpendCents: 600_00,
            scope: { categories: [], productIds: [], provinces: ['Gauteng', 'Gauteng'] },
          }),
          STAFF,
        )
        expect(gauteng.scope).toEqual({ categories: [], productIds: [], provinces: ['Gauteng'] })
        expect(await store.discounts.get(gauteng.id)).toEqual(gauteng)
        expect(await store.discounts.listAutomatic()).toContainEqual(gauteng)
        const anywhere = await store.discounts.update(
          gauteng.id,
          offerDraft({ kind: 'free_shipping', value: 0, minSpendCents: 600_00 }),
          STAFF,
        )
        expect(anywhere?.scope).toEqual({ categories: [], productIds: [] })
        expect((await store.discounts.get(gauteng.id))?.scope).toEqual({
          categories: [],
          productIds: [],
        })
        await expect(
          store.discounts.create(
            offerDraft({
              scope: {
                categories: [],
                productIds: [],
                provinces: ['Atlantis' as 'Gauteng'],
              },
            }),
            STAFF,
          ),
        ).rejects.toThrow(RangeError)
      })

      it('lists the automatic offers switched on, oldest first; switching is idempotent', async () => {
        const pantry = await store.discounts.create(
          offerDraft({
            kind: 'percent',
            value: 10,
            scope: { categories: ['pantry'], productIds: [] },
          }),
          STAFF,
        )
        clock.set(minutes(1))
        const delivery = await store.discounts.create(
          offerDraft({ kind: 'free_shipping', value: 0, minSpendCents: 60_000 }),
          STAFF,
        )
        await store.discounts.create(offerDraft({ active: false }), STAFF)
        await store.discounts.create(discountDraft(), STAFF)
        expect(await store.discounts.listAutomatic()).toEqual([pantry, delivery])

        clock.set(minutes(5))
        const off = await store.discounts.setActive(pantry.id, false, STAFF)
        expect(off).toEqual({ ...pantry, active: false, updatedAt: minutes(5) })
        clock.set(minutes(6))
        expect(await store.discounts.setActive(pantry.id, false, STAFF)).toEqual(off)
        expect(await store.discounts.listAutomatic()).toEqual([delivery])
        const on = await store.discounts.setActive(pantry.id, true, STAFF)
        expect(on).toEqual({ ...pantry, active: true, updatedAt: minutes(6) })
        expect(await store.discounts.setActive('no-such-discount', true, STAFF)).toBeNull()
      })

      it('refuses drafts the rules cannot take, and keeps nothing of them', async () => {
        const bad: Partial<DiscountDraft>[] = [
          { value: 0 },
          { value: 101 },
          { value: 12.5 },
          { kind: 'amount', value: 0 },
          { kind: 'amount', value: 10.5 },
          { code: null },
          { code: 'no spaces' },
          { code: 'AUTO', automatic: true },
          { usageLimit: 0 },
          { perCustomerLimit: -1 },
          { minSpendCents: -100 },
          { startsAt: '2025-12-02T00:00:00.000Z', endsAt: '2025-12-01T00:00:00.000Z' },
          { startsAt: 'tomorrow' },
        ]
        for (const more of bad) {
          await expect(
            store.discounts.create(discountDraft(more), STAFF),
            JSON.stringify(more),
          ).rejects.toThrow(RangeError)
        }
        expect((await store.discounts.list({ offset: 0, limit: 10 })).total).toBe(0)
        // Free delivery's value is 0 whatever the form sent; times are kept as ISO instants.
        const free = await store.discounts.create(
          discountDraft({
            kind: 'free_shipping',
            value: 35,
            startsAt: '2025-11-28T00:00:00+02:00',
            endsAt: '2025-12-01T00:00:00+02:00',
          }),
          STAFF,
        )
        expect(free).toMatchObject({
          value: 0,
          startsAt: '2025-11-27T22:00:00.000Z',
          endsAt: '2025-11-30T22:00:00.000Z',
        })
      })
    })

    describe('uses claimed with the order', () => {
      it('claims a use as the order is placed; the order keeps the discount as applied', async () => {
        const code = await store.discounts.create(discountDraft(), STAFF)
        clock.set(minutes(1))
        const input = discounted(code, { email: 'Thandi@Example.co.za' })
        const order = await place(input, 'ORDERDISC001')
        expect(order.discounts).toEqual(input.discounts)
        expect(order.totalCents).toBe(12_900 + 9_900 - 1_290)
        expect(await store.orders.get(order.id)).toEqual(order)
        expect(await store.discounts.get(code.id)).toMatchObject({
          uses: 1,
          discountGivenCents: 1_290,
          updatedAt: T0,
        })
        expect(await store.discounts.listUses(code.id, { offset: 0, limit: 10 })).toEqual({
          total: 1,
          items: [
            {
              discountId: code.id,
              orderId: 'ORDERDISC001',
              userId: null,
              email: 'Thandi@Example.co.za',
              amountCents: 1_290,
              claimedAt: minutes(1),
              releasedAt: null,
            },
          ],
        })
        expect(
          await store.discounts.customerUses({ userId: null, email: 'thandi@example.co.za' }, [
            code.id,
            'never-used',
          ]),
        ).toEqual({ [code.id]: 1, 'never-used': 0 })
      })

      it('an order without discounts claims nothing, and orders placed before promotions read as none', async () => {
        const order = await place(draft([{ productId: 'biltong', quantity: 1 }]))
        expect(order).toMatchObject({ discounts: [], giftCards: [], storeCreditCents: 0 })
      })

      it('gives exactly 5 of 20 concurrent orders a code limited to 5 uses; the rest place nothing', async () => {
        const code = await store.discounts.create(discountDraft({ usageLimit: 5 }), STAFF)
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            place(discounted(code, { email: `buyer${i}@example.co.za` })),
          ),
        )
        const placed = results.filter((r) => r.status === 'fulfilled')
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        expect(placed).toHaveLength(5)
        expect(refused).toHaveLength(15)
        for (const r of refused) {
          expect(r.reason).toBeInstanceOf(DiscountUnavailableError)
          expect(r.reason).toMatchObject({
            reason: 'used_up',
            discountId: code.id,
            code: 'SAVE10',
            // The rules' words for the shopper.
            message: 'Code SAVE10 has been used up',
          })
        }
        for (const r of placed) expect(r.value.discounts).toEqual([applied(code, 1_290)])
        // Only the placed orders reserved stock, and only they exist.
        expect(await stock()).toBe(95)
        expect((await store.orders.list({ offset: 0, limit: 50 })).total).toBe(5)
        expect(await store.discounts.get(code.id)).toMatchObject({
          uses: 5,
          discountGivenCents: 5 * 1_290,
        })
        expect((await store.discounts.listUses(code.id, { offset: 0, limit: 50 })).total).toBe(5)
        // Firestore retries contended transactions with a growing back-off.
      }, 90_000)

      it('counts a customer by account and by email, in any case: the per-customer limit', async () => {
        const code = await store.discounts.create(discountDraft({ perCustomerLimit: 1 }), STAFF)
        await place(discounted(code, { email: 'Thandi@Example.co.za' }))
        // The same email in another case is the same guest.
        const again = await refusal(place(discounted(code, { email: 'thandi@example.CO.ZA' })))
        expect(again).toBeInstanceOf(DiscountUnavailableError)
        expect(again).toMatchObject({
          reason: 'already_used',
          message: 'You have already used code SAVE10',
        })
        // Signed in with that email, the customer has used it too.
        await expect(
          place(discounted(code, { userId: 'u1', email: 'thandi@example.co.za' })),
        ).rejects.toMatchObject({ reason: 'already_used' })
        // Another customer may.
        await place(discounted(code, { userId: 'u2', email: 'sipho@example.co.za' }))
        // The account has used it, whatever email it gives next.
        await expect(
          place(discounted(code, { userId: 'u2', email: 'sipho.work@example.co.za' })),
        ).rejects.toMatchObject({ reason: 'already_used' })
        // And its email has, signed out.
        await expect(
          place(discounted(code, { email: 'SIPHO@example.co.za' })),
        ).rejects.toMatchObject({ reason: 'already_used' })
        expect(await stock()).toBe(98)
        expect(await store.discounts.get(code.id)).toMatchObject({ uses: 2 })
        expect(
          await store.discounts.customerUses({ userId: 'u2', email: 'new@example.co.za' }, [
            code.id,
          ]),
        ).toEqual({ [code.id]: 1 })
        expect(
          await store.discounts.customerUses({ userId: 'u3', email: 'new@example.co.za' }, [
            code.id,
          ]),
        ).toEqual({ [code.id]: 0 })
      })

      it('holds the per-customer limit under 10 concurrent orders of one customer', async () => {
        const code = await store.discounts.create(discountDraft({ perCustomerLimit: 2 }), STAFF)
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, () => place(discounted(code, { userId: 'u1' }))),
        )
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
        for (const r of results) {
          if (r.status === 'rejected') expect(r.reason).toMatchObject({ reason: 'already_used' })
        }
        expect(await stock()).toBe(98)
        expect(await store.discounts.get(code.id)).toMatchObject({ uses: 2 })
      }, 90_000)

      it('refuses a discount that is unknown, switched off or outside its dates, placing nothing', async () => {
        const later = await store.discounts.create(
          discountDraft({ code: 'LATER', startsAt: minutes(60), endsAt: minutes(120) }),
          STAFF,
        )
        const off = await store.discounts.create(
          discountDraft({ code: 'OFF', active: false }),
          STAFF,
        )
        const ghost: Discount = { ...later, id: 'no-such-discount', code: 'GHOST' }
        const cases: [Discount, string, string][] = [
          [later, minutes(59), 'not_started'],
          [later, minutes(120), 'ended'],
          [off, minutes(0), 'inactive'],
          [ghost, minutes(0), 'unknown'],
        ]
        for (const [discount, at, reason] of cases) {
          clock.set(at)
          const error = await refusal(place(discounted(discount)))
          expect(error, reason).toBeInstanceOf(DiscountUnavailableError)
          expect(error, reason).toMatchObject({ reason, discountId: discount.id })
        }
        expect(await stock()).toBe(100)
        expect((await store.orders.list({ offset: 0, limit: 10 })).total).toBe(0)
        clock.set(minutes(60))
        await place(discounted(later))
        expect(await store.discounts.get(later.id)).toMatchObject({ uses: 1 })
      })

      it('claims nothing for an order refused for its stock, nor twice for one checkout', async () => {
        const code = await store.discounts.create(discountDraft({ usageLimit: 1 }), STAFF)
        const tooMany = {
          ...discounted(code),
          lines: [{ ...discounted(code).lines[0]!, quantity: 101 }],
        }
        await expect(place(tooMany)).rejects.toBeInstanceOf(OutOfStockError)
        expect(await store.discounts.get(code.id)).toMatchObject({ uses: 0 })
        const keyed = { ...discounted(code), checkoutKey: 'checkout-1' }
        const first = await place(keyed)
        // The same checkout again finds its order, and does not ask for the use a second time.
        expect(await place(keyed)).toEqual(first)
        expect(await store.discounts.get(code.id)).toMatchObject({ uses: 1 })
        expect(await stock()).toBe(99)
      })

      it('claims each of two discounts on one order, and refuses a discount applied twice', async () => {
        const code = await store.discounts.create(discountDraft(), STAFF)
        const offer = await store.discounts.create(
          offerDraft({ kind: 'free_shipping', value: 0 }),
          STAFF,
        )
        const both = discounted(code)
        both.discounts.push(applied(offer, 9_900))
        both.totalCents -= 9_900
        const order = await place(both)
        expect(order.discounts.map((d) => [d.discountId, d.on, d.amountCents])).toEqual([
          [code.id, 'items', 1_290],
          [offer.id, 'delivery', 9_900],
        ])
        expect(await store.discounts.get(offer.id)).toMatchObject({
          uses: 1,
          discountGivenCents: 9_900,
        })
        const twice = discounted(code)
        twice.discounts.push(applied(code, 0))
        await expect(place(twice)).rejects.toThrow(RangeError)
        expect(await store.discounts.get(code.id)).toMatchObject({ uses: 1 })
      })
    })

    describe('uses given back', () => {
      const moves = () => orderMoves(store.orders, clock)

      for (const [how, settle] of [
        ['is cancelled', (id: string) => moves().transition(id, 'cancelled', { at: minutes(5) })],
        ['fails', (id: string) => moves().transition(id, 'payment_failed', { at: minutes(5) })],
        ['expires', async () => void (await moves().expirePending(minutes(1), minutes(31)))],
      ] as const) {
        it(`gives the use back when the unpaid order ${how}; it can be claimed again`, async () => {
          const code = await store.discounts.create(
            discountDraft({ usageLimit: 1, perCustomerLimit: 1 }),
            STAFF,
          )
          const order = await place(discounted(code, { userId: 'u1' }))
          await expect(
            place(discounted(code, { userId: 'u9', email: 'x@example.co.za' })),
          ).rejects.toMatchObject({ reason: 'used_up' })
          await settle(order.id)
          const settled = (await store.orders.get(order.id))!
          expect(settled.status).not.toBe('pending_payment')
          // The order still shows what it was offered.
          expect(settled.discounts).toEqual(order.discounts)
          expect(await store.discounts.get(code.id)).toMatchObject({
            uses: 0,
            discountGivenCents: 0,
          })
          const [use] = (await store.discounts.listUses(code.id, { offset: 0, limit: 5 })).items
          expect(use).toMatchObject({ orderId: order.id, releasedAt: clock.now().toISOString() })
          expect(
            await store.discounts.customerUses({ userId: 'u1', email: 'thandi@example.co.za' }, [
              code.id,
            ]),
          ).toEqual({ [code.id]: 0 })
          // The same customer may use it again, and it is claimed once more.
          const again = await place(discounted(code, { userId: 'u1' }))
          expect(again.discounts).toEqual(order.discounts)
          expect(await store.discounts.get(code.id)).toMatchObject({ uses: 1 })
          expect((await store.discounts.listUses(code.id, { offset: 0, limit: 5 })).items).toEqual([
            expect.objectContaining({ orderId: again.id, releasedAt: null }),
            expect.objectContaining({ orderId: order.id }),
          ])
        }, 60_000)
      }

      it('keeps the use when the order is paid, and through its later moves', async () => {
        const code = await store.discounts.create(discountDraft({ usageLimit: 1 }), STAFF)
        const order = await place(discounted(code))
        await moves().transition(order.id, 'paid', { pfPaymentId: '1', at: minutes(2) })
        await moves().transition(order.id, 'shipped', {
          shipment: { courier: 'The Courier Guy', trackingNumber: 'TCG-1' },
        })
        // A late cancel is refused and gives nothing back.
        await expect(moves().transition(order.id, 'cancelled')).rejects.toThrow()
        expect(await store.discounts.get(code.id)).toMatchObject({
          uses: 1,
          discountGivenCents: 1_290,
        })
        await expect(place(discounted(code))).rejects.toMatchObject({ reason: 'used_up' })
      })

      it('never alters an order already placed when the discount or the price changes', async () => {
        const code = await store.discounts.create(discountDraft(), STAFF)
        const order = await place(discounted(code))
        clock.set(minutes(10))
        await store.discounts.update(code.id, discountDraft({ code: 'HALF', value: 50 }), STAFF)
        await store.discounts.setActive(code.id, false, STAFF)
        const biltong = (await store.products.get('biltong'))!
        await store.products.upsertMany([{ ...biltong, priceCents: 99_900 }])
        expect((await store.products.get('biltong'))?.priceCents).toBe(99_900)
        expect(await store.orders.get(order.id)).toEqual(order)
        // Its moves keep it as placed too.
        const paid = await moves().transition(order.id, 'paid', { pfPaymentId: '2' })
        expect(paid.discounts).toEqual(order.discounts)
        expect(paid.lines).toEqual(order.lines)
        expect(paid.totalCents).toBe(order.totalCents)
      })
    })
  })
}
