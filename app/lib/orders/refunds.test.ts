import { describe, expect, it } from 'vitest'

import type { Order, OrderRefund } from '~/lib/data/types'

import { pendingOrder } from './orders.test-helper'
import { canMove, decideMove, standing } from './life'
import { canRefund, decideRefund, planRefund, refundable, type RefundRequest } from './refunds'

const AT = '2026-03-05T10:00:00.000Z'
const SHIPMENT = { courier: 'The Courier Guy', trackingNumber: 'TCG123' }
// The fixture: 2 x Rooibos tea (R 89,50) + 1 Fynbos honey (R 120,00) = R 299,00 + delivery.
const paid = (overrides: Partial<Order> = {}): Order =>
  pendingOrder({ status: 'paid', pfPaymentId: '1124148', ...overrides })
const ask = (over: Partial<RefundRequest> = {}): RefundRequest => ({
  key: 'key-1',
  amountCents: 5_000,
  reason: 'Damaged in transit',
  restock: [],
  cardTo: 'card',
  by: 'staff@shop.example',
  ...over,
})
const earlier = (over: Partial<OrderRefund>): OrderRefund => ({
  id: 'old',
  amountCents: 0,
  reason: 'x',
  at: AT,
  by: null,
  payfastCents: 0,
  giftCardCents: 0,
  toCards: [],
  storeCreditCents: 0,
  payfastReference: null,
  restocked: [],
  creditNote: null,
  ...over,
})

describe('refund amounts', () => {
  it('a partial refund of a paid order goes through PayFast and leaves it partly refunded', () => {
    const order = paid()
    const decision = decideRefund(order, ask(), AT, 'pf-ref')
    expect(decision.kind).toBe('change')
    if (decision.kind !== 'change') return
    expect(decision.change.status).toBe('partially_refunded')
    expect(decision.change.refund).toMatchObject({
      id: 'key-1',
      amountCents: 5_000,
      payfastCents: 5_000,
      giftCardCents: 0,
      storeCreditCents: 0,
      payfastReference: 'pf-ref',
    })
    expect(decision.change.entry.note).toContain('Refunded R\u00a050,00')
  })

  it('several partial refunds add up to the total and the last makes it refunded', () => {
    const order = paid()
    const first = earlier({
      id: 'a',
      amountCents: order.totalCents - 1_000,
      payfastCents: order.totalCents - 1_000,
    })
    const withFirst = paid({ refunds: [first], status: 'partially_refunded' })
    expect(refundable(withFirst).leftCents).toBe(1_000)
    const last = decideRefund(withFirst, ask({ amountCents: 1_000 }), AT, 'pf')
    expect(last.kind === 'change' && last.change.status).toBe('refunded')
    expect(
      canRefund({
        ...withFirst,
        refunds: [first, earlier({ id: 'b', amountCents: 1_000, payfastCents: 1_000 })],
      }),
    ).toBe(false)
  })

  it('never more than paid less earlier refunds: the amount field says what is left', () => {
    const order = paid({ refunds: [earlier({ amountCents: 10_000, payfastCents: 10_000 })] })
    const left = order.totalCents - 10_000
    const result = planRefund(order, ask({ amountCents: left + 1 }))
    expect(result).toEqual({
      ok: false,
      field: 'amount',
      message: expect.stringContaining('is left to refund'),
    })
    expect(planRefund(order, ask({ amountCents: left })).ok).toBe(true)
    expect(planRefund(order, ask({ amountCents: 0 }))).toMatchObject({ ok: false, field: 'amount' })
  })

  it('a repeat of the key records nothing', () => {
    const order = paid({
      refunds: [earlier({ id: 'key-1', amountCents: 5_000, payfastCents: 5_000 })],
    })
    expect(decideRefund(order, ask(), AT, null).kind).toBe('unchanged')
  })

  it('refuses an unpaid or cancelled order', () => {
    expect(planRefund(pendingOrder(), ask())).toMatchObject({ ok: false, field: null })
    expect(planRefund(paid({ status: 'cancelled' }), ask()).ok).toBe(false)
  })

  it('the gift-card part goes back to the card, or as store credit when staff choose', () => {
    // R 100 of the order paid by a gift card, the rest through PayFast.
    const order = paid({
      userId: 'user-1',
      giftCards: [{ giftCardId: 'gc1', code: 'ABCD', amountCents: 10_000 }],
    })
    const payfastPaid = order.totalCents - 10_000
    const all = order.totalCents
    const toCard = planRefund(order, ask({ amountCents: all }))
    expect(toCard).toEqual({
      ok: true,
      plan: {
        payfastCents: payfastPaid,
        giftCardCents: 10_000,
        toCards: [{ giftCardId: 'gc1', cents: 10_000 }],
        storeCreditCents: 0,
        restocked: [],
      },
    })
    const asCredit = planRefund(order, ask({ amountCents: all, cardTo: 'store-credit' }))
    expect(asCredit).toMatchObject({
      ok: true,
      plan: { payfastCents: payfastPaid, giftCardCents: 0, storeCreditCents: 10_000 },
    })
    // A guest has no account for store credit.
    expect(
      planRefund({ ...order, userId: null }, ask({ amountCents: all, cardTo: 'store-credit' })),
    ).toMatchObject({ ok: false, field: 'cardTo' })
  })

  it('an order paid in full by store credit is refunded as store credit, without PayFast', () => {
    const order = paid({ userId: 'user-1', pfPaymentId: null, storeCreditCents: 29_900 + 0 })
    const credit = { ...order, storeCreditCents: order.totalCents }
    expect(planRefund(credit, ask({ amountCents: 2_000 }))).toMatchObject({
      ok: true,
      plan: { payfastCents: 0, storeCreditCents: 2_000 },
    })
  })

  it('restocks the ticked lines once, and names the line when it is back already', () => {
    const order = paid()
    const plan = planRefund(order, ask({ restock: ['rooibos'] }))
    expect(plan).toMatchObject({
      ok: true,
      plan: { restocked: [{ variantId: 'rooibos', quantity: 2 }] },
    })
    const again = paid({
      refunds: [
        earlier({
          amountCents: 1_000,
          payfastCents: 1_000,
          restocked: [{ variantId: 'rooibos', quantity: 2 }],
        }),
      ],
    })
    expect(planRefund(again, ask({ restock: ['rooibos'] }))).toEqual({
      ok: false,
      field: 'restock',
      message: 'Restock: Rooibos tea is back in stock already; untick it.',
    })
    expect(planRefund(order, ask({ restock: ['not-a-line'] }))).toMatchObject({
      ok: false,
      field: 'restock',
    })
  })
})

describe('a partly refunded order goes on', () => {
  const entry = (status: Order['status']) => ({ status, at: AT, note: null, by: null })
  const partly = (before: Order['status'][]) =>
    paid({
      status: 'partially_refunded',
      history: [...before.map(entry), entry('partially_refunded')],
    })

  it('is shipped, delivered or collected from where it stood before the refund', () => {
    expect(standing(partly(['pending_payment', 'paid']))).toBe('paid')
    expect(canMove(partly(['pending_payment', 'paid']), 'ship')).toBe(true)
    expect(canMove(partly(['pending_payment', 'paid', 'shipped']), 'deliver')).toBe(true)
    expect(canMove(partly(['pending_payment', 'paid', 'shipped']), 'ship')).toBe(false)
  })

  it('a second partial refund still counts from before the first', () => {
    const twice = partly(['pending_payment', 'paid', 'partially_refunded', 'processing'])
    expect(standing(twice)).toBe('processing')
  })

  it('takes the move and its status, keeping the refunds listed', () => {
    const decision = decideMove(partly(['pending_payment', 'paid']), {
      move: 'ship',
      shipment: SHIPMENT,
    })
    expect(decision).toMatchObject({ kind: 'change', change: { status: 'shipped' } })
  })

  it('a wholly refunded order moves no further', () => {
    const done = paid({ status: 'refunded', history: [entry('paid'), entry('refunded')] })
    expect(canMove(done, 'ship')).toBe(false)
  })
})
