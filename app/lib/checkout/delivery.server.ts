import type { CartViewLine } from '~/lib/cart/cart.server'
import type { Store } from '~/lib/data/store'
import type { Address } from '~/lib/data/types'
import {
  collectOption,
  shippingOptions,
  type ShippingLine,
  type ShippingOptionsDeps,
} from '~/lib/shipping/options.server'
import { emailOption, needsDelivery } from '~/lib/shipping/email-delivery'
import { orderShippingOf, shippingSummary } from '~/lib/shipping/order-shipping'
import { STANDARD_METHOD_ID, STANDARD_METHOD_NAME } from '~/lib/shipping/rates'
import type { ShippingOption } from '~/lib/shipping/types'

import type { DeliveryOptionView, DeliveryQuote } from './delivery'

/*
 * Checkout's delivery quote: the methods for the cart and the delivery address (shippingOptions),
 * as the page shows them, with the one checked. The page's loader, the "Update delivery options"
 * post, the quote the page fetches as the address changes, and the placing of the order all ask
 * here, so the price shown is the price charged.
 */

/** The cart's lines as delivery weighs and rates them. */
export function shippingLinesOf(lines: readonly CartViewLine[]): ShippingLine[] {
  return lines.map((line) => ({
    name: line.name,
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    weightGrams: line.weightGrams ?? null,
    lengthCm: line.lengthCm ?? null,
    widthCm: line.widthCm ?? null,
    heightCm: line.heightCm ?? null,
  }))
}

/** One option as a radio of the page. */
export function optionView(option: ShippingOption): DeliveryOptionView {
  const { place } = shippingSummary(orderShippingOf(option))
  return {
    id: option.id,
    kind: option.kind,
    name: option.name,
    priceCents: option.priceCents,
    estimate: option.estimate,
    place,
  }
}

export type QuoteInput = {
  store: Pick<Store, 'shipping'>
  lines: readonly CartViewLine[]
  subtotalCents: number
  /** The delivery address; null while the shopper has not entered a whole one. */
  address: Address | null
  /** The method the shopper chose, kept checked when it still applies; else the cheapest is. */
  wanted?: string | null
  deps?: ShippingOptionsDeps
}

/** The quote, and the options it was made of (what placing an order chooses among). */
export type Quoted = { quote: DeliveryQuote; options: ShippingOption[] }

/**
 * The delivery options for the cart and the address, cheapest first, the shopper's choice checked
 * when it applies and the cheapest otherwise. Without an address: standard delivery, to be priced
 * by it, checked, and collecting in store (which no address changes). A cart of gift cards only
 * has one method whatever the address: delivered by email, free (nothing goes to a courier).
 */
export async function quoteDelivery(input: QuoteInput): Promise<Quoted> {
  if (input.lines.length > 0 && !needsDelivery(input.lines)) {
    const email = emailOption()
    return {
      quote: {
        addressKnown: true,
        province: input.address?.province ?? null,
        options: [optionView(email)],
        selected: email.id,
      },
      options: [email],
    }
  }
  if (!input.address) {
    const settings = await input.store.shipping.get()
    const collect = collectOption(settings)
    const standard: DeliveryOptionView = {
      id: STANDARD_METHOD_ID,
      kind: 'standard',
      name: STANDARD_METHOD_NAME,
      priceCents: null,
      estimate: null,
      place: null,
    }
    const views = [standard, ...collect.map(optionView)]
    const wanted = views.find((view) => view.id === input.wanted)
    return {
      quote: {
        addressKnown: false,
        province: null,
        options: views,
        selected: wanted?.id ?? STANDARD_METHOD_ID,
      },
      options: collect,
    }
  }
  const options = await shippingOptions(
    {
      store: input.store,
      lines: shippingLinesOf(input.lines),
      subtotalCents: input.subtotalCents,
      address: input.address,
    },
    input.deps,
  )
  const wanted = options.find((option) => option.id === input.wanted)
  return {
    quote: {
      addressKnown: true,
      province: input.address.province,
      options: options.map(optionView),
      selected: wanted?.id ?? options[0]!.id,
    },
    options,
  }
}

/** Names the methods that do apply, for the message of a refused one. */
export function methodNames(quote: DeliveryQuote): string {
  return quote.options.map((option) => option.name).join(', ')
}
