import { formatSastDateTime } from '~/lib/dates'
import { formatOptions } from '~/lib/data/variants'
import { formatRand } from '~/lib/money'
import type { ReturnView } from '~/lib/orders/returns-view'

/** "2 × Mug (Colour: Blue), 1 × Tea" */
export function returnItems(lines: ReturnView['lines']): string {
  return lines
    .map(
      (line) =>
        `${line.quantity} × ${line.name}${line.options.length ? ` (${formatOptions(line.options)})` : ''}`,
    )
    .join(', ')
}

/** What was paid back for a refunded return, in words. */
export function paidBack(ret: Pick<ReturnView, 'refundedAs' | 'refundedCents'>): string | null {
  if (ret.refundedAs === 'store-credit') return `${formatRand(ret.refundedCents)} as store credit`
  if (ret.refundedAs === 'refund') return `${formatRand(ret.refundedCents)} refunded`
  return null
}

/** One return's steps, oldest first, with their time and note. */
export function ReturnTimeline({ ret }: { ret: ReturnView }) {
  return (
    <ol className="timeline" aria-label={`Return ${ret.id} steps`}>
      {ret.history.map((event, i) => (
        <li key={`${event.state}-${i}`} className="timeline__item">
          <strong>{event.label}</strong>{' '}
          <time dateTime={event.at}>{formatSastDateTime(event.at)}</time>
          {event.note ? <span className="timeline__note"> — {event.note}</span> : null}
        </li>
      ))}
    </ol>
  )
}

/**
 * The order's returns as its buyer sees them (customer, or guest by the order link): each one's
 * items, reason, where it stands, the shop's message and what was paid back.
 */
export function ReturnsView({ returns }: { returns: readonly ReturnView[] }) {
  if (returns.length === 0) return null
  return (
    <section aria-labelledby="returns-title" className="order-returns">
      <h2 id="returns-title">Your returns</h2>
      <ul className="order-returns__list">
        {returns.map((ret) => (
          <li key={ret.id} className="order-return">
            <h3>
              Return {ret.id}: {ret.stateLabel}
            </h3>
            <p>
              {returnItems(ret.lines)}. Reason: {ret.reasonLabel}
              {ret.note ? ` (“${ret.note}”)` : ''}.
            </p>
            {ret.staffMessage ? <p>Message from the shop: {ret.staffMessage}</p> : null}
            {paidBack(ret) ? <p>Paid back: {paidBack(ret)}.</p> : null}
            <ReturnTimeline ret={ret} />
          </li>
        ))}
      </ul>
    </section>
  )
}
