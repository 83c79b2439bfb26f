import { formatRand } from '~/lib/money'

/** A price, with a higher "was" price struck through and announced as such to screen readers. */
export function Price({
  cents,
  compareAtCents,
  className,
  from = false,
}: {
  cents: number
  compareAtCents?: number | null
  className?: string
  /** The lowest of several prices (variants that differ): "from R 250,00". */
  from?: boolean
}) {
  const onSale = compareAtCents != null && compareAtCents > cents
  return (
    <p
      className={['price', onSale ? 'price--sale' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      {from ? <span className="price__from">from </span> : null}
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
