import { formatRand } from '~/lib/money'

import { zonesInOrder } from './rates'
import type { ShippingZone } from './types'

/** A price in whole rands reads without cents: "R 89", "R 1 000"; otherwise "R 89,50". */
function shortRand(cents: number): string {
  const full = formatRand(cents)
  return cents % 100 === 0 ? full.slice(0, -3) : full
}

/**
 * What the product page promises about delivery, from the store's table rates: the first zone's
 * (the main centres, by position) cheapest band, its free-delivery threshold and its estimate,
 * e.g. "Delivery from R 89 to Main centres (1–3 working days), free over R 1 000". Null without a
 * zone or a band, so the page promises nothing it cannot keep.
 */
export function deliveryPromise(
  zones: readonly Pick<
    ShippingZone,
    'name' | 'position' | 'bands' | 'freeFromCents' | 'estimate'
  >[],
): string | null {
  const zone = zonesInOrder(zones)[0]
  if (!zone || zone.bands.length === 0) return null
  const from = Math.min(...zone.bands.map((band) => band.priceCents))
  const price = from === 0 ? 'Free delivery' : `Delivery from ${shortRand(from)}`
  const free =
    from > 0 && zone.freeFromCents !== null ? `, free over ${shortRand(zone.freeFromCents)}` : ''
  return `${price} to ${zone.name} (${zone.estimate})${free}`
}
