import type { ReactNode } from 'react'

import { LineOptions } from '~/components/line-options'
import { formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import type { OrderView } from '~/lib/orders/orders.server'

import { DeliveryMethod } from '~/components/shipping/delivery-method'
import { TableScroll } from '~/components/table-scroll'
import { deliversToBuyer } from '~/lib/shipping/order-shipping'

import { OrderTotals } from './order-totals'

/** A history entry; the back office also says which staff member made the change. */
type TimelineEntry = OrderView['history'][number] & { by?: string | null }

/** The order's history, oldest first: every status change with its time and note. */
export function StatusTimeline({
  history,
  label = 'Status timeline',
}: {
  history: readonly TimelineEntry[]
  label?: string
}) {
  return (
    <ol className="timeline" aria-label={label}>
      {history.map((entry, i) => (
        <li
          key={`${entry.status}-${entry.at}-${i}`}
          className={`timeline__item timeline__item--${entry.status}`}
        >
          <strong>{entry.label}</strong>{' '}
          <time dateTime={entry.at}>{formatSastDateTime(entry.at)}</time>
          {entry.note ? <span className="timeline__note"> — {entry.note}</span> : null}
          {entry.by ? <span className="timeline__by"> (by {entry.by})</span> : null}
        </li>
      ))}
    </ol>
  )
}

/** How a shipped order travels: the courier and the tracking number to look it up with. */
export function ShipmentNote({ shipment }: { shipment: OrderView['shipment'] }) {
  if (!shipment) return null
  return (
    <p className="order-shipment">
      Shipped with <strong>{shipment.courier}</strong>, tracking number{' '}
      <strong>{shipment.trackingNumber}</strong>
    </p>
  )
}

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status-badge status-badge--${status}`}>{label}</span>
}

/** What the PayFast line after the total says, by where the order stands. */
function payfastLabel(status: OrderView['status']): string {
  if (status === 'pending_payment') return 'To pay with PayFast'
  return 'Paid with PayFast'
}

/** How the order was paid, in words: the gift cards, store credit and PayFast's part. */
function paidWith(promotions: OrderView['promotions']): string {
  const ways = [
    ...promotions.giftCards.map((card) => `gift card ${card.maskedCode}`),
    ...(promotions.storeCreditCents > 0 ? ['store credit'] : []),
    ...(promotions.payfastCents > 0 ? ['PayFast'] : []),
  ]
  if (ways.length <= 1) return `Payment by ${ways[0] ?? 'PayFast'}.`
  return `Payment by ${ways.slice(0, -1).join(', ')} and ${ways[ways.length - 1]}.`
}

/**
 * One order in full: status, timeline, lines, totals (with its discounts, gift cards and store
 * credit), address and the PayFast reference. `renderDiscount` lets the back office link a
 * discount line to the discount.
 */
export function OrderDetails({
  order,
  renderDiscount,
}: {
  order: OrderView & { history: TimelineEntry[] }
  renderDiscount?: (line: OrderView['promotions']['discounts'][number]) => ReactNode
}) {
  const a = order.shippingAddress
  return (
    <div className="order-details">
      <p className="order-details__status">
        Status: <StatusBadge status={order.status} label={order.statusLabel} />
      </p>
      <ShipmentNote shipment={order.shipment} />
      <section aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title">Timeline</h2>
        <StatusTimeline history={order.history} />
      </section>
      <section aria-labelledby="order-lines-title">
        <h2 id="order-lines-title">Items</h2>
        <TableScroll label="Items">
          <table className="order-lines">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Unit price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Line total</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.variantId}>
                  <th scope="row">
                    {line.name}
                    <LineOptions options={line.options} />
                  </th>
                  <td>{formatRand(line.unitPriceCents)}</td>
                  <td>{line.quantity}</td>
                  <td>{formatRand(line.lineTotalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <OrderTotals
          order={order}
          deliveryName={order.shipping.name}
          payfastLabel={payfastLabel(order.status)}
          renderDiscount={renderDiscount}
          showPayments={order.status !== 'cancelled' && order.status !== 'payment_failed'}
        />
      </section>
      <div className="order-details__panels">
        <DeliveryMethod shipping={order.shipping} titleId="order-delivery-title" />
        <section aria-labelledby="order-address-title">
          <h2 id="order-address-title">
            {deliversToBuyer(order.shipping) ? 'Shipping address' : 'Buyer'}
          </h2>
          <address>
            {order.name}
            <br />
            {a.line1}
            {a.line2 ? (
              <>
                <br />
                {a.line2}
              </>
            ) : null}
            <br />
            {a.suburb}, {a.city}
            <br />
            {a.province}, {a.postalCode}
          </address>
          <p>
            {order.email} · {order.phone}
          </p>
        </section>
        <section aria-labelledby="order-payment-title">
          <h2 id="order-payment-title">Payment</h2>
          <p>
            {paidWith(order.promotions)}{' '}
            {order.promotions.payfastCents === 0 ? null : order.pfPaymentId ? (
              <>
                PayFast payment reference: <strong>{order.pfPaymentId}</strong>
              </>
            ) : (
              'No payment received yet.'
            )}
          </p>
        </section>
      </div>
    </div>
  )
}
