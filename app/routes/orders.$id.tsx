import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { Link } from '~/components/link'
import { signInUrl } from '~/lib/auth/user.server'
import { notFound } from '~/lib/http.server'
import { isOrderId } from '~/lib/orders/id'
import { OrderDetails } from '~/components/orders/order-view'
import { OrderDocuments } from '~/components/orders/order-documents'
import { orderDocumentsView } from '~/lib/documents/view'
import { OrderRefunds } from '~/components/orders/order-refunds'
import { ReturnRequest } from '~/components/orders/return-request'
import { ReturnsView } from '~/components/orders/returns-view'
import { ShipmentTracking } from '~/components/shipping/tracking'
import { findVisibleOrder } from '~/lib/orders/customer.server'
import { boughtGiftCards } from '~/lib/orders/gift-card-products.server'
import { orderLinkPath } from '~/lib/orders/order-link.server'
import { newReturnKey, requestReturnAction } from '~/lib/orders/return-actions.server'
import { REQUEST_RETURN_INTENT } from '~/lib/orders/return-fields'
import { returnWindowDays } from '~/lib/orders/returns.server'
import { refundViews } from '~/lib/orders/refunds-view'
import { returnFormView, returnViews } from '~/lib/orders/returns-view'
import { toOrderView } from '~/lib/orders/orders.server'
import { requestContext } from '~/lib/request-context.server'
import styles from '~/styles/buying.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data ? `Order ${data.order.id} | Karoo & Co.` : 'Order | Karoo & Co.',
  },
  { name: 'robots', content: 'noindex' },
]

/**
 * One order. Its customer sees it in full, and so does the browser session that placed it (guests
 * returning from PayFast), and whoever holds the order's own link (`?key=`, in its mails). Anyone
 * else gets the answer a made-up id gets, so a stranger cannot tell which ids exist: signed out,
 * sign in first; signed in, the 404 page. A guest who lost the session and the mail finds the
 * order through /track_order (its id and email).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id
  if (!isOrderId(id)) throw notFound()
  const context = await requestContext(request)
  const key = new URL(request.url).searchParams.get('key')
  const { access, order, userId } = await findVisibleOrder(context, id, key)
  if (access === 'full' || access === 'link') {
    const bought = await boughtGiftCards(context.store, order)
    return {
      kind: access,
      order: toOrderView(order),
      // The account's parts (all your orders) only for the customer signed in to it.
      signedIn: access === 'full' && userId !== null && order.userId === userId,
      // A guest keeps this to come back without the browser session that placed the order.
      orderLink: order.userId === null ? orderLinkPath(order.id) : null,
      // The codes themselves go by email only; the page says how many and where.
      giftCards: { bought: bought.length, issued: bought.filter((b) => b.card).length },
      // The invoice and credit notes; a guest by link gets links that carry the key.
      documents: orderDocumentsView(order, access === 'link' ? key : null),
      refunds: refundViews(order),
      returns: {
        list: returnViews(order),
        form: returnFormView(order, context.clock().toISOString(), returnWindowDays()),
        windowDays: returnWindowDays(),
        key: newReturnKey(),
        // A guest by link posts back with the link's key.
        action: returnFormAction(order.id, access === 'link' ? key : null),
      },
    }
  }
  // NOTE: nothing here may depend on whether the order exists (`order` is deliberately unused).
  if (userId) throw notFound()
  // The `authenticated` rule: sign in first (it may be the customer's own order).
  throw redirect(signInUrl(request))
}

/** Where the return form posts: the order's page, with the order link's key for a guest by link. */
function returnFormAction(orderId: string, key: string | null) {
  const path = `/orders/${encodeURIComponent(orderId)}`
  return key ? `${path}?key=${encodeURIComponent(key)}` : path
}

/**
 * The buyer's forms on their order (`intent=request-return`), for whoever may see it in full or by
 * its link; anyone else gets what the loader gives them.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id
  if (!isOrderId(id)) throw notFound()
  const context = await requestContext(request)
  const key = new URL(request.url).searchParams.get('key')
  const { access, order, userId } = await findVisibleOrder(context, id, key)
  if (access === 'none') {
    if (userId) throw notFound()
    throw redirect(signInUrl(request))
  }
  const formData = await request.formData()
  if (formData.get('intent') === REQUEST_RETURN_INTENT) {
    const path = returnFormAction(order.id, access === 'link' ? key : null)
    return requestReturnAction(context.store, order, formData, path)
  }
  throw notFound()
}

export default function OrderPage() {
  const { order, signedIn, giftCards, orderLink, returns, refunds, documents } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="buying-page order-page">
      <h1>Order {order.id}</h1>
      {order.status === 'paid' ? (
        <p className="notice notice--success">Thank you! Your payment was received.</p>
      ) : null}
      {giftCards && giftCards.bought > 0 ? (
        <p className="notice">
          {giftCards.issued === giftCards.bought
            ? `Your ${giftCards.bought === 1 ? 'gift card code was' : `${giftCards.bought} gift card codes were`} emailed to ${order.email}.`
            : `Your ${giftCards.bought === 1 ? 'gift card code is' : `${giftCards.bought} gift card codes are`} emailed to ${order.email} once the payment is received.`}{' '}
          <Link to="/gift-card">Check a gift card&apos;s balance</Link>
        </p>
      ) : null}
      {orderLink ? (
        <p className="notice">
          Keep <Link to={orderLink}>this link to your order</Link> to come back to it without an
          account; it is in your order emails too.
        </p>
      ) : null}
      <OrderDetails order={order} />
      <ShipmentTracking shipments={order.tracking} titleId="order-tracking-title" />
      {documents ? <OrderDocuments documents={documents} /> : null}
      {refunds ? <OrderRefunds refunds={refunds} /> : null}
      {returns ? (
        <>
          <ReturnsView returns={returns.list} />
          <ReturnRequest
            view={returns.form}
            action={returns.action}
            returnKey={returns.key}
            windowDays={returns.windowDays}
            lastResult={actionData?.form === REQUEST_RETURN_INTENT ? actionData.result : undefined}
          />
        </>
      ) : null}
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
