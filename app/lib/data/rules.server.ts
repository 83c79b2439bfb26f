import { createHash, randomUUID } from 'node:crypto'

import {
  type ContactMessage,
  type OrderDraft,
  type RatingSummary,
  type Review,
  type User,
} from './types'
import type { PageRequest } from './store'

/**
 * Rules both adapters apply inside their transactions. Keeping them here means the SQLite and the
 * Firestore adapter cannot drift apart on what a rating or a reservation means. An order's moves
 * are decided in app/lib/orders/life.ts, before the adapters see them.
 */

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
