import { useHydrated } from 'remix-utils/use-hydrated'

import { ErrorList, type FieldMeta } from '~/components/forms'
import type { DeliveryOptionView, DeliveryQuote } from '~/lib/checkout/delivery'
import { formatRand } from '~/lib/money'

/** A method's price as the radio and the summary say it. */
export function deliveryPrice(priceCents: number | null): string {
  if (priceCents === null) return 'Priced by your address'
  return priceCents === 0 ? 'Free' : formatRand(priceCents)
}

function OptionLabel({ option }: { option: DeliveryOptionView }) {
  const { place } = option
  return (
    <span className="delivery-option__text">
      <span className="delivery-option__head">
        <strong>
          {option.kind === 'pickup' ? 'Pickup point: ' : null}
          {option.name}
        </strong>
        <span className="delivery-option__price">{deliveryPrice(option.priceCents)}</span>
      </span>
      {option.estimate ? <span className="delivery-option__detail">{option.estimate}</span> : null}
      {place ? (
        <span className="delivery-option__detail">
          {option.kind === 'collect' ? `${place.name}, ` : null}
          {place.lines.join(', ')} · {place.hours}
        </span>
      ) : null}
    </span>
  )
}

/**
 * Checkout's Delivery fieldset: the `shippingMethod` radio group (name, price, estimate, and the
 * address and hours of a pickup point or of the shop for collecting), one checked. Without
 * JavaScript an "Update delivery options" button (`intent=quote`) brings the methods for the
 * address entered; with it the page asks on its own as the address changes, and the button goes.
 */
export function DeliveryOptions({
  quote,
  checked,
  onChoose,
  meta,
  quoting,
}: {
  quote: DeliveryQuote
  /** The method checked. */
  checked: string
  onChoose: (id: string) => void
  /** conform's field, for its errors (a method that does not apply). */
  meta: FieldMeta
  /** A quote for a changed address is on its way. */
  quoting: boolean
}) {
  const hydrated = useHydrated()
  const invalid = Boolean(meta.errors?.length)
  return (
    <fieldset
      // The error summary's link to `shippingMethod` lands on the group.
      id={meta.id}
      tabIndex={-1}
      className={`field delivery-options${invalid ? ' field--invalid' : ''}`}
      aria-describedby={invalid ? meta.errorId : undefined}
      aria-busy={quoting || undefined}
    >
      <legend>Delivery</legend>
      {quote.addressKnown ? null : (
        <p className="field__hint">
          Enter your delivery address to see every way we can get your order to you, and its price.
        </p>
      )}
      {/* Without JavaScript, what the page checked for the shopper: see shippingDefault. */}
      <input type="hidden" name="shippingDefault" value={quote.selected} />
      {quote.options.map((option) => (
        <label key={option.id} className="delivery-option">
          <input
            type="radio"
            name="shippingMethod"
            value={option.id}
            checked={option.id === checked}
            onChange={() => onChoose(option.id)}
          />
          <OptionLabel option={option} />
        </label>
      ))}
      <ErrorList id={meta.errorId} errors={meta.errors} />
      {hydrated ? (
        <p className="field__hint" aria-live="polite">
          {quoting ? 'Updating delivery options…' : null}
        </p>
      ) : (
        <div className="form-actions">
          <button
            type="submit"
            name="intent"
            value="quote"
            formNoValidate
            className="button button--secondary"
          >
            Update delivery options
          </button>
        </div>
      )}
    </fieldset>
  )
}
