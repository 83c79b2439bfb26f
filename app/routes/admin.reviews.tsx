import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { ErrorList } from '~/components/forms'
import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { StarRating } from '~/components/star-rating'
import { adminMeta } from '~/lib/admin/headers'
import { listReviews, moderateReview, type ReviewRow } from '~/lib/admin/reviews.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDateTime } from '~/lib/dates'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Reviews')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  return listReviews((await requestContext(request)).store, new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  return moderateReview({ request, staff })
}

export default function AdminReviews() {
  const { rows, page, total, pageCount } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const errors = actionData?.result.error
  return (
    <>
      <h1>Reviews</h1>
      <p>Newest first. A hidden review leaves the product page and its rating.</p>
      <ErrorList
        errors={errors ? Object.values(errors).flatMap((messages) => messages ?? []) : null}
        className="form-errors"
      />
      {rows.length === 0 ? (
        <p>No reviews yet.</p>
      ) : (
        <ol className="admin-reviews">
          {rows.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        summary={`Page ${page} of ${pageCount} · ${total} reviews`}
        className="admin-pager"
      />
    </>
  )
}

function ReviewItem({ review }: { review: ReviewRow }) {
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('reviewId') === review.id
  const heading = review.title || 'Untitled review'
  return (
    <li className="form-card" aria-labelledby={`review-${review.id}`}>
      <h2 id={`review-${review.id}`}>{heading}</h2>
      <p>
        {review.productName ? (
          <Link to={`/admin/products/${review.productId}`}>{review.productName}</Link>
        ) : (
          review.productId
        )}{' '}
        · <StarRating rating={review.rating} /> · by {review.authorName} ·{' '}
        <time dateTime={review.createdAt}>{formatSastDateTime(review.createdAt)}</time>
      </p>
      <p className="admin-message">{review.body}</p>
      <Form method="post" className="form-actions">
        <p>
          <strong>{review.hidden ? 'Hidden from the shop' : 'Shown in the shop'}</strong>
        </p>
        <input type="hidden" name="reviewId" value={review.id} />
        <button
          type="submit"
          name="intent"
          value={review.hidden ? 'show' : 'hide'}
          className="button button--secondary"
          disabled={pending}
          aria-label={`${review.hidden ? 'Show' : 'Hide'} the review “${heading}” by ${review.authorName}`}
        >
          {review.hidden ? 'Show' : 'Hide'}
        </button>
      </Form>
    </li>
  )
}
