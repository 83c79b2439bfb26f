import { createHash, randomUUID } from 'node:crypto'

import {
  LATE_PAYMENT_NOTE,
  ORDER_TRANSITIONS,
  type ContactMessage,
  STOCK_RELEASED_STATUSES,
  type Order,
  type OrderDraft,
  type OrderStatus,
  type RatingSummary,
  type Review,
  type Shipment,
  type User,
} from './types'
import { InvalidTransitionError, type PageRequest } from './store'

/**
 * Rules both adapters apply inside their transactions. Keeping them here means the SQLite and the
 * Firestore adapter cannot drift apart on what a rating, a transition or a reservation means.
 */

export const EXPIRED_NOTE = 'Payment not completed within 30 minutes'

/** One review per customer per product, so the id can be derived; hashed so it does not expose the user id. */
export function reviewId(productId: string, userId: string): string {
  return createHash('sha256').update(`${productId}\u0000${userId}`).digest('hex').slice(0, 24)
}

/** A document id for arbitrary strings (rate-limit keys, token hashes) that may contain "/". */
export function safeDocId(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

export function assertRating(rating: number): asserts rating is Review['rating'] {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw new RangeError(`A rating is a whole number from 1 to 5, got ${rating}`)
  }
}

/** The summary after a customer's rating goes from `previous` (null: first review) to `next`. */
export function applyRating(
  summary: RatingSummary,
  previous: Review['rating'] | null,
  next: Review['rating'],
): RatingSummary {
  const distribution = summary.distribution.map(
    (n, i) => n - (previous === i + 1 ? 1 : 0) + (next === i + 1 ? 1 : 0),
  ) as RatingSummary['distribution']
  const removed = previous === null ? 0 : 1
  return {
    count: summary.count - removed + 1,
    sum: summary.sum - (previous ?? 0) + next,
    distribution,
  }
}

/** The history note of a late payment; carries the PayFast reference staff refund, and keys idempotency. */
export function latePaymentNote(pfPaymentId: string): string {
  return `${LATE_PAYMENT_NOTE} (pf_payment_id ${pfPaymentId})`
}

/** The history note of a further payment for an order already paid; carries the reference to refund. */
export function secondPaymentNote(pfPaymentId: string): string {
  return `second payment received (pf_payment_id ${pfPaymentId}): refund needed`
}

/**
 * What a genuine payment an order cannot take adds to its history: the late-payment note for an
 * order no longer payable (cancelled, payment failed), the second-payment note for one already paid
 * (paid and on). Null when this pf_payment_id is recorded already (the payment that settled it, or
 * one flagged before), so a repeated ITN changes nothing. InvalidTransitionError while the order is
 * still pending_payment: that payment settles it instead.
 */
export function extraPaymentNote(
  order: Pick<Order, 'id' | 'status' | 'pfPaymentId' | 'history'>,
  pfPaymentId: string,
): string | null {
  if (order.status === 'pending_payment') {
    throw new InvalidTransitionError(`Order ${order.id} is still waiting for its payment`)
  }
  const late = latePaymentNote(pfPaymentId)
  const second = secondPaymentNote(pfPaymentId)
  if (
    order.pfPaymentId === pfPaymentId ||
    order.history.some((entry) => entry.note === late || entry.note === second)
  ) {
    return null
  }
  return STOCK_RELEASED_STATUSES.includes(order.status) ? late : second
}

export function assertTransition(orderId: string, from: OrderStatus, to: OrderStatus): void {
  if (!ORDER_TRANSITIONS[from].includes(to)) {
    throw new InvalidTransitionError(`Order ${orderId} cannot go from ${from} to ${to}`)
  }
}

/**
 * The shipment a move records. Moving to shipped needs one, courier and tracking number both
 * non-blank (stored trimmed); any other move keeps the order's own shipment (undefined here).
 */
export function shipmentFor(
  orderId: string,
  to: OrderStatus,
  shipment: Shipment | undefined,
): Shipment | undefined {
  if (to !== 'shipped') return undefined
  const courier = shipment?.courier.trim() ?? ''
  const trackingNumber = shipment?.trackingNumber.trim() ?? ''
  if (!courier || !trackingNumber) {
    throw new InvalidTransitionError(
      `Order ${orderId} cannot be shipped without a courier and a tracking number`,
    )
  }
  return { courier, trackingNumber }
}

/** Only an order flagged for a refund can be marked refunded. */
export function assertRefundNeeded(order: Pick<Order, 'id' | 'refundNeeded'>): void {
  if (!order.refundNeeded) {
    throw new InvalidTransitionError(`Order ${order.id} is not waiting for a refund`)
  }
}

/** A back-office page request: a whole offset from 0 and a whole limit from 1. */
export function assertPage({ offset, limit }: PageRequest): void {
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`A page needs offset >= 0 and limit >= 1, got ${offset} and ${limit}`)
  }
}

/**
 * What a back-office order search `q` can be: an order id (upper-cased, as ids are issued) or an
 * email (as typed, trimmed, and its key); null for a blank search, which matches every order.
 */
export function orderSearch(
  q: string | undefined,
): { text: string; id: string; emailKey: string } | null {
  const text = q?.trim() ?? ''
  return text ? { text, id: text.toUpperCase(), emailKey: emailKey(text) } : null
}

export function releasesStock(to: OrderStatus): boolean {
  return STOCK_RELEASED_STATUSES.includes(to)
}

/**
 * Quantity wanted per variant, with the product that holds it. Two lines for one variant must be
 * checked against stock together, or each could pass alone and oversell.
 */
export function wantedPerVariant(
  draft: Pick<OrderDraft, 'lines'>,
): Map<string, { productId: string; quantity: number }> {
  if (draft.lines.length === 0) throw new RangeError('An order needs at least one line')
  const wanted = new Map<string, { productId: string; quantity: number }>()
  for (const line of draft.lines) {
    // A zero or negative quantity would add stock instead of reserving it.
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`Quantity for ${line.variantId} must be a positive whole number`)
    }
    const before = wanted.get(line.variantId)?.quantity ?? 0
    wanted.set(line.variantId, { productId: line.productId, quantity: before + line.quantity })
  }
  return wanted
}

/** Normalises a caller's time so string comparisons in queries (createdAt < olderThan) are sound. */
export function iso(time: string): string {
  const ms = Date.parse(time)
  if (Number.isNaN(ms)) throw new RangeError(`Not a time: ${time}`)
  return new Date(ms).toISOString()
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * Copies only the fields a user has, so a caller's extra properties (a password, or a `staff` flag
 * smuggled in) are never stored: new users are never staff.
 */
export function pickUser(
  input: Omit<User, 'staff' | 'createdAt' | 'updatedAt'>,
  now: string,
): User {
  return {
    id: input.id,
    email: input.email.trim(),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    address: input.address,
    staff: false,
    createdAt: now,
    updatedAt: now,
  }
}

/** A new contact message, unhandled. */
export function pickMessage(
  input: Omit<ContactMessage, 'id' | 'createdAt' | 'handledAt' | 'handledBy'>,
  now: string,
): ContactMessage {
  return {
    id: randomUUID(),
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    ip: input.ip,
    createdAt: iso(now),
    handledAt: null,
    handledBy: null,
  }
}
