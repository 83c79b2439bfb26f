import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { Link } from '~/components/link'
import { signInUrl } from '~/lib/auth/user.server'
import { notFound } from '~/lib/http.server'
import { isOrderId } from '~/lib/orders/id'
import { OrderDetails } from '~/components/orders/order-view'
import { ShipmentTracking } from '~/components/shipping/tracking'
import { findVisibleOrder } from '~/lib/orders/customer.server'
import { toOrderView } from '~/lib/orders/orders.server'
import { requestContext } from '~/lib/request-context.server'
import styles from '~/styles/buying.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `Order ${data.kind === 'full' ? data.order.id : data.orderId} | Karoo & Co.`
      : 'Order | Karoo & Co.',
  },
  { name: 'robots', content: 'noindex' },
]

/**
 * One order. Its customer sees it in full, and so does the browser session that placed it (guests
 * returning from PayFast). A signed-out visitor with a guest order's link gets a bare confirmation
 * (the id and a link to tracking); another customer's order and a malformed id are 404s.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id
  if (!isOrderId(id)) throw notFound()
  const { access, order, userId } = await findVisibleOrder(await requestContext(request), id)
  if (access === 'full') {
    return { kind: 'full' as const, order: toOrderView(order), signedIn: userId !== null }
  }
  if (userId) throw notFound()
  if (order && order.userId === null) return { kind: 'confirmation' as const, orderId: order.id }
  // The `authenticated` rule for everything else: sign in first (a customer's own order).
  throw redirect(signInUrl(request))
}

export default function OrderPage() {
  const result = useLoaderData<typeof loader>()
  if (result.kind === 'confirmation') {
    return (
      <div className="buying-page order-page">
        <h1>Thank you for your order</h1>
        <p>
          Your order number is <strong>{result.orderId}</strong>. Keep it with the email address you
          used at checkout.
        </p>
        <p>
          <Link to="/track_order">Track your order</Link> to see its status.
        </p>
      </div>
    )
  }
  const { order, signedIn } = result
  return (
    <div className="buying-page order-page">
      <h1>Order {order.id}</h1>
      {order.status === 'paid' ? (
        <p className="notice notice--success">Thank you! Your payment was received.</p>
      ) : null}
      <OrderDetails order={order} />
      <ShipmentTracking shipments={order.tracking} titleId="order-tracking-title" />
      <p>
        {signedIn ? (
          <Link to="/orders">All your orders</Link>
        ) : (
          <Link to="/track_order">Track an order</Link>
        )}{' '}
        · <Link to="/shop">Continue shopping</Link>
      </p>
    </div>
  )
}
