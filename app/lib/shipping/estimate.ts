import type { Cents } from '~/lib/data/types'

import { needsDelivery } from './email-delivery'
import { parcelWeightGrams, tablePrice, zonesInOrder, type WeighedLine } from './rates'
import type { ShippingSettings } from './types'

/*
 * The cart page's delivery line before an address is known: the shipping rules' own price
 * (docs/contracts.md "Shipping"), never a flat rate. The cart weighs what checkout will weigh,
 * and the estimate is standard delivery to the zone that charges least for it (the main centres
 * with the seeded zones), with that zone's free-delivery threshold. Checkout prices the method
 * for the address. Pure.
 */

export type CartDeliveryEstimate =
  /** Gift cards only: nothing to send, the codes are emailed. */
  | { kind: 'email'; priceCents: 0 }
  | {
      kind: 'parcel'
      /** Standard delivery to `zoneName` for this cart's weight and subtotal. */
      priceCents: Cents
      zoneName: string
      /** The zone's free-delivery threshold; null: never free there. */
      freeFromCents: Cents | null
    }

/** The cart's delivery estimate; null for an empty cart (nothing to deliver, no line shown). */
export function cartDeliveryEstimate(
  settings: Pick<ShippingSettings, 'zones' | 'defaultWeightGrams'>,
  lines: readonly (WeighedLine & { category?: string })[],
  subtotalCents: Cents,
): CartDeliveryEstimate | null {
  const items = lines.filter((line) => line.quantity > 0)
  if (items.length === 0) return null
  if (!needsDelivery(items)) return { kind: 'email', priceCents: 0 }
  const weight = parcelWeightGrams(items, settings.defaultWeightGrams)
  let best: Extract<CartDeliveryEstimate, { kind: 'parcel' }> | null = null
  for (const zone of zonesInOrder(settings.zones)) {
    const priceCents = tablePrice(zone, weight, subtotalCents)
    if (!best || priceCents < best.priceCents) {
      best = { kind: 'parcel', priceCents, zoneName: zone.name, freeFromCents: zone.freeFromCents }
    }
  }
  if (!best) throw new RangeError('The table rates need at least one zone')
  return best
}

/** The cart's delivery row: its label and the hint under it. */
export function estimateLabel(estimate: CartDeliveryEstimate): { label: string; why: string } {
  return estimate.kind === 'email'
    ? { label: 'Delivery', why: 'Gift cards only: the codes are emailed, no delivery to pay' }
    : {
        label: 'Delivery (estimate)',
        why: `Standard delivery to the ${estimate.zoneName.toLowerCase()}; checkout prices it for your address`,
      }
}
