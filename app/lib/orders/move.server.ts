import { nowMs } from '~/lib/clock'
import type { OrderStore } from '~/lib/data/store'
import type { Order, OrderStatus, OutboxDraft, Shipment } from '~/lib/data/types'
import { logger } from '~/lib/log.server'

import { decideMove, type MoveRequest } from './life'

/** The mail a move causes, for the status it reaches (the shipped mail with its shipment). */
export type OrderMailComposer = (
  order: Order,
  to: OrderStatus,
  shipment?: Shipment | null,
) => Promise<readonly OutboxDraft[]>

/**
 * What moving an order works with: the order store (whose clock stamps the move) and the mail
 * composer.
 */
export type OrderMoveDeps = {
  orders: Pick<OrderStore, 'get' | 'saveMove'>
  /** None: the move writes no mail (tests of the store alone). */
  mail?: OrderMailComposer
}

export type MoveResult =
  | { outcome: 'moved'; order: Order }
  /** A repeat of what the order already records: nothing written. */
  | { outcome: 'unchanged'; order: Order }
  /** Not allowed from where the order is now (or no such order): nothing written. */
  | { outcome: 'refused'; order: Order | null; reason: string }

/**
 * Every way an order changes goes through here (PayFast, staff, the shopper, the expiry sweep):
 * the move is decided by the table (./life.ts) on the order as the store holds it inside the
 * transaction that writes it, so two moves racing for one order are decided one after the other
 * and a refusal names where the order is now. The mail is composed beforehand from the order's
 * read (an order's lines, totals and buyer never change) and written only with the move.
 */
export async function moveOrder(
  deps: OrderMoveDeps,
  orderId: string,
  request: MoveRequest,
): Promise<MoveResult> {
  const order = await deps.orders.get(orderId)
  if (!order) return { outcome: 'refused', order: null, reason: `Unknown order ${orderId}` }
  const first = decideMove(order, request)
  if (first.kind === 'refused') return { outcome: 'refused', order, reason: first.reason }
  if (first.kind === 'unchanged') return { outcome: 'unchanged', order }
  // Keyed by the order and the event: a replayed move that gets this far still mails once.
  const mail =
    first.mails && deps.mail
      ? await deps.mail(order, first.change.status, first.change.shipment)
      : []
  const saved = await deps.orders.saveMove(orderId, (current) => decideMove(current, request), mail)
  if (!saved) return { outcome: 'refused', order: null, reason: `Unknown order ${orderId}` }
  const { decision } = saved
  if (decision.kind === 'refused') {
    return { outcome: 'refused', order: saved.order, reason: decision.reason }
  }
  if (decision.kind !== 'change') return { outcome: 'unchanged', order: saved.order }
  // One line per move, with the request's id or the job's name: "what happened to order X".
  logger.info(
    { orderId, move: request.move, from: order.status, to: saved.order.status },
    `Order ${orderId}: ${request.move} (${order.status} -> ${saved.order.status})`,
  )
  return { outcome: 'moved', order: saved.order }
}

/** A pending_payment order older than this is cancelled and its stock released. */
export const PENDING_PAYMENT_TTL_MS = 30 * 60 * 1000

/**
 * Expires stale pending orders (the `expire` move: stock back, no mail). No timers: called lazily
 * before an order is placed and before orders are read, which is when a stale reservation would
 * matter. Each order is its own move, so a payment that lands meanwhile wins. Returns how many.
 * `now` places the cut-off (orders created 30 minutes before it); the store's clock stamps the moves.
 */
export async function expireStalePending(
  store: { orders: Pick<OrderStore, 'get' | 'saveMove' | 'listPendingBefore'> },
  now = nowMs(),
): Promise<number> {
  const stale = await store.orders.listPendingBefore(
    new Date(now - PENDING_PAYMENT_TTL_MS).toISOString(),
  )
  let expired = 0
  for (const order of stale) {
    const result = await moveOrder({ orders: store.orders }, order.id, { move: 'expire' })
    if (result.outcome === 'moved') expired += 1
  }
  return expired
}
