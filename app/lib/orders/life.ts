import type { Order, OrderHistoryEntry, Shipment } from '~/lib/data/types'

/*
 * The order's life: its states, the moves between them (one table), what each move requires, the
 * history line it writes, whether it gives the stock back and which mail it causes. Pure: the
 * decision is taken here, `moveOrder` (./move.server.ts) persists it, and the adapters only store
 * it atomically. A new state or move (refunds, returns, collection) is a row in ORDER_MOVES.
 */

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'ready_for_collection',
  'collected',
  'cancelled',
  'payment_failed',
  'partially_refunded',
  'refunded',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** The statuses a refund reaches (app/lib/orders/refunds.ts), not a move of the table below. */
export const REFUND_STATUSES: readonly OrderStatus[] = ['partially_refunded', 'refunded']

/** The history note of an unpaid order the expiry sweep cancels. */
export const EXPIRED_NOTE = 'Payment not completed within 30 minutes'

/** Appended to the history of an order that was paid after it stopped being payable. */
export const LATE_PAYMENT_NOTE = 'payment received after cancellation: refund needed'

/** Appended to the history when staff mark a late payment refunded (refundNeeded goes off). */
export const REFUNDED_NOTE = 'payment refunded'

/** The history note of a late payment; carries the PayFast reference staff refund, and keys idempotency. */
export function latePaymentNote(pfPaymentId: string): string {
  return `${LATE_PAYMENT_NOTE} (pf_payment_id ${pfPaymentId})`
}

/** The history note of a further payment for an order already paid; carries the reference to refund. */
export function secondPaymentNote(pfPaymentId: string): string {
  return `second payment received (pf_payment_id ${pfPaymentId}): refund needed`
}

/** What a move needs besides the order: a shipment, a payment reference, a refund flag. */
type Requirement = 'shipment' | 'payment' | 'refund-flag'

/**
 * How the order reaches its buyer, as its moves care: collected in store (its `shipping.kind` is
 * `collect`), emailed (`email`: gift cards only, nothing to send), or delivered (every other
 * method, and orders placed before methods existed).
 */
export type Fulfilment = 'collection' | 'delivery' | 'email'

/** Whether `order` is collected in store, emailed or delivered. */
export function fulfilmentOf(order: Pick<Order, 'shipping'>): Fulfilment {
  const kind = order.shipping?.kind
  return kind === 'collect' ? 'collection' : kind === 'email' ? 'email' : 'delivery'
}

/** The history note of an order of gift cards only once its codes are issued and emailed. */
export const EMAILED_NOTE = 'Gift card codes emailed to the buyer: nothing to ship'

type MoveRule = {
  /** The statuses the move starts from. */
  from: readonly OrderStatus[]
  /** The status it ends in; null: the order keeps its status (a note and a flag only). */
  to: OrderStatus | null
  requires?: Requirement
  /** The order's lines go back into stock. */
  releasesStock?: boolean
  /**
   * The order gives back what it claimed when placed: its discounts' uses, and the amounts held on
   * its gift cards and store credit. Every move that releases the stock does (the order is off).
   */
  releasesClaims?: boolean
  /** The amounts held on the order's gift cards and store credit become spent (it is paid). */
  spendsHolds?: boolean
  /** The buyer hears about it (the mail composer renders the mail for the status reached). */
  mails?: boolean
  /** The history note when the caller gives none. */
  note?: string
  /** What the move does to the refund flag. */
  refund?: 'flag' | 'clear'
  /** Only for orders fulfilled this way (a collect order is never shipped, nor a parcel collected). */
  only?: Fulfilment
  /**
   * The order gets its tax invoice, numbered from the gap-free counter in the move's transaction
   * (never a second one: an order that has an invoice keeps it).
   */
  issuesInvoice?: boolean
}

const SETTLED: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'pending_payment')

/**
 * Every move an order can make (docs/contracts.md "Business rules"). `pay`, `fail` and `cancel`
 * settle an unpaid order (PayFast, the shopper, staff); `expire` is the sweep's silent cancel;
 * `process`, `ship` and `deliver` are staff's, and for an order collected in store `ready`
 * (ready for collection, mailed with the address and hours) and `collect`; `email` delivers an order
 * of gift cards only once its codes are mailed; `flag-payment` notes a
 * payment the order cannot take (a refund to make) and `refunded` records that staff made it.
 */
export const ORDER_MOVES = {
  pay: {
    from: ['pending_payment'],
    to: 'paid',
    mails: true,
    spendsHolds: true,
    issuesInvoice: true,
  },
  fail: {
    from: ['pending_payment'],
    to: 'payment_failed',
    releasesStock: true,
    releasesClaims: true,
    mails: true,
  },
  cancel: {
    from: ['pending_payment'],
    to: 'cancelled',
    releasesStock: true,
    releasesClaims: true,
    mails: true,
  },
  // NOTE: no mail: the shopper walked away from PayFast half an hour ago, and a message about it
  // (sent whenever someone next happens to read orders) would only puzzle them.
  expire: {
    from: ['pending_payment'],
    to: 'cancelled',
    releasesStock: true,
    releasesClaims: true,
    note: EXPIRED_NOTE,
  },
  process: { from: ['paid'], to: 'processing' },
  ship: {
    from: ['paid', 'processing'],
    to: 'shipped',
    requires: 'shipment',
    mails: true,
    only: 'delivery',
  },
  deliver: { from: ['shipped'], to: 'delivered' },
  ready: {
    from: ['paid', 'processing'],
    to: 'ready_for_collection',
    mails: true,
    only: 'collection',
  },
  collect: { from: ['ready_for_collection'], to: 'collected', only: 'collection' },
  // Gift cards only: once every card is issued and its code mailed (by the shop, not staff), the
  // order is delivered; it never waits for a shipment. No mail: the codes' mails are the delivery.
  email: { from: ['paid', 'processing'], to: 'delivered', only: 'email', note: EMAILED_NOTE },
  'flag-payment': { from: SETTLED, to: null, requires: 'payment', refund: 'flag' },
  refunded: {
    from: ORDER_STATUSES,
    to: null,
    requires: 'refund-flag',
    note: REFUNDED_NOTE,
    refund: 'clear',
  },
} as const satisfies Record<string, MoveRule>

export type OrderMoveName = keyof typeof ORDER_MOVES

const MOVES = ORDER_MOVES as Record<OrderMoveName, MoveRule>

/** Statuses in which an order no longer holds its stock: no longer payable. */
export const STOCK_RELEASED_STATUSES: readonly OrderStatus[] = [
  ...new Set(
    Object.values(MOVES)
      .filter((rule) => rule.releasesStock)
      .map((rule) => rule.to!),
  ),
]

/** The move that takes an unpaid or settled order to `to`; a status no move reaches has none. */
export function moveTo(to: OrderStatus): OrderMoveName | null {
  const names = Object.keys(MOVES) as OrderMoveName[]
  // The expiry shares cancel's target; the named cancel is the one a caller asks for by status.
  return names.find((name) => MOVES[name].to === to && name !== 'expire') ?? null
}

/**
 * Where the order stands for the table's moves. A partial refund (app/lib/orders/refunds.ts) does
 * not stop the rest of the order being processed, shipped, delivered or collected: a partially
 * refunded order moves on from the status it had before its refunds (its last history entry that
 * is not a refund's), and the move's status replaces `partially_refunded` (the refunds stay listed
 * on the order). A wholly refunded order is done: nothing in the table moves it.
 */
export function standing(order: Pick<Order, 'status' | 'history'>): OrderStatus {
  if (order.status !== 'partially_refunded') return order.status
  const before = [...order.history].reverse().find((e) => !REFUND_STATUSES.includes(e.status))
  return before?.status ?? order.status
}

/**
 * Whether the table lets `order` make `move` from where it is (the back office offers only these);
 * what the caller must bring (a shipment, a payment reference) is checked when it is made.
 */
export function canMove(
  order: Pick<Order, 'status' | 'history' | 'refundNeeded' | 'shipping'>,
  move: OrderMoveName,
) {
  const rule = MOVES[move]
  return (
    rule.from.includes(standing(order)) &&
    (rule.requires !== 'refund-flag' || order.refundNeeded) &&
    (!rule.only || rule.only === fulfilmentOf(order))
  )
}

/** What a caller asks of an order: the move and what it brings. */
export type MoveRequest = {
  move: OrderMoveName
  /** Overrides the move's own note (e.g. "PayFast COMPLETE (pf_payment_id 1)"). */
  note?: string
  /** The staff member making it (back office); null for the shop, PayFast and the sweep. */
  by?: string | null
  /** PayFast's payment reference: recorded by `pay`, required by `flag-payment`. */
  pfPaymentId?: string
  /** Required by `ship`: courier and tracking number, both non-blank. */
  shipment?: Shipment
}

/**
 * What a decided move changes, as the store persists it atomically: these fields, the history
 * entry appended (the store stamps its time), the order's lines given back to stock when
 * `releaseStock`, its discount uses and gift-card and store-credit holds given back when
 * `releaseClaims`, and those holds made spends when `spendHolds`.
 */
export type OrderChange = {
  status: OrderStatus
  pfPaymentId: string | null
  shipment: Shipment | null
  refundNeeded: boolean
  entry: Omit<OrderHistoryEntry, 'at'>
  releaseStock: boolean
  releaseClaims: boolean
  spendHolds: boolean
  /** The store numbers and stamps the order's invoice in the move's transaction, if it has none. */
  issueInvoice: boolean
}

export type MoveDecision =
  | { kind: 'change'; change: OrderChange; mails: boolean }
  /** The move happened already (a repeated payment reference): nothing to write. */
  | { kind: 'unchanged' }
  | { kind: 'refused'; reason: string }

type DecidedOrder = Pick<
  Order,
  'id' | 'status' | 'history' | 'pfPaymentId' | 'shipment' | 'refundNeeded' | 'shipping'
>

/** The decision a store takes, inside its transaction, on the order as it is stored there. */
export type DecideMove = (order: Order) => MoveDecision

/** The shipment a ship move records: courier and tracking number both non-blank, stored trimmed. */
function validShipment(shipment: Shipment | undefined): Shipment | null {
  const courier = shipment?.courier.trim() ?? ''
  const trackingNumber = shipment?.trackingNumber.trim() ?? ''
  return courier && trackingNumber ? { courier, trackingNumber } : null
}

/**
 * Decides `request` on `order`, without side effects and without the time (no move depends on it;
 * the store stamps the change): refused when the table does not allow it from the order's status or
 * a requirement is missing; unchanged when it is a repeat.
 */
export function decideMove(order: DecidedOrder, request: MoveRequest): MoveDecision {
  const rule = MOVES[request.move]
  if (!rule.from.includes(standing(order))) {
    return {
      kind: 'refused',
      reason:
        rule.to === null
          ? `Order ${order.id} cannot take ${request.move} while ${order.status}`
          : `Order ${order.id} cannot go from ${order.status} to ${rule.to}`,
    }
  }
  if (rule.only && rule.only !== fulfilmentOf(order)) {
    return {
      kind: 'refused',
      reason:
        fulfilmentOf(order) === 'email'
          ? `Order ${order.id} is gift cards only, emailed: nothing to ship or collect`
          : rule.only === 'email'
            ? `Order ${order.id} is not gift cards only: it is not emailed`
            : rule.only === 'collection'
              ? `Order ${order.id} is delivered, not collected in store`
              : `Order ${order.id} is collected in store, not shipped`,
    }
  }
  let shipment = order.shipment
  let note = request.note ?? rule.note ?? null
  if (rule.requires === 'shipment') {
    const given = validShipment(request.shipment)
    if (!given) {
      return {
        kind: 'refused',
        reason: `Order ${order.id} cannot be shipped without a courier and a tracking number`,
      }
    }
    shipment = given
  }
  if (rule.requires === 'refund-flag' && !order.refundNeeded) {
    return { kind: 'refused', reason: `Order ${order.id} is not waiting for a refund` }
  }
  if (rule.requires === 'payment') {
    const pfPaymentId = request.pfPaymentId ?? ''
    if (!pfPaymentId) return { kind: 'refused', reason: 'a flagged payment needs its reference' }
    const late = latePaymentNote(pfPaymentId)
    const second = secondPaymentNote(pfPaymentId)
    if (
      order.pfPaymentId === pfPaymentId ||
      order.history.some((entry) => entry.note === late || entry.note === second)
    ) {
      return { kind: 'unchanged' }
    }
    note = STOCK_RELEASED_STATUSES.includes(order.status) ? late : second
  }
  const status = rule.to ?? order.status
  const payment = request.pfPaymentId ?? null
  return {
    kind: 'change',
    mails: rule.mails === true,
    change: {
      status,
      // The paying move records its reference; a flagged payment only when the order had none.
      pfPaymentId:
        request.move === 'pay' ? (payment ?? order.pfPaymentId) : (order.pfPaymentId ?? payment),
      shipment,
      refundNeeded:
        rule.refund === 'flag' ? true : rule.refund === 'clear' ? false : order.refundNeeded,
      entry: { status, note, by: request.by ?? null },
      releaseStock: rule.releasesStock === true,
      releaseClaims: rule.releasesClaims === true,
      spendHolds: rule.spendsHolds === true,
      issueInvoice: rule.issuesInvoice === true,
    },
  }
}
