import { formatRand } from '~/lib/money'
import {
  discountAmountText,
  paymentRows,
  type OrderPromotionsView,
} from '~/lib/orders/order-promotions'

/**
 * An order's totals as it was placed: subtotal, delivery at the method's price, each discount as
 * its own line, the total and its VAT, then what each gift card and the store credit paid and what
 * was left for PayFast. The cart's and checkout's are PromotionTotals (they judge the rules live);
 * an order only shows its snapshot.
 */
export function OrderTotals({
  order,
  deliveryName,
  payfastLabel,
  renderDiscount,
  showPayments = true,
}: {
  order: {
    subtotalCents: number
    shippingCents: number
    totalCents: number
    vatCents: number
    promotions: OrderPromotionsView
  }
  deliveryName?: string
  /** The PayFast line's words: "Paid with PayFast" once paid, "To pay with PayFast" before. */
  payfastLabel?: string
  /** The back office links a discount's label to the discount. */
  renderDiscount?: (line: OrderPromotionsView['discounts'][number]) => React.ReactNode
  /** False for an order that closed unpaid: nothing was taken, its holds were given back. */
  showPayments?: boolean
}) {
  const { promotions } = order
  const payments = showPayments ? paymentRows(promotions, payfastLabel) : []
  return (
    <div className="totals">
      <dl>
        <div className="totals__row">
          <dt>Subtotal</dt>
          <dd>{formatRand(order.subtotalCents)}</dd>
        </div>
        <div className="totals__row">
          <dt>{deliveryName ? `Delivery: ${deliveryName}` : 'Shipping'}</dt>
          <dd>{order.shippingCents === 0 ? 'Free' : formatRand(order.shippingCents)}</dd>
        </div>
        {promotions.discounts.map((line) => (
          <div key={line.discountId} className="totals__row totals__row--discount">
            <dt>{renderDiscount ? renderDiscount(line) : line.label}</dt>
            <dd>{discountAmountText(line)}</dd>
          </div>
        ))}
        <div className="totals__row totals__row--total">
          <dt>Total</dt>
          <dd>{formatRand(order.totalCents)}</dd>
        </div>
        {payments.map(([label, value]) => (
          <div key={label} className="totals__row totals__row--payment">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="totals__vat">includes VAT of {formatRand(order.vatCents)}</p>
    </div>
  )
}

/**
 * Tracking's short form: each discount the order got and what each gift card and the store
 * credit paid, under its total; nothing for an order that used none.
 */
export function PromotionsUsed({
  promotions,
  payfastLabel,
  showPayments = true,
}: {
  promotions: OrderPromotionsView
  payfastLabel?: string
  /** False for an order that closed unpaid: nothing was taken. */
  showPayments?: boolean
}) {
  const rows = [
    ...promotions.discounts.map((line): [string, string] => [line.label, discountAmountText(line)]),
    ...(showPayments ? paymentRows(promotions, payfastLabel) : []),
  ]
  if (rows.length === 0) return null
  return (
    <dl className="totals promotions-used" aria-label="Discounts and payment">
      {rows.map(([label, value]) => (
        <div key={label} className="totals__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
