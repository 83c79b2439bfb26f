import type { CSSProperties } from 'react'

/**
 * Five stars filled to the rating. Sighted shoppers see the stars (drawn by CSS); screen readers hear the text
 * ("4.5 out of 5 stars"), never five separate glyphs.
 */
export function StarRating({
  rating,
  count,
  className,
}: {
  /** 0-5, fractions allowed (an average). */
  rating: number
  /** Number of reviews, shown beside the stars when given. */
  count?: number
  className?: string
}) {
  const clamped = Math.min(5, Math.max(0, rating))
  const label = `${Number.isInteger(clamped) ? clamped : clamped.toFixed(1)} out of 5 stars`
  return (
    <span className={['star-rating', className ?? ''].filter(Boolean).join(' ')}>
      <span
        className="star-rating__stars"
        aria-hidden="true"
        style={{ '--rating': clamped } as CSSProperties}
      />
      <span className="visually-hidden">{label}</span>
      {count !== undefined ? (
        <span className="star-rating__count">
          {`(${count}`}
          <span className="visually-hidden">{count === 1 ? ' review' : ' reviews'}</span>)
        </span>
      ) : null}
    </span>
  )
}
