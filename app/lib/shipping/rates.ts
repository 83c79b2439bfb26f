import type { Address, Cents } from '~/lib/data/types'

import type { PostalRange, ShippingOption, ShippingSettings, ShippingZone } from './types'

/**
 * The table rates (docs/contracts.md "Shipping"), pure and safe on server and client: which zone an
 * address is in, what a cart weighs, and what the zone charges for that weight. Money is integer
 * cents, weights whole grams.
 */

/** The method id of table-rate delivery; always offered. */
export const STANDARD_METHOD_ID = 'standard'
export const STANDARD_METHOD_NAME = 'Standard delivery'

const GRAMS_PER_KG = 1000

/** A four-digit postal code as a number, or null for anything else. */
export function postalCodeNumber(code: string): number | null {
  const trimmed = code.trim()
  return /^\d{4}$/.test(trimmed) ? Number(trimmed) : null
}

/** Whether the range holds the code (both ends included, compared as numbers). */
export function inPostalRange(code: string, range: PostalRange): boolean {
  const n = postalCodeNumber(code)
  const from = postalCodeNumber(range.from)
  const to = postalCodeNumber(range.to)
  return n !== null && from !== null && to !== null && from <= n && n <= to
}

/** Zones in their order (by `position`), without changing the caller's list. */
export function zonesInOrder<Z extends Pick<ShippingZone, 'position'>>(zones: readonly Z[]): Z[] {
  return [...zones].sort((a, b) => a.position - b.position)
}

/**
 * The zone an address is delivered in: the first zone (by position) one of whose postal ranges
 * holds its code; failing that, the first zone listing its province; failing that, the last zone
 * (the most remote). Throws RangeError without zones (saved settings always have one).
 */
export function zoneFor<Z extends ShippingZone>(
  address: Pick<Address, 'province' | 'postalCode'>,
  zones: readonly Z[],
): Z {
  const ordered = zonesInOrder(zones)
  const last = ordered[ordered.length - 1]
  if (!last) throw new RangeError('The table rates need at least one zone')
  return (
    ordered.find((zone) => zone.postalRanges.some((r) => inPostalRange(address.postalCode, r))) ??
    ordered.find((zone) => zone.provinces.includes(address.province)) ??
    last
  )
}

/** A cart line as the scale sees it: its variant's weight (null or absent: unknown) and quantity. */
export type WeighedLine = { weightGrams?: number | null; quantity: number }

function assertWholeNumber(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number from 0, got ${value}`)
  }
}

/**
 * What the parcel weighs in grams: each line's variant weight times its quantity; a variant
 * without a weight counts as `defaultWeightGrams` (the shop's default).
 */
export function parcelWeightGrams(
  lines: readonly WeighedLine[],
  defaultWeightGrams: number,
): number {
  assertWholeNumber(defaultWeightGrams, 'The default weight')
  let grams = 0
  for (const line of lines) {
    assertWholeNumber(line.quantity, 'A quantity')
    const each = line.weightGrams ?? defaultWeightGrams
    assertWholeNumber(each, 'A weight')
    grams += each * line.quantity
  }
  return grams
}

/**
 * What the zone charges for a parcel of `weightGrams` with goods worth `subtotalCents`: free from
 * the zone's threshold; otherwise the price of the first band the weight fits in (a band holds
 * parcels up to and including its weight); heavier than the last band, its price plus
 * `perExtraKgCents` for each kilogram or part of one above it. Integer cents.
 */
export function tablePrice(
  zone: Pick<ShippingZone, 'bands' | 'perExtraKgCents' | 'freeFromCents'>,
  weightGrams: number,
  subtotalCents: Cents,
): Cents {
  assertWholeNumber(weightGrams, 'A weight')
  if (!Number.isSafeInteger(subtotalCents)) {
    throw new RangeError(`A subtotal must be whole cents, got ${subtotalCents}`)
  }
  if (zone.freeFromCents !== null && subtotalCents >= zone.freeFromCents) return 0
  const bands = [...zone.bands].sort((a, b) => a.upToGrams - b.upToGrams)
  const band = bands.find((b) => weightGrams <= b.upToGrams)
  if (band) return band.priceCents
  const last = bands[bands.length - 1]
  if (!last) throw new RangeError('A zone needs at least one weight band')
  const extraKg = Math.ceil((weightGrams - last.upToGrams) / GRAMS_PER_KG)
  return last.priceCents + extraKg * zone.perExtraKgCents
}

/**
 * Table-rate delivery of these lines to this address, as checkout offers it (id `standard`): priced
 * by the address's zone and the parcel's weight, with the zone's estimate. A cart without items
 * has nothing to deliver and costs nothing.
 */
export function standardOption(
  settings: Pick<ShippingSettings, 'zones' | 'defaultWeightGrams'>,
  address: Pick<Address, 'province' | 'postalCode'>,
  lines: readonly WeighedLine[],
  subtotalCents: Cents,
): ShippingOption {
  const zone = zoneFor(address, settings.zones)
  const items = lines.reduce((sum, line) => sum + line.quantity, 0)
  const priceCents =
    items === 0
      ? 0
      : tablePrice(zone, parcelWeightGrams(lines, settings.defaultWeightGrams), subtotalCents)
  return {
    id: STANDARD_METHOD_ID,
    kind: 'standard',
    name: STANDARD_METHOD_NAME,
    priceCents,
    estimate: zone.estimate,
  }
}
