import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import type { ProductStatistics } from '~/lib/catalog/statistics'
import { REVIEWS_PER_PAGE, reviewsHref } from '~/lib/reviews/review-query'
import type { OwnReview, ReviewPage } from '~/lib/reviews/reviews.server'

import { RatingStatistics } from './rating-statistics'
import { ReviewForm } from './review-form'
import { ReviewList } from './review-list'
import { ReviewSortForm } from './review-sort'

/**
 * The reviews section of a product page: statistics, the review form for signed-in customers (their
 * own review in it when they wrote one; a sign-in link for visitors, coming back here), and one
 * page of reviews in the shopper's sort.
 */
export function ProductReviews({
  productPath,
  variant,
  statistics,
  reviews,
  signedIn,
  mine = null,
}: {
  productPath: string
  /** The variant in the URL, kept by the sort form and the page links. */
  variant: string | null
  statistics: ProductStatistics
  reviews: ReviewPage
  signedIn: boolean
  /** The signed-in customer's own review of the product. */
  mine?: OwnReview | null
}) {
  const { items, total, sort, page, pageCount } = reviews
  const first = (page - 1) * REVIEWS_PER_PAGE + 1
  return (
    <section id="reviews" className="product-reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      <RatingStatistics statistics={statistics} />

      {signedIn ? (
        // Keyed by when it was written: an edit saved with JS starts the form afresh from it.
        <ReviewForm key={mine?.writtenAt ?? 'new'} mine={mine} />
      ) : (
        <p className="product-reviews__sign-in">
          <Link to={`/auth?${new URLSearchParams({ redirectTo: productPath })}`}>
            Sign in to write a review
          </Link>
        </p>
      )}

      {items.length > 0 ? (
        <>
          {total > 1 ? (
            <div className="product-reviews__bar">
              <ReviewSortForm productPath={productPath} variant={variant} sort={sort} />
              {pageCount > 1 ? (
                <p className="product-reviews__note">
                  Showing {first}–{first + items.length - 1} of {total} reviews.
                </p>
              ) : null}
            </div>
          ) : null}
          <ReviewList reviews={items} />
          <Pagination
            page={page}
            pageCount={pageCount}
            href={(n) => reviewsHref(productPath, { variant, sort, page: n })}
            label="Review pages"
            pageLabel={(n) => `Reviews page ${n}`}
            preventScrollReset
          />
        </>
      ) : (
        <p>No reviews yet. Be the first to share what you think.</p>
      )}
    </section>
  )
}
