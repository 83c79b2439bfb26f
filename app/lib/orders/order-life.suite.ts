import { describe, expect, it } from 'vitest'

import {
  draft,
  manualClock,
  product,
  type ContractHarness,
  storePerTest,
} from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import type { Order, OrderStatus, OutboxDraft, Shipment } from '~/lib/data/types'
import type { OrderShipping } from '~/lib/shipping/types'

import {
  decideMove,
  ORDER_MOVES,
  ORDER_STATUSES,
  type MoveRequest,
  type OrderMoveName,
} from './life'
import { moveOrder, type OrderMoveDeps } from './move.server'
import { COLLECT_SHIPPING, pendingOrder } from './orders.test-helper'

/**
 * The order's life, move by move, from every status, on a real store (each adapter's
 * *.contract.test.ts runs it): what is allowed and refused, the status reached, the history line,
 * the stock given back, the mail written with the move, and what a move requires. The expectations
 * are written out here, not read from the table, so a change to the table fails until this agrees.
 */

const T0 = '2025-07-01T08:00:00.000Z'
const LATER = '2025-07-01T09:00:00.000Z'
const SHIPMENT: Shipment = { courier: 'The Courier Guy', trackingNumber: 'TCG-42' }
const PAYMENT = '900100'
const STAFF = 'nomsa@shop.example.co.za'

type Expected = {
  from: readonly OrderStatus[]
  /** Only from an order flagged for a refund. */
  flagged?: boolean
  /** null: the order keeps its status. */
  to: OrderStatus | null
  releasesStock: boolean
  mails: boolean
  /** The history note when the caller gives none (null: none). */
  note: string | null | ((order: Order) => string)
  refundNeeded?: boolean
  /** Only for an order collected in store, or only for one delivered. */
  only?: Fulfilment
}

/**
 * How an order reaches its buyer: collected in store (`shipping.kind` collect), emailed (gift cards
 * only, `email`) or delivered.
 */
type Fulfilment = 'collection' | 'delivery' | 'email'

/** An order of gift cards only: nothing to ship, the codes are emailed. */
const EMAIL_SHIPPING: OrderShipping = {
  id: 'email',
  kind: 'email',
  name: 'Delivered by email',
  estimate: 'Gift card codes are emailed once the order is paid',
  pickupPoint: null,
  serviceCode: null,
  collection: null,
}

const shippingFor = (fulfilment: Fulfilment | undefined): OrderShipping | null =>
  fulfilment === 'collection' ? COLLECT_SHIPPING : fulfilment === 'email' ? EMAIL_SHIPPING : null

/** The ways an order in each status can be fulfilled: shipped ones are delivered, collected ones collected. */
const FULFILMENTS: Record<OrderStatus, readonly Fulfilment[]> = {
  pending_payment: ['delivery', 'collection', 'email'],
  paid: ['delivery', 'collection', 'email'],
  processing: ['delivery', 'collection', 'email'],
  shipped: ['delivery'],
  delivered: ['delivery'],
  ready_for_collection: ['collection'],
  collected: ['collection'],
  cancelled: ['delivery', 'collection', 'email'],
  payment_failed: ['delivery', 'collection', 'email'],
  // Reached by a refund, not a move of the table: refunds.suite.ts tries them.
  partially_refunded: [],
  refunded: [],
}

const SETTLED: readonly OrderStatus[] = [
  'paid',
  'processing',
  'shipped',
  'delivered',
  'ready_for_collection',
  'collected',
  'cancelled',
  'payment_failed',
]

const EXPECTED: Record<OrderMoveName, Expected> = {
  pay: { from: ['pending_payment'], to: 'paid', releasesStock: false, mails: true, note: null },
  fail: {
    from: ['pending_payment'],
    to: 'payment_failed',
    releasesStock: true,
    mails: true,
    note: null,
  },
  cancel: {
    from: ['pending_payment'],
    to: 'cancelled',
    releasesStock: true,
    mails: true,
    note: null,
  },
  expire: {
    from: ['pending_payment'],
    to: 'cancelled',
    releasesStock: true,
    mails: false,
    note: 'Payment not completed within 30 minutes',
  },
  process: { from: ['paid'], to: 'processing', releasesStock: false, mails: false, note: null },
  ship: {
    from: ['paid', 'processing'],
    to: 'shipped',
    releasesStock: false,
    mails: true,
    note: null,
    only: 'delivery',
  },
  deliver: { from: ['shipped'], to: 'delivered', releasesStock: false, mails: false, note: null },
  ready: {
    from: ['paid', 'processing'],
    to: 'ready_for_collection',
    releasesStock: false,
    mails: true,
    note: null,
    only: 'collection',
  },
  collect: {
    from: ['ready_for_collection'],
    to: 'collected',
    releasesStock: false,
    mails: false,
    note: null,
    only: 'collection',
  },
  email: {
    from: ['paid', 'processing'],
    to: 'delivered',
    releasesStock: false,
    mails: false,
    note: 'Gift card codes emailed to the buyer: nothing to ship',
    only: 'email',
  },
  'flag-payment': {
    from: SETTLED,
    to: null,
    releasesStock: false,
    mails: false,
    refundNeeded: true,
    note: (order) =>
      order.status === 'cancelled' || order.status === 'payment_failed'
        ? `payment received after cancellation: refund needed (pf_payment_id ${PAYMENT})`
        : `second payment received (pf_payment_id ${PAYMENT}): refund needed`,
  },
  refunded: {
    from: SETTLED,
    flagged: true,
    to: null,
    releasesStock: false,
    mails: false,
    refundNeeded: false,
    note: 'payment refunded',
  },
}

/**
 * What each move does to what the order claimed when placed (its discounts' uses, the amounts held
 * on gift cards and store credit): gives it back, spends it, or leaves it. The stores' side is in
 * the discounts and gift-card contract suites.
 */
const CLAIMS: Record<OrderMoveName, 'release' | 'spend' | null> = {
  pay: 'spend',
  fail: 'release',
  cancel: 'release',
  expire: 'release',
  process: null,
  ship: null,
  deliver: null,
  ready: null,
  collect: null,
  email: null,
  'flag-payment': null,
  refunded: null,
}

/** The moves that take a fresh order to each status. */
const PATH_TO: Record<OrderStatus, readonly MoveRequest[]> = {
  pending_payment: [],
  paid: [{ move: 'pay', pfPaymentId: '1' }],
  processing: [{ move: 'pay', pfPaymentId: '1' }, { move: 'process' }],
  shipped: [
    { move: 'pay', pfPaymentId: '1' },
    { move: 'ship', shipment: SHIPMENT },
  ],
  delivered: [
    { move: 'pay', pfPaymentId: '1' },
    { move: 'ship', shipment: SHIPMENT },
    { move: 'deliver' },
  ],
  ready_for_collection: [{ move: 'pay', pfPaymentId: '1' }, { move: 'ready' }],
  collected: [{ move: 'pay', pfPaymentId: '1' }, { move: 'ready' }, { move: 'collect' }],
  cancelled: [{ move: 'cancel' }],
  payment_failed: [{ move: 'fail' }],
  partially_refunded: [],
  refunded: [],
}

/** What each move brings when it is made: the shipment, the payment reference, who. */
const REQUEST: Record<OrderMoveName, MoveRequest> = {
  pay: { move: 'pay', pfPaymentId: PAYMENT },
  fail: { move: 'fail' },
  cancel: { move: 'cancel' },
  expire: { move: 'expire' },
  process: { move: 'process', by: STAFF },
  ship: { move: 'ship', shipment: SHIPMENT, by: STAFF },
  deliver: { move: 'deliver', by: STAFF },
  ready: { move: 'ready', by: STAFF },
  collect: { move: 'collect', by: STAFF },
  email: { move: 'email' },
  'flag-payment': { move: 'flag-payment', pfPaymentId: PAYMENT },
  refunded: { move: 'refunded', by: STAFF },
}

let seq = 0
const newOrderId = () => `LF${Date.now().toString(36).toUpperCase()}${(seq++).toString(36)}`

export function describeOrderLifeContract(name: string, harness: ContractHarness): void {
  describe(`the order's life: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([product('tea', { stock: 1000 })])
      return store
    })

    /** Renders one mail per move that mails, keyed by the status it reaches. */
    const mail: OrderMoveDeps['mail'] = async (order, to) => [
      {
        key: `life-${to}:${order.id}`,
        to: order.email,
        replyTo: null,
        subject: `Order ${order.id} is ${to}`,
        text: to,
        html: `<p>${to}</p>`,
        orderId: order.id,
      } satisfies OutboxDraft,
    ]
    /** Moves are stamped by the store's clock: set to `at` first. */
    const deps = (at: string): OrderMoveDeps => {
      clock.set(at)
      return { orders: store.orders, mail }
    }
    const stock = async () => (await store.products.get('tea'))?.stock
    const mailKeys = async (orderId: string) =>
      (await store.outbox.list({ orderId, offset: 0, limit: 50 })).items.map((m) => m.key)

    async function orderIn(
      status: OrderStatus,
      flagged: boolean,
      fulfilment: Fulfilment = FULFILMENTS[status][0]!,
    ): Promise<Order> {
      clock.set(T0)
      const placed = await store.orders.place(
        {
          ...draft([{ productId: 'tea', quantity: 3 }]),
          shipping: shippingFor(fulfilment),
        },
        newOrderId(),
      )
      for (const step of PATH_TO[status]) {
        expect((await moveOrder(deps(T0), placed.id, step)).outcome).toBe('moved')
      }
      if (flagged) {
        const flag = { move: 'flag-payment', pfPaymentId: '77' } as const
        expect((await moveOrder(deps(T0), placed.id, flag)).outcome).toBe('moved')
      }
      return (await store.orders.get(placed.id))!
    }

    it('has a row here for every move of the table', () => {
      expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(ORDER_MOVES).sort())
      expect(Object.keys(CLAIMS).sort()).toEqual(Object.keys(ORDER_MOVES).sort())
    })

    it('gives back what the order claimed exactly when it gives back its stock, and spends it when paid', () => {
      for (const move of Object.keys(EXPECTED) as OrderMoveName[]) {
        const expected = EXPECTED[move]
        const order = pendingOrder({
          status: expected.from[0]!,
          refundNeeded: expected.flagged === true,
          shipping: shippingFor(expected.only),
        })
        const decision = decideMove(order, REQUEST[move])
        expect(decision.kind, move).toBe('change')
        if (decision.kind !== 'change') continue
        expect(decision.change.releaseClaims, move).toBe(CLAIMS[move] === 'release')
        expect(decision.change.releaseClaims, move).toBe(expected.releasesStock)
        expect(decision.change.spendHolds, move).toBe(CLAIMS[move] === 'spend')
      }
    })

    for (const move of Object.keys(EXPECTED) as OrderMoveName[]) {
      const expected = EXPECTED[move]
      it(`${move}: allowed only from ${expected.from.join(', ')}${expected.flagged ? ' (flagged)' : ''}${expected.only ? ` (${expected.only} only)` : ''}; what it writes, releases and mails`, async () => {
        for (const from of ORDER_STATUSES) {
          for (const [flagged, fulfilment] of (from === 'pending_payment'
            ? [false]
            : [false, true]
          ).flatMap((f) => FULFILMENTS[from].map((way) => [f, way] as const))) {
            const order = await orderIn(from, flagged, fulfilment)
            const stockBefore = await stock()
            const mailBefore = await mailKeys(order.id)
            const allowed =
              expected.from.includes(from) &&
              (!expected.flagged || flagged) &&
              (!expected.only || expected.only === fulfilment)
            const result = await moveOrder(deps(LATER), order.id, REQUEST[move])
            const what = `${move} from ${from}${flagged ? ' (flagged)' : ''} for ${fulfilment}`
            const mailWritten = (await mailKeys(order.id)).filter((k) => !mailBefore.includes(k))
            if (!allowed) {
              expect(result.outcome, what).toBe('refused')
              expect(await store.orders.get(order.id), what).toEqual(order)
              expect(await stock(), what).toBe(stockBefore)
              expect(mailWritten, what).toEqual([])
              continue
            }
            expect(result.outcome, what).toBe('moved')
            const moved = (await store.orders.get(order.id))!
            expect(moved.status, what).toBe(expected.to ?? from)
            const note = typeof expected.note === 'function' ? expected.note(order) : expected.note
            expect(moved.history, what).toEqual([
              ...order.history,
              { status: expected.to ?? from, at: LATER, note, by: REQUEST[move].by ?? null },
            ])
            expect(moved.updatedAt, what).toBe(LATER)
            expect(moved.refundNeeded, what).toBe(expected.refundNeeded ?? order.refundNeeded)
            expect(moved.pfPaymentId, what).toBe(
              move === 'pay' || move === 'flag-payment'
                ? (order.pfPaymentId ?? PAYMENT)
                : order.pfPaymentId,
            )
            expect(await stock(), what).toBe(stockBefore! + (expected.releasesStock ? 3 : 0))
            expect(mailWritten, what).toEqual(
              expected.mails ? [`life-${expected.to}:${order.id}`] : [],
            )
          }
        }
      }, 180_000)
    }

    it('requires a shipment to ship, a payment reference to flag a payment, and a flag to refund', async () => {
      const paid = await orderIn('paid', false)
      for (const shipment of [undefined, { courier: ' ', trackingNumber: 'TCG-1' }]) {
        const result = await moveOrder(deps(LATER), paid.id, {
          move: 'ship',
          ...(shipment ? { shipment } : {}),
        })
        expect(result).toMatchObject({ outcome: 'refused' })
      }
      const shipped = await moveOrder(deps(LATER), paid.id, {
        move: 'ship',
        shipment: { courier: ' The Courier Guy ', trackingNumber: ' TCG-42 ' },
      })
      // Stored trimmed.
      expect(shipped.order?.shipment).toEqual(SHIPMENT)

      const cancelled = await orderIn('cancelled', false)
      const noReference = await moveOrder(deps(LATER), cancelled.id, { move: 'flag-payment' })
      expect(noReference.outcome).toBe('refused')
      expect((await moveOrder(deps(LATER), cancelled.id, { move: 'refunded' })).outcome).toBe(
        'refused',
      )
      expect(await store.orders.get(cancelled.id)).toEqual(cancelled)
    })

    it('never ships an order collected in store, nor makes a delivered one ready for collection', async () => {
      const collect = await orderIn('paid', false, 'collection')
      const ship = await moveOrder(deps(LATER), collect.id, REQUEST.ship)
      expect(ship).toMatchObject({
        outcome: 'refused',
        reason: `Order ${collect.id} is collected in store, not shipped`,
      })
      const delivery = await orderIn('processing', false, 'delivery')
      const ready = await moveOrder(deps(LATER), delivery.id, REQUEST.ready)
      expect(ready).toMatchObject({
        outcome: 'refused',
        reason: `Order ${delivery.id} is delivered, not collected in store`,
      })
      expect(await store.orders.get(collect.id)).toEqual(collect)
      expect(await store.orders.get(delivery.id)).toEqual(delivery)
      // The collection point the shopper was promised stays on the order through its moves.
      const collected = await orderIn('collected', false)
      expect(collected.shipping).toEqual(COLLECT_SHIPPING)
      expect(collected.history.map((entry) => entry.status)).toEqual([
        'pending_payment',
        'paid',
        'ready_for_collection',
        'collected',
      ])
    })

    it('records a payment once: the same reference again, or the one that paid, changes nothing', async () => {
      const paid = await orderIn('paid', false)
      const again = await moveOrder(deps(LATER), paid.id, {
        move: 'flag-payment',
        pfPaymentId: '1',
      })
      expect(again.outcome).toBe('unchanged')
      const first = await moveOrder(deps(LATER), paid.id, REQUEST['flag-payment'])
      expect(first.outcome).toBe('moved')
      const repeat = await moveOrder(deps(LATER), paid.id, REQUEST['flag-payment'])
      expect(repeat.outcome).toBe('unchanged')
      expect(await store.orders.get(paid.id)).toEqual(first.order)
    })

    it('decides on the order as stored when the move is written: a stale read never wins', async () => {
      const order = await orderIn('pending_payment', false)
      // The handler read the order unpaid; the shopper cancelled it before the payment was written.
      expect((await moveOrder(deps(LATER), order.id, { move: 'cancel' })).outcome).toBe('moved')
      const cancelled = (await store.orders.get(order.id))!
      const seen: OrderStatus[] = []
      const paidMail = { ...(await mail!(order, 'paid'))[0]!, key: `late-paid:${order.id}` }
      const saved = await store.orders.saveMove(
        order.id,
        (current) => {
          seen.push(current.status)
          return decideMove(current, REQUEST.pay)
        },
        [paidMail],
      )
      expect(seen.at(-1)).toBe('cancelled')
      expect(saved?.decision.kind).toBe('refused')
      expect(saved?.order).toEqual(cancelled)
      expect(await store.orders.get(order.id)).toEqual(cancelled)
      // A refused move writes none of its mail.
      expect(await mailKeys(order.id)).not.toContain(paidMail.key)
    })
  })
}
