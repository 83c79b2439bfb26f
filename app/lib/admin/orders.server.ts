import type { Audit, Store } from '~/lib/data/store'
import { ORDER_STATUSES, type Order, type OrderStatus } from '~/lib/data/types'
import { mailForOrderMove } from '~/lib/mail/messages.server'
import { normalizeOrderId } from '~/lib/orders/id'
import {
  canMove,
  STOCK_RELEASED_STATUSES,
  type MoveRequest,
  type OrderMoveName,
} from '~/lib/orders/life'
import { moveOrder } from '~/lib/orders/move.server'
import type { OrderMove, STAFF_ORDER_STATUSES } from '~/lib/orders/order-fields'
import { toOrderView } from '~/lib/orders/orders.server'
import { STATUS_LABELS } from '~/lib/orders/status'

import { ADMIN_PAGE_SIZE, pageCount, pageSlice } from './paging'

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

/** The search box takes an order id as typed ("k7m2-p9qr twxy") or an email. */
function searchTerm(q: string): string {
  const term = q.trim()
  return term.includes('@') ? term.toLowerCase() : normalizeOrderId(term)
}

/** One page of /admin/orders: newest first, of one status, matching an order id or email. */
export async function listOrders(
  store: Pick<Store, 'orders'>,
  query: { status: OrderStatus | null; q: string; page: number },
) {
  const term = searchTerm(query.q)
  const { items, total } = await store.orders.list({
    ...pageSlice(query.page),
    ...(query.status ? { status: query.status } : {}),
    ...(term ? { q: term } : {}),
  })
  return {
    orders: items.map((order) => ({
      id: order.id,
      createdAt: order.createdAt,
      name: `${order.firstName} ${order.lastName}`,
      email: order.email,
      status: order.status,
      statusLabel: STATUS_LABELS[order.status],
      totalCents: order.totalCents,
      itemCount: order.lines.reduce((n, line) => n + line.quantity, 0),
      refundNeeded: order.refundNeeded,
    })),
    total,
    page: query.page,
    pageCount: pageCount(total, ADMIN_PAGE_SIZE),
  }
}

/**
 * Why staff must refund money on a flagged order, in the words of the dashboard and the order
 * page (the history names each payment to refund); null when nothing is to be refunded.
 */
export function refundReason(order: Pick<Order, 'status' | 'refundNeeded'>): string | null {
  if (!order.refundNeeded) return null
  return STOCK_RELEASED_STATUSES.includes(order.status)
    ? 'paid after it was cancelled'
    : 'paid more than once'
}

/** A move staff can make, as the order page's forms and the refusal messages name it. */
export type StaffMoveName = (typeof STAFF_ORDER_STATUSES)[number] | 'cancel' | 'refunded'

/** Each move staff can make, as the order's life (app/lib/orders/life.ts) names it. */
const STAFF_MOVES: Record<StaffMoveName, OrderMoveName> = {
  processing: 'process',
  shipped: 'ship',
  delivered: 'deliver',
  ready_for_collection: 'ready',
  collected: 'collect',
  cancel: 'cancel',
  refunded: 'refunded',
}

/**
 * The moves the table allows staff from where the order is: paid -> processing -> shipped ->
 * delivered and paid -> shipped (collected in store: paid or processing -> ready for collection ->
 * collected); cancel while unpaid (pending_payment); refunded while flagged. A partially refunded
 * order moves on from where it stood before its refunds (life.ts `standing`).
 */
export function allowedMoves(
  order: Pick<Order, 'status' | 'history' | 'refundNeeded' | 'shipping'>,
): StaffMoveName[] {
  return (Object.keys(STAFF_MOVES) as StaffMoveName[]).filter((name) =>
    canMove(order, STAFF_MOVES[name]),
  )
}

const MOVE_WORDS: Record<StaffMoveName, string> = {
  processing: 'processing',
  shipped: 'shipped',
  delivered: 'delivered',
  ready_for_collection: 'ready for collection',
  collected: 'collected',
  cancel: 'cancel (unpaid orders only)',
  refunded: 'mark refunded (orders flagged for a refund only)',
}

/** Why a move is refused, naming the moves that are allowed. */
export function refusalMessage(
  order: Pick<Order, 'status' | 'history' | 'refundNeeded' | 'shipping'>,
  asked: StaffMoveName,
): string {
  const allowed = allowedMoves(order)
  const status = STATUS_LABELS[order.status].toLowerCase()
  const what =
    asked === 'cancel'
      ? `A ${status} order cannot be cancelled`
      : asked === 'refunded'
        ? `This order is not flagged for a refund`
        : `A ${status} order cannot move to ${MOVE_WORDS[asked]}`
  return `${what}. Allowed moves: ${allowed.length ? allowed.map((m) => MOVE_WORDS[m]).join(', ') : 'none'}.`
}

function moveName(move: OrderMove): StaffMoveName {
  return move.intent === 'status' ? move.status : move.intent
}

export type MoveOutcome = { ok: true; order: Order; done: string } | { ok: false; message: string }

const DONE: Record<StaffMoveName, string> = {
  processing: 'Marked processing',
  shipped: 'Marked shipped',
  delivered: 'Marked delivered',
  ready_for_collection: 'Marked ready for collection, the buyer mailed',
  collected: 'Marked collected',
  cancel: 'Order cancelled, its stock released',
  refunded: 'Marked refunded',
}

/**
 * Makes a staff move on the order, recording who made it; refuses one the order's life does not
 * allow from where the order is now (it may have moved on between the page and the post).
 */
export async function staffMoveOrder(
  store: Pick<Store, 'orders'>,
  order: Order,
  move: OrderMove,
  audit: Audit,
): Promise<MoveOutcome> {
  const name = moveName(move)
  const request: MoveRequest = { move: STAFF_MOVES[name], by: audit.by }
  if (move.intent === 'cancel') request.note = 'Cancelled by staff'
  if (move.intent === 'status' && move.status === 'shipped') {
    request.shipment = { courier: move.courier ?? '', trackingNumber: move.trackingNumber ?? '' }
  }
  const moves = { orders: store.orders, mail: mailForOrderMove }
  const result = await moveOrder(moves, order.id, request)
  if (result.outcome === 'moved') return { ok: true, order: result.order, done: DONE[name] }
  return { ok: false, message: refusalMessage(result.order ?? order, name) }
}

/** What /admin/orders/:id renders: the shopper's view plus who did what, the flag and the mail. */
export async function adminOrderView(store: Pick<Store, 'orders' | 'outbox'>, order: Order) {
  const emails = await store.outbox.list({ orderId: order.id, offset: 0, limit: 50 })
  return {
    ...toOrderView(order),
    refundNeeded: order.refundNeeded,
    refundReason: refundReason(order),
    customer: order.userId ? 'account' : 'guest',
    history: order.history.map((entry) => ({
      status: entry.status,
      label: STATUS_LABELS[entry.status],
      at: entry.at,
      note: entry.note,
      by: entry.by,
    })),
    moves: allowedMoves(order),
    emails: emails.items.map((mail) => ({
      key: mail.key,
      to: mail.to,
      subject: mail.subject,
      status: mail.status,
      attempts: mail.attempts,
      lastError: mail.lastError,
      createdAt: mail.createdAt,
      sentAt: mail.sentAt,
    })),
  }
}
export type AdminOrderView = Awaited<ReturnType<typeof adminOrderView>>
