import { formatRand } from '~/lib/money'

/** A price, with a higher "was" price struck through and announced as such to screen readers. */
export function Price({
  cents,
  compareAtCents,
  className,
}: {
  cents: number
  compareAtCents?: number | null
  className?: string
}) {
  const onSale = compareAtCents != null && compareAtCents > cents
  return (
    <p
      className={['price', onSale ? 'price--sale' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      {onSale ? <span className="visually-hidden">Now </span> : null}
      <span className="price__now">{formatRand(cents)}</span>
      {onSale ? (
        <>
          {' '}
          <s className="price__was">
            <span className="visually-hidden">Was </span>
            {formatRand(compareAtCents)}
          </s>
        </>
      ) : null}
    </p>
  )
}
