import type { Address } from '~/lib/data/types'

import type { CollectionPoint, OrderShipping, PickupPoint, ShippingOption } from './types'

/*
 * How an order's delivery method reads wherever the order is shown (its page, tracking, the back
 * office, the mails): the method, its estimate, and the place the buyer goes to for a pickup point
 * or a collection. Pure: safe in the browser.
 */

/** What orders placed before shipping methods existed went by. */
export const STANDARD_DELIVERY_NAME = 'Standard delivery'

/** A place the buyer goes to: a pickup point or the shop's collection point. */
export type ShippingPlace = {
  /** "Pickup point" or "Collect from". */
  heading: string
  name: string
  /** The address, one line each: street, suburb and city, province and postal code. */
  lines: string[]
  hours: string
  phone: string | null
}

/** The order's method as its views show it. */
export type ShippingSummary = {
  kind: OrderShipping['kind']
  name: string
  estimate: string | null
  place: ShippingPlace | null
}

/**
 * Whether the parcel goes to the buyer's own address: not when it is collected in store or from a
 * pickup point, nor for gift cards only, emailed (the order's address is then only the buyer's).
 */
export function deliversToBuyer(shipping: Pick<ShippingSummary, 'kind'>): boolean {
  return shipping.kind !== 'collect' && shipping.kind !== 'pickup' && shipping.kind !== 'email'
}

/** An address as lines: street (and line 2), "suburb, city", "province, postal code". */
export function addressLines(
  a: Pick<Address, 'line1' | 'suburb' | 'city' | 'province' | 'postalCode'> & {
    line2?: string | null
  },
): string[] {
  return [
    a.line1,
    a.line2 ?? null,
    `${a.suburb}, ${a.city}`,
    `${a.province}, ${a.postalCode}`,
  ].filter((line): line is string => Boolean(line))
}

function pickupPlace(point: PickupPoint): ShippingPlace {
  return {
    heading: 'Pickup point',
    name: point.name,
    lines: addressLines(point),
    hours: point.hours,
    phone: null,
  }
}

function collectionPlace(point: CollectionPoint): ShippingPlace {
  return {
    heading: 'Collect from',
    name: point.name,
    lines: addressLines(point),
    hours: point.hours,
    phone: point.phone,
  }
}

/** The method of an order (null: one placed before methods existed, which went by standard delivery). */
export function shippingSummary(shipping: OrderShipping | null): ShippingSummary {
  if (!shipping) {
    return { kind: 'standard', name: STANDARD_DELIVERY_NAME, estimate: null, place: null }
  }
  const place =
    shipping.kind === 'pickup' && shipping.pickupPoint
      ? pickupPlace(shipping.pickupPoint)
      : shipping.kind === 'collect' && shipping.collection
        ? collectionPlace(shipping.collection)
        : null
  return { kind: shipping.kind, name: shipping.name, estimate: shipping.estimate, place }
}

/** The snapshot an order keeps of the option the shopper chose. */
export function orderShippingOf(option: ShippingOption): OrderShipping {
  return {
    id: option.id,
    kind: option.kind,
    name: option.name,
    estimate: option.estimate,
    pickupPoint: option.pickupPoint ?? null,
    serviceCode: option.serviceCode ?? null,
    collection: option.collection ?? null,
  }
}
