import { formatRand } from '~/lib/money'
import type { PromotionSummary } from '~/lib/promotions/summary'

/**
 * The cart's and checkout's totals with promotions: the subtotal, each discount as its own line
 * (what it is, how much, and why it applies), delivery at its price, the total after discounts,
 * and at checkout what the gift card and store credit pay and what is left for PayFast. A code
 * that does not apply says why under the lines.
 */
export function PromotionTotals({
  summary,
  deliveryName,
  deliveryKnown = true,
  deliveryEstimate = null,
  freeShippingFromCents = null,
  showPayment = false,
  giftCardCode = null,
}: {
  summary: Pick<PromotionSummary, 'lines' | 'codeRefusal' | 'totals' | 'payment'>
  /** The chosen delivery method (checkout); without one the line says "Shipping". */
  deliveryName?: string
  /** False while the method's price waits for the address: the total is the rest "+ delivery". */
  deliveryKnown?: boolean
  /** The cart: the delivery row's label and why (the shipping rules' estimate, not a method). */
  deliveryEstimate?: { label: string; why: string } | null
  /** The cart: "Add R X more for free delivery" toward this threshold; null: no hint. */
  freeShippingFromCents?: number | null
  /** Checkout: the gift card's, store credit's and PayFast's parts of the total. */
  showPayment?: boolean
  /** The gift card paying, as shown (masked). */
  giftCardCode?: string | null
}) {
  const { totals, lines, codeRefusal, payment } = summary
  const deliveryBefore = (totals.deliveryCents ?? 0) + totals.deliveryDiscountCents
  const short = freeShippingFromCents === null ? 0 : freeShippingFromCents - totals.subtotalCents
  const paidOtherwise = payment.giftCardCents + payment.storeCreditCents
  return (
    <div className="totals">
      <dl>
        <div className="totals__row">
          <dt>Subtotal</dt>
          <dd>{formatRand(totals.subtotalCents)}</dd>
        </div>
        <div className="totals__row">
          <dt>
            {deliveryEstimate ? (
              <>
                {deliveryEstimate.label}
                <span className="totals__why">{deliveryEstimate.why}</span>
              </>
            ) : deliveryName ? (
              `Delivery: ${deliveryName}`
            ) : (
              'Shipping'
            )}
          </dt>
          <dd>
            {!deliveryKnown
              ? 'From your address'
              : deliveryBefore === 0
                ? 'Free'
                : formatRand(deliveryBefore)}
          </dd>
        </div>
        {lines.map((line) => (
          <div key={line.discountId} className="totals__row totals__row--discount">
            <dt>
              {line.label}
              <span className="totals__why">{line.why}</span>
            </dt>
            <dd>
              {line.pending
                ? 'At checkout'
                : line.amountCents > 0
                  ? `−${formatRand(line.amountCents)}`
                  : line.on === 'delivery'
                    ? 'Free delivery'
                    : formatRand(0)}
            </dd>
          </div>
        ))}
        <div className="totals__row totals__row--total">
          <dt>Total</dt>
          <dd>
            {formatRand(totals.totalCents)}
            {deliveryKnown ? null : ' + delivery'}
          </dd>
        </div>
        {showPayment && payment.giftCardCents > 0 ? (
          <div className="totals__row">
            <dt>Gift card{giftCardCode ? ` ${giftCardCode}` : ''}</dt>
            <dd>−{formatRand(payment.giftCardCents)}</dd>
          </div>
        ) : null}
        {showPayment && payment.storeCreditCents > 0 ? (
          <div className="totals__row">
            <dt>Your store credit</dt>
            <dd>−{formatRand(payment.storeCreditCents)}</dd>
          </div>
        ) : null}
        {showPayment && paidOtherwise > 0 ? (
          <div className="totals__row totals__row--total">
            <dt>To pay with PayFast</dt>
            <dd>
              {formatRand(payment.payfastCents)}
              {deliveryKnown ? null : ' + delivery'}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="totals__vat">
        {showPayment && paidOtherwise > 0 ? 'The total includes' : 'includes'} VAT of{' '}
        {formatRand(totals.vatCents)}
      </p>
      {codeRefusal ? (
        // The rules' message names the code ("Code BIG needs a spend of R 500,00 or more; ...").
        <p className="totals__refusal">{codeRefusal.message}.</p>
      ) : null}
      {freeShippingFromCents !== null && short > 0 && !totals.freeDelivery ? (
        <p className="totals__hint">
          Add {formatRand(short)} more for free delivery (free from{' '}
          {formatRand(freeShippingFromCents)}).
        </p>
      ) : null}
    </div>
  )
}
