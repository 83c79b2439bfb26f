import { Link } from '~/components/link'
import type { ProductStatistics } from '~/lib/catalog/statistics'
import type { ReviewView } from '~/lib/reviews/reviews.server'

import { RatingStatistics } from './rating-statistics'
import { ReviewForm } from './review-form'
import { ReviewList } from './review-list'

/**
 * The reviews section of a product page: statistics, the review form for signed-in customers (a
 * sign-in link for visitors, coming back here), and the newest reviews.
 */
export function ProductReviews({
  productPath,
  statistics,
  reviews,
  signedIn,
}: {
  productPath: string
  statistics: ProductStatistics
  reviews: readonly ReviewView[]
  signedIn: boolean
}) {
  return (
    <section id="reviews" className="product-reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      <RatingStatistics statistics={statistics} />

      {signedIn ? (
        <ReviewForm />
      ) : (
        <p className="product-reviews__sign-in">
          <Link to={`/auth?${new URLSearchParams({ redirectTo: productPath })}`}>
            Sign in to write a review
          </Link>
        </p>
      )}

      {reviews.length > 0 ? (
        <>
          {statistics.count > reviews.length ? (
            <p className="product-reviews__note">
              Showing the {reviews.length} newest of {statistics.count} reviews.
            </p>
          ) : null}
          <ReviewList reviews={reviews} />
        </>
      ) : (
        <p>No reviews yet. Be the first to share what you think.</p>
      )}
    </section>
  )
}
