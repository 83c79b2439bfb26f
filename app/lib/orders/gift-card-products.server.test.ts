import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import type { MailContext } from '~/lib/mail/templates/layout.server'
import { formatGiftCardCode } from '~/lib/promotions/gift-cards'
import { GIFT_CARD_PRODUCT_ID, giftCardProduct } from '~/lib/seed/gift-cards'

import { payWithoutPayfast } from '~/lib/checkout/checkout.server'

import { newOrderId } from './id.server'
import {
  boughtGiftCards,
  giftCardsAfterPayment,
  issueBoughtGiftCards,
} from './gift-card-products.server'
import { draft, orderMoves } from './orders.test-helper'

/**
 * Gift cards bought as products: once the order is paid, one card per unit bought, worth the
 * price the line was bought at, its code mailed to the buyer; paying twice, a repeated ITN or two
 * calls at once never issue a second card for a unit.
 */
const NOW = new Date('2025-12-05T10:00:00.000Z')
const context: MailContext = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' }

let store: Store
beforeEach(async () => {
  store = memoryStore({ now: () => NOW })
  const card = giftCardProduct(NOW)
  const rusks = { ...card, id: 'rusks', name: 'Rusks', category: 'pantry', categoryName: 'Pantry' }
  await store.products.upsertMany([
    card,
    { ...rusks, variants: [{ ...card.variants[0]!, id: 'rusks', optionValues: [] }], options: [] },
  ])
})
afterEach(async () => {
  await store.close()
})

const variant = (label: string) =>
  giftCardProduct(NOW).variants.find((v) => v.optionValues[0] === label)!

/** Two R 250 cards, one R 1 000 card and a packet of rusks, placed and not yet paid. */
async function placeOrder(): Promise<Order> {
  return store.orders.place(
    draft([
      {
        productId: GIFT_CARD_PRODUCT_ID,
        variantId: variant('R 250').id,
        options: [{ name: 'Value', value: 'R 250' }],
        quantity: 2,
        unitPriceCents: 250_00,
      },
      {
        productId: GIFT_CARD_PRODUCT_ID,
        variantId: variant('R 1 000').id,
        options: [{ name: 'Value', value: 'R 1 000' }],
        quantity: 1,
        unitPriceCents: 1_000_00,
      },
      { productId: 'rusks', quantity: 1, unitPriceCents: 59_00 },
    ]),
    newOrderId(),
  )
}

const pay = (order: Order) =>
  orderMoves(store.orders).transition(order.id, 'paid', { pfPaymentId: '1089250' })

const issue = (orderId: string) => issueBoughtGiftCards({ store, context }, orderId)

describe('gift cards bought in the shop', () => {
  it('issues nothing while the order is unpaid, or for an unknown order', async () => {
    const order = await placeOrder()
    expect(await issue(order.id)).toEqual([])
    expect(await issue('NOSUCHORDER1')).toEqual([])
    expect((await store.giftCards.list({ offset: 0, limit: 10 })).total).toBe(0)
  })

  it('issues one card per unit once paid, each worth its line, and mails each code to the buyer', async () => {
    const order = await placeOrder()
    await pay(order)
    const cards = await issue(order.id)
    expect(cards.map((c) => c.initialCents)).toEqual([250_00, 250_00, 1_000_00])
    expect(new Set(cards.map((c) => c.code)).size).toBe(3)
    for (const card of cards) {
      expect(card).toMatchObject({
        orderId: order.id,
        issuedTo: 'thandi@example.co.za',
        issuedBy: null,
        active: true,
      })
      const mail = await store.outbox.get(`gift-card:${card.id}`)
      expect(mail).toMatchObject({ to: 'thandi@example.co.za', orderId: order.id })
      expect(mail?.text).toContain(formatGiftCardCode(card.code))
      expect(mail?.text).toContain(`order ${order.id}`)
      expect(mail?.text).toContain('https://shop.example.co.za/gift-card')
    }
  })

  it('lists the cards an order bought, unit by unit, with each card once issued', async () => {
    const order = await placeOrder()
    const before = await boughtGiftCards(store, order)
    expect(before.map((b) => [b.label, b.unit, b.amountCents, b.card])).toEqual([
      ['R 250', 1, 250_00, null],
      ['R 250', 2, 250_00, null],
      ['R 1 000', 1, 1_000_00, null],
    ])
    await pay(order)
    const cards = await issue(order.id)
    const after = await boughtGiftCards(store, order)
    expect(after.map((b) => b.card?.id)).toEqual(cards.map((c) => c.id))
    expect(after[0]!.card?.maskedCode).toBe(`••••-••••-••••-${cards[0]!.code.slice(12)}`)
  })

  it('never issues twice: called again, or many times at once, it returns the same cards', async () => {
    const order = await placeOrder()
    await pay(order)
    const first = await issue(order.id)
    const again = await Promise.all(Array.from({ length: 10 }, () => issue(order.id)))
    for (const cards of again) expect(cards).toEqual(first)
    expect((await store.giftCards.list({ offset: 0, limit: 50 })).total).toBe(3)
    const mails = await store.outbox.list({ offset: 0, limit: 50, orderId: order.id })
    expect(mails.items.filter((m) => m.key.startsWith('gift-card:'))).toHaveLength(3)
  })

  it('an order paid in full by another gift card, without PayFast, gets its cards at once', async () => {
    const paying = await store.giftCards.issue(
      { amountCents: 2_000_00, issuedTo: null, message: null, note: 'prize' },
      'staff@example.co.za',
    )
    const bought = draft([
      {
        productId: GIFT_CARD_PRODUCT_ID,
        variantId: variant('R 500').id,
        quantity: 1,
        unitPriceCents: 500_00,
      },
    ])
    const order = await store.orders.place(
      { ...bought, giftCards: [{ code: paying.code, amountCents: bought.totalCents }] },
      newOrderId(),
    )
    const paid = await payWithoutPayfast(store, order)
    expect(paid.status).toBe('paid')
    const cards = (await store.giftCards.list({ offset: 0, limit: 10 })).items
    expect(cards.filter((c) => c.orderId === order.id).map((c) => c.initialCents)).toEqual([500_00])
  })

  it('after a payment: issues for a paid order, skips one not paid, and never throws', async () => {
    const order = await placeOrder()
    await giftCardsAfterPayment(store, { orderId: order.id, status: 'pending_payment' })
    expect((await store.giftCards.list({ offset: 0, limit: 10 })).total).toBe(0)
    await pay(order)
    await giftCardsAfterPayment(store, { orderId: order.id, status: 'paid' })
    await giftCardsAfterPayment(store, { orderId: order.id, status: 'paid' })
    expect((await store.giftCards.list({ offset: 0, limit: 10 })).total).toBe(3)

    const errors: unknown[] = []
    const broken = {
      ...store,
      orders: {
        ...store.orders,
        get: async () => {
          throw new Error('store down')
        },
      },
    }
    await giftCardsAfterPayment(
      broken,
      { orderId: order.id, status: 'paid' },
      { error: (...args: unknown[]) => errors.push(args) },
    )
    expect(errors).toHaveLength(1)
  })
})
