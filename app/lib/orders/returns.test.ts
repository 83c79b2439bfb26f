import { describe, expect, it } from 'vitest'

import type { Order } from '~/lib/data/types'
import { formatRand } from '~/lib/money'

import { COLLECT_SHIPPING, pendingOrder } from './orders.test-helper'
import {
  decideReturn,
  returnableLines,
  returnRefundPrefill,
  type ReturnDecision,
  type ReturnRequest,
} from './returns'

const DELIVERED_AT = '2026-03-01T10:00:00.000Z'
const day = (n: number, extraMs = 0) =>
  new Date(Date.parse(DELIVERED_AT) + n * 86_400_000 + extraMs).toISOString()
const STAFF = 'nomsa@shop.example.co.za'

/** The fixture (2 rooibos, 1 honey), paid, shipped and delivered at DELIVERED_AT. */
function deliveredOrder(overrides: Partial<Order> = {}): Order {
  const base = pendingOrder({ userId: 'user-1' })
  return {
    ...base,
    status: 'delivered',
    history: [
      ...base.history,
      { status: 'paid', at: '2026-02-25T10:00:00.000Z', note: null, by: null },
      { status: 'shipped', at: '2026-02-26T10:00:00.000Z', note: null, by: STAFF },
      { status: 'delivered', at: DELIVERED_AT, note: null, by: STAFF },
    ],
    ...overrides,
  }
}

const ask = (
  lines: Extract<ReturnRequest, { move: 'request' }>['lines'] = [
    { variantId: 'rooibos', quantity: 1 },
  ],
) =>
  ({
    move: 'request',
    key: null,
    lines,
    reason: 'wrong-size',
    note: null,
    windowDays: 30,
  }) satisfies ReturnRequest

/** Applies a decision that must be a change, as the store would. */
function applied(order: Order, decision: ReturnDecision): Order {
  if (decision.kind !== 'change')
    throw new Error(`expected a change, got ${JSON.stringify(decision)}`)
  return { ...order, returns: decision.change.returns }
}

describe('the return window', () => {
  it('opens at delivery and stays open for the window’s days, to the millisecond', () => {
    const order = deliveredOrder()
    expect(decideReturn(order, ask(), day(0)).kind).toBe('change')
    expect(decideReturn(order, ask(), day(30)).kind).toBe('change')
    expect(decideReturn(order, ask(), day(30, 1))).toEqual({
      kind: 'refused',
      reason: 'The 30-day return window closed on 2026-03-31',
    })
  })

  it('follows the shop’s number of days', () => {
    const order = deliveredOrder()
    expect(decideReturn(order, { ...ask(), windowDays: 7 }, day(8)).kind).toBe('refused')
    expect(decideReturn(order, { ...ask(), windowDays: 60 }, day(59)).kind).toBe('change')
  })

  it('is closed until the order is delivered', () => {
    const shipped = deliveredOrder({ status: 'shipped' })
    shipped.history = shipped.history.filter((h) => h.status !== 'delivered')
    expect(decideReturn(shipped, ask(), day(1))).toEqual({
      kind: 'refused',
      reason: 'A return can be asked for once the order is delivered or collected',
    })
  })

  it('is closed once the order was refunded in full, and open while only partly refunded', () => {
    expect(decideReturn(deliveredOrder({ status: 'refunded' }), ask(), day(1))).toEqual({
      kind: 'refused',
      reason: 'This order was refunded in full: nothing is left to return',
    })
    expect(decideReturn(deliveredOrder({ status: 'partially_refunded' }), ask(), day(1)).kind).toBe(
      'change',
    )
  })

  it('opens at collection for an order collected in store', () => {
    const base = pendingOrder()
    const collected: Order = {
      ...base,
      shipping: COLLECT_SHIPPING,
      status: 'collected',
      history: [...base.history, { status: 'collected', at: DELIVERED_AT, note: null, by: STAFF }],
    }
    expect(decideReturn(collected, ask(), day(2)).kind).toBe('change')
  })
})

describe('the lines a buyer may return', () => {
  it('takes only lines bought, and no more units than bought', () => {
    const order = deliveredOrder()
    expect(decideReturn(order, ask([{ variantId: 'biltong', quantity: 1 }]), day(1))).toMatchObject(
      { kind: 'refused', reason: expect.stringMatching(/not in this order/) },
    )
    expect(decideReturn(order, ask([{ variantId: 'rooibos', quantity: 3 }]), day(1))).toEqual({
      kind: 'refused',
      reason: 'You can return at most 2 of Rooibos tea',
    })
    expect(decideReturn(order, ask([]), day(1))).toEqual({
      kind: 'refused',
      reason: 'Tick at least one item to return',
    })
  })

  it('counts units already in a return, and frees them when it is declined', () => {
    let order = deliveredOrder()
    order = applied(
      order,
      decideReturn(order, ask([{ variantId: 'rooibos', quantity: 2 }]), day(1)),
    )
    expect(returnableLines(order)).toEqual([
      { variantId: 'rooibos', quantity: 0 },
      { variantId: 'honey', quantity: 1 },
    ])
    expect(decideReturn(order, ask(), day(2))).toEqual({
      kind: 'refused',
      reason: 'Rooibos tea is already being returned',
    })
    order = applied(
      order,
      decideReturn(
        order,
        { move: 'decline', returnId: 'R1', message: 'Opened', by: STAFF },
        day(2),
      ),
    )
    const again = decideReturn(order, ask([{ variantId: 'rooibos', quantity: 1 }]), day(3))
    expect(again.kind === 'change' && again.change.changed.id).toBe('R2')
  })

  it('records the request with its history line, and a repeated key asks once', () => {
    const order = deliveredOrder()
    const first = decideReturn(order, { ...ask(), key: 'key-12345678' }, day(1))
    expect(first).toMatchObject({
      kind: 'change',
      change: {
        changed: { id: 'R1', state: 'requested', lines: [{ variantId: 'rooibos', quantity: 1 }] },
        entry: {
          status: 'delivered',
          note: 'Return R1 requested: 1 × Rooibos tea (Wrong size or fit)',
          by: null,
        },
        restock: [],
      },
    })
    const after = applied(order, first)
    expect(decideReturn(after, { ...ask(), key: 'key-12345678' }, day(1))).toMatchObject({
      kind: 'unchanged',
      changed: { id: 'R1' },
    })
  })
})

describe('staff decisions', () => {
  const requested = () =>
    applied(
      deliveredOrder(),
      decideReturn(
        deliveredOrder(),
        ask([
          { variantId: 'rooibos', quantity: 2 },
          { variantId: 'honey', quantity: 1 },
        ]),
        day(1),
      ),
    )

  it('approve or decline, once: the second decision names where the return is', () => {
    const approved = applied(
      requested(),
      decideReturn(
        requested(),
        { move: 'approve', returnId: 'R1', message: null, by: STAFF },
        day(2),
      ),
    )
    expect(approved.returns[0]!.state).toBe('approved')
    expect(
      decideReturn(approved, { move: 'decline', returnId: 'R1', message: 'No', by: STAFF }, day(2)),
    ).toEqual({ kind: 'refused', reason: 'Return R1 is approved: it cannot be declined now' })
    expect(
      decideReturn(approved, { move: 'approve', returnId: 'R1', message: null, by: STAFF }, day(2))
        .kind,
    ).toBe('unchanged')
  })

  it('receives only an approved return, restocking just the lines chosen', () => {
    const order = requested()
    expect(
      decideReturn(order, { move: 'receive', returnId: 'R1', restock: [], by: STAFF }, day(2)),
    ).toEqual({
      kind: 'refused',
      reason: 'Return R1 is requested: it cannot be marked received now',
    })
    const approved = applied(
      order,
      decideReturn(order, { move: 'approve', returnId: 'R1', message: null, by: STAFF }, day(2)),
    )
    const received = decideReturn(
      approved,
      { move: 'receive', returnId: 'R1', restock: ['honey', 'biltong'], by: STAFF },
      day(5),
    )
    expect(received).toMatchObject({
      kind: 'change',
      change: {
        restock: [{ variantId: 'honey', quantity: 1 }],
        changed: { state: 'received', restocked: [{ variantId: 'honey', quantity: 1 }] },
      },
    })
    expect(returnRefundPrefill(applied(approved, received), 'R1')).toEqual({
      returnId: 'R1',
      amountCents: 2 * 8950 + 12000,
      reason: 'Return R1: Wrong size or fit',
    })
    expect(returnRefundPrefill(approved, 'R1')).toBeNull()
  })

  it('pays back as store credit up to what the items cost, only for an account', () => {
    let order = requested()
    order = applied(
      order,
      decideReturn(order, { move: 'approve', returnId: 'R1', message: null, by: STAFF }, day(2)),
    )
    order = applied(
      order,
      decideReturn(order, { move: 'receive', returnId: 'R1', restock: [], by: STAFF }, day(3)),
    )
    expect(
      decideReturn(
        order,
        { move: 'credit', returnId: 'R1', amountCents: 29_901, by: STAFF },
        day(3),
      ),
    ).toEqual({
      kind: 'refused',
      reason: `Store credit for return R1 is at most ${formatRand(29_900)}, what its items cost`,
    })
    expect(
      decideReturn(
        { ...order, userId: null },
        { move: 'credit', returnId: 'R1', amountCents: 100, by: STAFF },
        day(3),
      ),
    ).toMatchObject({ kind: 'refused', reason: expect.stringMatching(/guest/) })
    const credited = decideReturn(
      order,
      { move: 'credit', returnId: 'R1', amountCents: 29_900, by: STAFF },
      day(3),
    )
    expect(credited).toMatchObject({
      kind: 'change',
      change: { changed: { state: 'refunded', refundedAs: 'store-credit', refundedCents: 29_900 } },
    })
    const after = applied(order, credited)
    expect(
      decideReturn(
        after,
        { move: 'refund', returnId: 'R1', refundId: 'rf-1', amountCents: 100, by: STAFF },
        day(4),
      ),
    ).toEqual({ kind: 'refused', reason: 'Return R1 is refunded: it cannot be refunded now' })
  })
})
