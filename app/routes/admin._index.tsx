import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { Link } from '~/components/link'
import { StarRating } from '~/components/star-rating'
import { loadDashboard } from '~/lib/admin/dashboard.server'
import { LOW_STOCK_RULE } from '~/lib/admin/low-stock'
import { adminMeta } from '~/lib/admin/headers'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Dashboard')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  return loadDashboard((await requestContext(request)).store)
}

/** One figure of the dashboard, linking to the list that holds those items when there is one. */
function Count({ label, value, to }: { label: string; value: number; to?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{to ? <Link to={to}>{value}</Link> : value}</dd>
    </div>
  )
}

export default function AdminDashboard() {
  const { counts, refunds, reviews } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Dashboard</h1>
      <section aria-labelledby="counts-title">
        <h2 id="counts-title">Needs attention</h2>
        <dl className="admin-counts">
          <Count label="Orders to fulfil" value={counts.toFulfil} to="/admin/orders?status=paid" />
          <Count label="Refunds needed" value={counts.refundsNeeded} />
          <Count
            label={`Low-stock products (${LOW_STOCK_RULE})`}
            value={counts.lowStock}
            to="/admin/products?lowStock=1"
          />
          <Count
            label="Unhandled messages"
            value={counts.unhandledMessages}
            to="/admin/messages?unhandled=1"
          />
          <Count label="Failed emails" value={counts.failedEmails} />
        </dl>
      </section>
      {refunds.length > 0 ? (
        <section aria-labelledby="refunds-title">
          <h2 id="refunds-title">Refunds needed</h2>
          <p>
            Paid after they were cancelled, or paid more than once: refund each payment the order
            history names at PayFast, then mark the order refunded.
          </p>
          <ul>
            {refunds.map((order) => (
              <li key={order.id}>
                <Link to={`/admin/orders/${order.id}`}>{order.id}</Link> · {order.email} ·{' '}
                {formatRand(order.totalCents)} · {order.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="reviews-title">
        <h2 id="reviews-title">Newest reviews</h2>
        {reviews.length === 0 ? (
          <p>No reviews yet.</p>
        ) : (
          <ul className="admin-reviews">
            {reviews.map((review) => (
              <li key={review.id}>
                <p>
                  <StarRating rating={review.rating} />{' '}
                  <strong>{review.title || 'Untitled'}</strong> on{' '}
                  <Link to={`/shop/${encodeURIComponent(review.productId)}`}>
                    {review.productName}
                  </Link>{' '}
                  by {review.authorName}, {formatSastDateTime(review.createdAt)}
                  {review.hidden ? ' (hidden)' : null}
                </p>
                <p className="admin-message">{review.body}</p>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/admin/reviews">All reviews</Link>
        </p>
      </section>
    </>
  )
}
