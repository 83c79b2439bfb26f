import { cartTotals, type Totals } from '~/lib/cart/rules'
import type { ShippingPlace } from '~/lib/shipping/order-shipping'

/*
 * Checkout's delivery options as the page shows them (the `shippingMethod` radio group and the
 * totals that follow the choice). Pure: the page recomputes the totals in the browser when the
 * shopper picks another method, with the same rule the server charges by.
 */

/** One method as a radio of the page: its price and estimate, and the place for a pickup point or a collection. */
export type DeliveryOptionView = {
  /** The posted value: `standard`, `collect`, `pickup:{pointId}`, `bobgo:{service_code}`, `email`. */
  id: string
  kind: 'standard' | 'collect' | 'pickup' | 'bobgo' | 'email'
  name: string
  /** null: priced by the address, which the shopper has not entered yet. */
  priceCents: number | null
  estimate: string | null
  place: ShippingPlace | null
}

/** What the Delivery fieldset and the summary render. */
export type DeliveryQuote = {
  /** Whether the options were worked out for an address (else only those no address changes). */
  addressKnown: boolean
  /**
   * The address's province when known: the summary judges a discount for some provinces by it
   * (absent or null: not known yet, such a discount applies "at checkout").
   */
  province?: string | null
  /** Cheapest first. */
  options: DeliveryOptionView[]
  /** The method checked: the shopper's choice when it still applies, else the cheapest. */
  selected: string
}

/** The checked option of a quote (the first when its `selected` is not among them). */
export function selectedOption(quote: DeliveryQuote, id = quote.selected) {
  return quote.options.find((option) => option.id === id) ?? quote.options[0] ?? null
}

/** The summary's totals with a method chosen: `deliveryKnown` false while its price waits for the address. */
export type DeliveryTotals = Pick<
  Totals,
  'subtotalCents' | 'shippingCents' | 'totalCents' | 'vatCents'
> & {
  deliveryKnown: boolean
}

/**
 * The totals with `option` chosen: its price (nothing while it is not known yet) added to the
 * cart's subtotal, VAT on the whole; the same rule (cartTotals) the order is charged by.
 */
export function totalsWith(
  subtotalCents: number,
  option: Pick<DeliveryOptionView, 'priceCents'> | null,
): DeliveryTotals {
  const price = option?.priceCents ?? null
  const { shippingCents, totalCents, vatCents } = cartTotals(
    [{ unitPriceCents: subtotalCents, quantity: 1 }],
    price ?? 0,
  )
  return { subtotalCents, shippingCents, totalCents, vatCents, deliveryKnown: price !== null }
}
