import { restoreCartFrom, type CartOwner } from '~/lib/cart/cart.server'
import type { Store } from '~/lib/data/index.server'
import type { Order } from '~/lib/data/types'
import type { RequestContext } from '~/lib/request-context.server'

import { isOrderId } from './id'
import { isOrderLinkKey } from './order-link.server'
import {
  cancelHeldOrder,
  canSeeOrder,
  expireStalePending,
  heldOrderIds,
  type CancelOutcome,
} from './orders.server'
import { STATUS_LABELS } from './status'

/**
 * The order features as the routes ask for them: the store and who is asking come from the
 * caller (its request context), and stale pending orders are expired before anything is read.
 */

export type OrderLookup =
  /** The asker may see the order in full: its customer, or the browser session that placed it. */
  | { access: 'full'; order: Order; userId: string | null }
  /**
   * The asker holds the order's own link (`?key=`, ./order-link.server.ts): they see the order,
   * its tracking, invoice and returns, but not the account's parts.
   */
  | { access: 'link'; order: Order; userId: string | null }
  /** Not theirs, or no such order (null). */
  | { access: 'none'; order: Order | null; userId: string | null }

/**
 * The order with `id` and whether the asker may see it; a malformed id finds nothing. `key` is the
 * order link's key (`?key=` of /orders/{id}), when the asker came by one.
 */
export async function findVisibleOrder(
  { store, session, userId: signedIn }: Pick<RequestContext, 'store' | 'session' | 'userId'>,
  id: string,
  key: string | null = null,
): Promise<OrderLookup> {
  const userId = await signedIn()
  if (!isOrderId(id)) return { access: 'none', order: null, userId }
  await expireStalePending(store)
  const order = await store.orders.get(id)
  if (order && canSeeOrder(order, { userId, heldIds: heldOrderIds(session) })) {
    return { access: 'full', order, userId }
  }
  if (order && isOrderLinkKey(order.id, key)) return { access: 'link', order, userId }
  return { access: 'none', order, userId }
}

export type OrderSummary = {
  id: string
  createdAt: string
  status: Order['status']
  statusLabel: string
  itemCount: number
  totalCents: number
}

/** A customer's orders, newest first (the store's order), as the orders page lists them. */
export async function listCustomerOrders(store: Store, userId: string): Promise<OrderSummary[]> {
  await expireStalePending(store)
  const orders = await store.orders.listForUser(userId)
  return orders.map((o) => ({
    id: o.id,
    createdAt: o.createdAt,
    status: o.status,
    statusLabel: STATUS_LABELS[o.status],
    itemCount: o.lines.reduce((n, l) => n + l.quantity, 0),
    totalCents: o.totalCents,
  }))
}

/**
 * The shopper came back from PayFast's cancel link: cancels the pending order they placed (its
 * stock goes back) and puts its lines back into their cart. The caller commits `owner.session`.
 */
export async function cancelPayment(
  store: Store,
  owner: CartOwner,
  orderId: string,
): Promise<{ outcome: CancelOutcome; order: Order | null }> {
  const result = await cancelHeldOrder(
    store,
    { userId: owner.userId, heldIds: heldOrderIds(owner.session) },
    orderId,
  )
  if (result.order?.status === 'cancelled') await restoreCartFrom(result.order, owner, store)
  return result
}
