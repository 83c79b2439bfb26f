import { type Clock, systemClock } from '~/lib/clock'
import type { OrderStore } from '~/lib/data/store'
import { documentNumber } from '~/lib/documents/numbers'
import type {
  Address,
  Order,
  OrderDraft,
  OrderStatus,
  OutboxDraft,
  Shipment,
} from '~/lib/data/types'

import type { CollectionPoint, OrderShipping } from '~/lib/shipping/types'

import { moveTo, type OrderMoveName } from './life'
import { expireStalePending, moveOrder, type MoveResult, type OrderMoveDeps } from './move.server'

/** Where the fixtures' shopper (Thandi Mokoena, Cape Town) has her orders delivered. */
export const SHOPPER_ADDRESS: Address = {
  line1: '12 Long Street',
  line2: null,
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
}

/** The shop's collection point in the fixtures. */
export const COLLECTION_POINT: CollectionPoint = {
  name: 'Karoo & Co. Woodstock',
  line1: '100 Albert Road',
  line2: null,
  suburb: 'Woodstock',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '7925',
  phone: '021 447 1234',
  hours: 'Mon–Fri 9:00–17:00, Sat 9:00–13:00',
}

/** An order's choice of collecting in store (free), as checkout snapshots it. */
export const COLLECT_SHIPPING: OrderShipping = {
  id: 'collect',
  kind: 'collect',
  name: 'Collect in store',
  estimate: 'Ready within 1 working day',
  pickupPoint: null,
  serviceCode: null,
  collection: COLLECTION_POINT,
}

/** The shared order draft: what checkout hands the store (R 129,00 a unit unless priced). */
export function draft(
  lines: {
    productId: string
    variantId?: string
    options?: { name: string; value: string }[]
    quantity: number
    unitPriceCents?: number
  }[],
  userId: string | null = null,
): OrderDraft &
  Pick<Order, 'shipping' | 'discounts' | 'giftCards' | 'storeCreditCents' | 'returns'> {
  const orderLines = lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId ?? line.productId,
    name: `Product ${line.productId}`,
    options: line.options ?? [],
    unitPriceCents: line.unitPriceCents ?? 12_900,
    quantity: line.quantity,
    imageUrl: `/images/${line.productId}.jpg`,
  }))
  const subtotalCents = orderLines.reduce(
    (sum, line) => sum + line.unitPriceCents * line.quantity,
    0,
  )
  const shippingCents = subtotalCents >= 100_000 ? 0 : 9_900
  const totalCents = subtotalCents + shippingCents
  return {
    userId,
    email: 'thandi@example.co.za',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    phone: '082 123 4567',
    shippingAddress: SHOPPER_ADDRESS,
    lines: orderLines,
    subtotalCents,
    shippingCents,
    totalCents,
    vatCents: Math.round((totalCents * 15) / 115),
    shipping: null,
    discounts: [],
    giftCards: [],
    storeCreditCents: 0,
    returns: [],
  }
}

/** The one order fixture: an unpaid order as the store holds it after checkout (R 398,00). */
export function pendingOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'K7M2P9QRTW',
    userId: null,
    email: 'thandi@example.co.za',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    phone: '082 123 4567',
    shippingAddress: SHOPPER_ADDRESS,
    lines: [
      {
        productId: 'rooibos',
        variantId: 'rooibos',
        options: [],
        name: 'Rooibos tea',
        unitPriceCents: 8950,
        quantity: 2,
        imageUrl: null,
      },
      {
        productId: 'honey',
        variantId: 'honey',
        options: [],
        name: 'Fynbos honey',
        unitPriceCents: 12000,
        quantity: 1,
        imageUrl: null,
      },
    ],
    subtotalCents: 29900,
    shippingCents: 9900,
    totalCents: 39800,
    vatCents: 5191,
    status: 'pending_payment',
    history: [{ status: 'pending_payment', at: '2024-05-01T10:00:00.000Z', note: null, by: null }],
    pfPaymentId: null,
    refundNeeded: false,
    shipment: null,
    shipping: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    shipments: [],
    bobgo: null,
    discounts: [],
    giftCards: [],
    storeCreditCents: 0,
    returns: [],
    refunds: [],
    invoice: null,
    buyerVatNumber: null,
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  }
}

/**
 * An in-memory order store for the order's life: `saveMove` decides on the order as held and
 * stores a change stamped with `clock`, as the adapters do in their transactions. `transitions`
 * lists the status changes it stored, `mail` the mail it stored with them.
 */
export function fakeOrders(
  orders: Order[],
  clock: Clock = systemClock,
): Pick<OrderStore, 'get' | 'saveMove'> & {
  snapshot(id: string): Order | undefined
  transitions: { id: string; to: OrderStatus }[]
  mail: OutboxDraft[]
} {
  const byId = new Map(orders.map((order) => [order.id, structuredClone(order)]))
  const transitions: { id: string; to: OrderStatus }[] = []
  const mail: OutboxDraft[] = []
  let invoices = 0
  return {
    transitions,
    mail,
    snapshot: (id) => structuredClone(byId.get(id)),
    async get(id) {
      const order = byId.get(id)
      return order ? structuredClone(order) : null
    },
    async saveMove(id, decide, drafts) {
      const order = byId.get(id)
      if (!order) return null
      const decision = decide(structuredClone(order))
      if (decision.kind === 'change') {
        const { change } = decision
        const at = clock().toISOString()
        if (change.status !== order.status) transitions.push({ id, to: change.status })
        Object.assign(order, {
          status: change.status,
          pfPaymentId: change.pfPaymentId,
          shipment: change.shipment,
          refundNeeded: change.refundNeeded,
          updatedAt: at,
        })
        order.history.push({ ...change.entry, at })
        if (change.issueInvoice && !order.invoice) {
          order.invoice = { number: documentNumber('INV', ++invoices), issuedAt: at }
        }
        mail.push(...drafts)
      }
      return { order: structuredClone(order), decision }
    },
  }
}

/** A move the order's life refused, thrown by `orderMoves` so a suite can expect a rejection. */
export class InvalidTransitionError extends Error {
  name = 'InvalidTransitionError'
}

/** The store's clock, as a test moves it (app/lib/clock.test-helper.ts's manualClock). */
type SettableClock = { set(iso: string): void }

type TransitionOptions = {
  /** The store's clock is set to this first, so the move is stamped with it. */
  at?: string
  note?: string
  pfPaymentId?: string
  by?: string
  shipment?: Shipment
  mail?: readonly OutboxDraft[]
}

function moved(result: MoveResult): Order {
  if (result.outcome === 'refused') throw new InvalidTransitionError(result.reason)
  return result.order
}

/**
 * The order's moves as the store suites make them, each through `moveOrder`: `transition` moves
 * to a status (its mail handed in), `flagLatePayment` and `markRefunded` flag and clear a refund,
 * `expirePending` sweeps. A move `at` a time first sets `clock`, the store's, to it. A refusal
 * throws InvalidTransitionError, so a suite states it with `rejects.toBeInstanceOf`.
 */
export function orderMoves(
  orders: Pick<OrderStore, 'get' | 'saveMove' | 'listPendingBefore'>,
  clock?: SettableClock,
) {
  const setClock = (at: string | undefined) => {
    if (at === undefined) return
    if (!clock) throw new Error("orderMoves: a move at a given time needs the store's clock")
    clock.set(at)
  }
  const deps = (mail: readonly OutboxDraft[] = []): OrderMoveDeps => ({
    orders,
    mail: async () => mail,
  })
  return {
    async transition(id: string, to: OrderStatus, options: TransitionOptions = {}): Promise<Order> {
      const move: OrderMoveName | null = moveTo(to)
      if (!move) throw new InvalidTransitionError(`No move reaches ${to}`)
      const { at, mail, ...request } = options
      setClock(at)
      return moved(await moveOrder(deps(mail), id, { move, ...request }))
    },
    async flagLatePayment(id: string, { at, pfPaymentId }: { at?: string; pfPaymentId: string }) {
      setClock(at)
      const result = await moveOrder(deps(), id, { move: 'flag-payment', pfPaymentId })
      return { order: moved(result), flagged: result.outcome === 'moved' }
    },
    async markRefunded(id: string, { by, at }: { by: string; at?: string }): Promise<Order> {
      setClock(at)
      return moved(await moveOrder(deps(), id, { move: 'refunded', by }))
    },
    /** Sweeps at `now` (the store's clock set there): orders older than `olderThan` expire. */
    async expirePending(olderThan: string, now: string): Promise<number> {
      // The sweep's cut-off is now minus the 30 minutes; the suites name both times.
      const ttl = Date.parse(now) - Date.parse(olderThan)
      if (ttl !== 30 * 60_000) throw new RangeError('The sweep expires after 30 minutes')
      setClock(now)
      return expireStalePending({ orders }, Date.parse(now))
    },
  }
}
