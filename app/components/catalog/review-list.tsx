import { StarRating } from '~/components/star-rating'
import { formatSastDate } from '~/lib/dates'
import type { ReviewView } from '~/lib/reviews/reviews.server'

/** The product's reviews in the order they arrive (the store's: newest written first). */
export function ReviewList({ reviews }: { reviews: readonly ReviewView[] }) {
  return (
    <ol className="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="review">
          <article aria-labelledby={`review-${review.id}`}>
            <header>
              <StarRating rating={review.rating} />
              <h3 id={`review-${review.id}`} className="review__title">
                {review.title || `${review.rating}-star review`}
              </h3>
              <p className="review__meta">
                {review.authorName},{' '}
                <time dateTime={review.writtenAt}>{formatSastDate(review.writtenAt)}</time>
              </p>
            </header>
            <p className="review__body">{review.body}</p>
          </article>
        </li>
      ))}
    </ol>
  )
}
