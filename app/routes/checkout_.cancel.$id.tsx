import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'

import { cartOwner } from '~/lib/cart/cart.server'
import { restoreCartFrom } from '~/lib/checkout/checkout.server'
import { getStore } from '~/lib/data/index.server'
import { cancelHeldOrder, heldOrderIds } from '~/lib/orders/orders.server'
import { sessionStorage } from '~/lib/session.server'
import { putToast } from '~/lib/toast.server'

/**
 * PayFast's cancel_url (a GET: PayFast sends the buyer's browser here). Cancels the pending order
 * for the session that placed it, releasing its stock, puts its lines back into the cart and
 * returns to /checkout with "Payment cancelled". See docs/decisions/007-orders.md for why this GET
 * may change state.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await getStore()
  const owner = await cartOwner(request)
  const { outcome, order } = await cancelHeldOrder(
    store,
    { userId: owner.userId, heldIds: heldOrderIds(owner.session) },
    params.id ?? '',
  )
  if (order && order.status === 'cancelled') await restoreCartFrom(order, owner, store)
  const title =
    outcome === 'already-settled' && order && order.status !== 'cancelled'
      ? `Order ${order.id} is no longer awaiting payment`
      : 'Payment cancelled'
  putToast(owner.session, {
    type: 'info',
    title,
    description:
      order?.status === 'cancelled'
        ? `Order ${order.id} was cancelled; your cart is as it was.`
        : undefined,
  })
  const to = order && order.status !== 'cancelled' ? `/orders/${order.id}` : '/checkout'
  return redirect(to, {
    headers: { 'Set-Cookie': await sessionStorage.commitSession(owner.session) },
  })
}
