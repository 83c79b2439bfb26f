import type { Totals } from '~/lib/cart/rules'
import { FREE_SHIPPING_FROM_CENTS } from '~/lib/cart/rules'
import { formatRand } from '~/lib/money'

/** Subtotal, shipping, total and the included VAT: the one summary of the cart, checkout and orders. */
export function TotalsList({
  totals,
  showFreeShippingHint = false,
  deliveryName,
  deliveryKnown = true,
}: {
  totals: Pick<Totals, 'subtotalCents' | 'shippingCents' | 'totalCents' | 'vatCents'>
  showFreeShippingHint?: boolean
  /** The delivery method the price is for (an order's); without one the line says "Shipping". */
  deliveryName?: string
  /**
   * False while the method's price waits for the address (checkout): the delivery line says so and
   * the total is the rest "+ delivery".
   */
  deliveryKnown?: boolean
}) {
  const short = FREE_SHIPPING_FROM_CENTS - totals.subtotalCents
  return (
    <div className="totals">
      <dl>
        <div className="totals__row">
          <dt>Subtotal</dt>
          <dd>{formatRand(totals.subtotalCents)}</dd>
        </div>
        <div className="totals__row">
          <dt>{deliveryName ? `Delivery: ${deliveryName}` : 'Shipping'}</dt>
          <dd>
            {!deliveryKnown
              ? 'From your address'
              : totals.shippingCents === 0
                ? 'Free'
                : formatRand(totals.shippingCents)}
          </dd>
        </div>
        <div className="totals__row totals__row--total">
          <dt>Total</dt>
          <dd>
            {formatRand(totals.totalCents)}
            {deliveryKnown ? null : ' + delivery'}
          </dd>
        </div>
      </dl>
      <p className="totals__vat">includes VAT of {formatRand(totals.vatCents)}</p>
      {showFreeShippingHint && short > 0 ? (
        <p className="totals__hint">
          Add {formatRand(short)} more for free shipping (free from{' '}
          {formatRand(FREE_SHIPPING_FROM_CENTS)}).
        </p>
      ) : null}
    </div>
  )
}
