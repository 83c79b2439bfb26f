import type { LoaderFunctionArgs } from '@remix-run/node'

import { cartOwner } from '~/lib/cart/cart.server'
import { RETRY_PARAM } from '~/lib/checkout/checkout.server'
import { cancelPayment } from '~/lib/orders/customer.server'
import { sessionStorage } from '~/lib/cookie-session.server'
import { requestContext } from '~/lib/request-context.server'
import { redirectWithToast } from '~/lib/toast.server'

/**
 * PayFast's cancel_url (a GET: PayFast sends the buyer's browser here). Cancels the pending order
 * for the session that placed it, releasing its stock, puts its lines back into the cart and
 * returns to /checkout with "Payment cancelled", the form filled in as the order was placed. See docs/decisions/007-orders.md for why this GET
 * may change state.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requestContext(request)
  const owner = await cartOwner(ctx)
  const { outcome, order } = await cancelPayment(ctx.store, owner, params.id ?? '')
  const title =
    outcome === 'already-settled' && order && order.status !== 'cancelled'
      ? `Order ${order.id} is no longer awaiting payment`
      : 'Payment cancelled'
  const to = !order
    ? '/checkout'
    : order.status === 'cancelled'
      ? // Checkout comes back filled in with what the order was placed with.
        `/checkout?${new URLSearchParams({ [RETRY_PARAM]: order.id })}`
      : `/orders/${order.id}`
  return redirectWithToast(
    to,
    {
      type: 'info',
      title,
      description:
        order?.status === 'cancelled'
          ? `Order ${order.id} was cancelled; your cart is as it was.`
          : undefined,
    },
    { headers: { 'Set-Cookie': await sessionStorage.commitSession(owner.session) } },
  )
}
