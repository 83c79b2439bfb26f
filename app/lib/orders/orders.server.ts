import type { Session } from '@remix-run/node'

import type { Store } from '~/lib/data/index.server'
import type { OptionValue, Order, OrderStatus, Shipment } from '~/lib/data/types'

import { mailForOrderMove } from '~/lib/mail/messages.server'
import { shippingSummary, type ShippingSummary } from '~/lib/shipping/order-shipping'
import { shipmentViews, type ShipmentView } from '~/lib/shipping/tracking'

import { isOrderId } from './id'
import { orderPromotionsView, type OrderPromotionsView } from './order-promotions'
import { moveOrder } from './move.server'
import { STATUS_LABELS } from './status'

export { expireStalePending, PENDING_PAYMENT_TTL_MS } from './move.server'

/** Orders a browser session remembers having placed (guests see these without an account). */
export const MAX_HELD_ORDERS = 20
const HELD_KEY = 'orderIds'

/** The order ids this browser session placed, newest first. */
export function heldOrderIds(session: Session): string[] {
  const raw: unknown = session.get(HELD_KEY)
  return Array.isArray(raw) ? raw.filter(isOrderId).slice(0, MAX_HELD_ORDERS) : []
}

/** Remembers that this session placed `orderId`; the caller commits the session. */
export function holdOrderId(session: Session, orderId: string) {
  session.set(
    HELD_KEY,
    [orderId, ...heldOrderIds(session).filter((id) => id !== orderId)].slice(0, MAX_HELD_ORDERS),
  )
}

/**
 * Who may see an order in full: its customer (signed in), or the browser session that placed it.
 * Anyone else gets null (the routes answer 404 or a bare confirmation).
 */
export function canSeeOrder(
  order: Pick<Order, 'id' | 'userId'>,
  viewer: { userId: string | null; heldIds: readonly string[] },
) {
  if (order.userId !== null) return order.userId === viewer.userId
  return viewer.heldIds.includes(order.id)
}

export type CancelOutcome = 'cancelled' | 'already-settled' | 'not-yours'

/**
 * The PayFast cancel_url: cancels a pending order (releasing its stock) for the session that placed
 * it. An order PayFast's ITN already cancelled, or one that was paid meanwhile, is left as it is.
 */
export async function cancelHeldOrder(
  store: Pick<Store, 'orders'>,
  viewer: { userId: string | null; heldIds: readonly string[] },
  orderId: string,
): Promise<{ outcome: CancelOutcome; order: Order | null }> {
  if (!isOrderId(orderId)) return { outcome: 'not-yours', order: null }
  const order = await store.orders.get(orderId)
  if (
    !order ||
    !(
      viewer.heldIds.includes(order.id) ||
      (order.userId !== null && order.userId === viewer.userId)
    )
  ) {
    return { outcome: 'not-yours', order: null }
  }
  const moves = { orders: store.orders, mail: mailForOrderMove }
  const result = await moveOrder(moves, order.id, {
    move: 'cancel',
    note: 'Payment cancelled at PayFast',
  })
  // Refused: no longer unpaid (PayFast's ITN or the expiry settled it, perhaps just now).
  return result.outcome === 'moved'
    ? { outcome: 'cancelled', order: result.order }
    : { outcome: 'already-settled', order: result.order }
}

export type OrderView = {
  id: string
  status: OrderStatus
  statusLabel: string
  createdAt: string
  email: string
  name: string
  phone: string
  history: { status: OrderStatus; label: string; at: string; note: string | null }[]
  lines: {
    productId: string
    variantId: string
    name: string
    /** The variant's option values ("Size: M"), so the order, tracking and its JSON show them. */
    options: OptionValue[]
    unitPriceCents: number
    quantity: number
    lineTotalCents: number
    imageUrl: string | null
  }[]
  subtotalCents: number
  shippingCents: number
  totalCents: number
  vatCents: number
  shippingAddress: Order['shippingAddress']
  pfPaymentId: string | null
  /** Courier and tracking number once the order is shipped. */
  shipment: Shipment | null
  /** The delivery method chosen at checkout, and the pickup point or collection point. */
  shipping: ShippingSummary
  /** The parcels it travels in (Bob Go's shipments, or the one staff typed) with their tracking. */
  tracking: ShipmentView[]
  /** The discounts, gift cards (masked) and store credit it used, from its snapshot. */
  promotions: OrderPromotionsView
}

/** What the order page renders, and nothing else. */
export function toOrderView(order: Order): OrderView {
  return {
    id: order.id,
    status: order.status,
    statusLabel: STATUS_LABELS[order.status],
    createdAt: order.createdAt,
    email: order.email,
    name: `${order.firstName} ${order.lastName}`,
    phone: order.phone,
    history: order.history.map((h) => ({
      status: h.status,
      label: STATUS_LABELS[h.status],
      at: h.at,
      note: h.note,
    })),
    lines: order.lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      name: l.name,
      options: l.options,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      lineTotalCents: l.unitPriceCents * l.quantity,
      imageUrl: l.imageUrl,
    })),
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    vatCents: order.vatCents,
    shippingAddress: order.shippingAddress,
    pfPaymentId: order.pfPaymentId,
    shipment: order.shipment,
    shipping: shippingSummary(order.shipping),
    tracking: shipmentViews(order),
    promotions: orderPromotionsView(order),
  }
}

/** The tracking page's answer: the timeline and totals, no address or phone. */
export function toTrackingView(order: Order) {
  const view = toOrderView(order)
  return {
    id: view.id,
    status: view.status,
    statusLabel: view.statusLabel,
    createdAt: view.createdAt,
    history: view.history,
    itemCount: view.lines.reduce((n, l) => n + l.quantity, 0),
    totalCents: view.totalCents,
    promotions: view.promotions,
    shipment: view.shipment,
    shipping: view.shipping,
    tracking: view.tracking,
  }
}
export type TrackingView = ReturnType<typeof toTrackingView>
