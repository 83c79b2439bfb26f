import { formatSastDateTime } from '~/lib/dates'
import type { ShipmentView } from '~/lib/shipping/tracking'

/**
 * An order's parcels: per parcel the courier, the tracking number (a link to the courier's page
 * when there is one, opening in a new tab), where it stands and the courier's events, newest
 * first. Nothing before the order ships. The order page, /track_order and the back office show it.
 */
export function ShipmentTracking({
  shipments,
  titleId,
  level = 2,
}: {
  shipments: readonly ShipmentView[]
  /** The id of the section's heading, so the section is named by it. */
  titleId: string
  /** The heading's level: 2 on a page of its own, 3 inside another section. */
  level?: 2 | 3
}) {
  if (shipments.length === 0) return null
  const Heading = level === 2 ? 'h2' : 'h3'
  const Sub = level === 2 ? 'h3' : 'h4'
  return (
    <section className="shipment-tracking" aria-labelledby={titleId}>
      <Heading id={titleId}>{shipments.length === 1 ? 'Your parcel' : 'Your parcels'}</Heading>
      {shipments.map((shipment, i) => {
        const subId = `${titleId}-${i}`
        return (
          <article key={`${shipment.trackingNumber}-${i}`} aria-labelledby={subId}>
            <Sub id={subId}>
              {shipment.courier}
              {shipment.cancelled ? ' (cancelled)' : null}
            </Sub>
            <p>
              Tracking number:{' '}
              {shipment.trackingNumber ? (
                shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                    <strong>{shipment.trackingNumber}</strong>
                    <span className="visually-hidden"> (opens the courier&rsquo;s page)</span>
                  </a>
                ) : (
                  <strong>{shipment.trackingNumber}</strong>
                )
              ) : (
                'not yet given by the courier'
              )}
              {shipment.statusLabel ? <> · {shipment.statusLabel}</> : null}
            </p>
            {shipment.events.length ? (
              <ol className="timeline" aria-label={`Tracking events of ${shipment.courier}`}>
                {shipment.events.map((event, j) => (
                  <li key={`${event.at}-${j}`} className="timeline__item">
                    <strong>{event.label}</strong>{' '}
                    <time dateTime={event.at}>{formatSastDateTime(event.at)}</time>
                    {event.location ? (
                      <span className="timeline__note"> — {event.location}</span>
                    ) : null}
                  </li>
                ))}
              </ol>
            ) : null}
          </article>
        )
      })}
    </section>
  )
}
