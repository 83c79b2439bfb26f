import { formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import type { RefundView } from '~/lib/orders/refunds-view'

/** Where a refund's money went, in the buyer's words. */
export function refundWays(refund: RefundView): string {
  return [
    refund.payfastCents > 0 ? `${formatRand(refund.payfastCents)} through PayFast` : null,
    refund.giftCardCents > 0 ? `${formatRand(refund.giftCardCents)} to your gift card` : null,
    refund.storeCreditCents > 0 ? `${formatRand(refund.storeCreditCents)} as store credit` : null,
  ]
    .filter(Boolean)
    .join(', ')
}

/**
 * The order's refunds, on its page (the buyer's, a guest's by link, and staff's): when, how much,
 * where the money went and why, with the credit note's number once it has one. `creditNoteHref`
 * links it (the order page's own, with the guest's key).
 */
export function OrderRefunds({
  refunds,
  creditNoteHref,
  titleId = 'refunds-title',
}: {
  refunds: readonly RefundView[]
  creditNoteHref?: (number: string) => string
  titleId?: string
}) {
  if (refunds.length === 0) return null
  const total = refunds.reduce((sum, r) => sum + r.amountCents, 0)
  return (
    <section aria-labelledby={titleId} className="order-refunds">
      <h2 id={titleId}>Refunds</h2>
      <p>Refunded so far: {formatRand(total)}</p>
      <ul>
        {refunds.map((refund) => (
          <li key={refund.id}>
            <strong>{formatRand(refund.amountCents)}</strong> on{' '}
            <time dateTime={refund.at}>{formatSastDateTime(refund.at)}</time>: {refundWays(refund)}.
            Reason: {refund.reason}.
            {refund.restockedUnits > 0
              ? ` ${refund.restockedUnits} item${refund.restockedUnits === 1 ? '' : 's'} back in stock.`
              : null}
            {refund.creditNote ? (
              <>
                {' '}
                Credit note{' '}
                {creditNoteHref ? (
                  <a href={creditNoteHref(refund.creditNote.number)}>{refund.creditNote.number}</a>
                ) : (
                  refund.creditNote.number
                )}
                .
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
