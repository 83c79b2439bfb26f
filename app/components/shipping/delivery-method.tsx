import type { ShippingSummary } from '~/lib/shipping/order-shipping'

/**
 * How an order reaches its buyer: the method chosen at checkout with its estimate, and for a
 * pickup point or a collection the place, its address and hours. The order page, tracking and the
 * back office show it.
 */
export function DeliveryMethod({
  shipping,
  titleId,
  level = 2,
}: {
  shipping: ShippingSummary
  /** The id of the section's heading, so the section is named by it. */
  titleId: string
  /** The heading's level: 2 on a page of its own, 3 inside another section. */
  level?: 2 | 3
}) {
  const { place } = shipping
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section className="delivery-method" aria-labelledby={titleId}>
      <Heading id={titleId}>Delivery</Heading>
      <p>
        <strong>{shipping.name}</strong>
        {shipping.estimate ? <> · {shipping.estimate}</> : null}
      </p>
      {place ? (
        <>
          <p className="delivery-method__place">
            {place.heading}: <strong>{place.name}</strong>
          </p>
          <address>
            {place.lines.map((line, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </address>
          <p>
            Hours: {place.hours}
            {place.phone ? <> · Phone: {place.phone}</> : null}
          </p>
        </>
      ) : null}
    </section>
  )
}
