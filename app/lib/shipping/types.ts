import type { Address, Cents, Province } from '~/lib/data/types'

/*
 * Shipping's shared vocabulary (docs/contracts.md "Shipping"): the address book, the table rates,
 * the methods checkout offers, pickup points, and the shipments an order travels in. Pure types;
 * the rules live beside them (rates.ts, methods), the persistence in the store.
 */

/** One entry of a customer's address book. */
export type SavedAddress = Address & {
  id: string
  /** The customer's own name for it, e.g. "Home", "Work". */
  label: string
  /** Who receives the parcel there. */
  firstName: string
  lastName: string
  phone: string
  isDefault: boolean
  createdAt: string
  updatedAt: string
}

/** What the address form hands the store. */
export type AddressDraft = Omit<SavedAddress, 'id' | 'isDefault' | 'createdAt' | 'updatedAt'>

/** A customer keeps at most this many addresses. */
export const ADDRESS_BOOK_MAX = 20

/** Four-digit postal codes from `from` to `to`, both included (compared as numbers). */
export type PostalRange = { from: string; to: string }

/** Parcels up to `upToGrams` (inclusive) cost `priceCents` in the zone. */
export type WeightBand = { upToGrams: number; priceCents: Cents }

/**
 * A delivery zone of the table rates. An address is in the first zone (by `position`) one of whose
 * postal ranges holds its code; failing that, in the first zone listing its province; failing that,
 * in the last zone (the most remote).
 */
export type ShippingZone = {
  id: string
  name: string
  position: number
  provinces: Province[]
  postalRanges: PostalRange[]
  /** Ascending by upToGrams; a parcel heavier than the last band pays it plus `perExtraKgCents` a kg. */
  bands: WeightBand[]
  perExtraKgCents: Cents
  /** Orders whose subtotal reaches this ship free with `standard`; null: never free. */
  freeFromCents: Cents | null
  /** What the shopper is told, e.g. "2–4 working days". */
  estimate: string
}

/** Where shoppers collect in store (staff set it; null: collection is not offered). */
export type CollectionPoint = Address & { name: string; phone: string; hours: string }

/** The shop's shipping settings, one record. */
export type ShippingSettings = {
  zones: ShippingZone[]
  /** The weight of a variant that has none. */
  defaultWeightGrams: number
  collection: CollectionPoint | null
  /** When staff last saved them, and who (their email); both null for the seeded defaults. */
  updatedAt: string | null
  updatedBy: string | null
}

/** A Pargo pickup point (or a demo one offline). */
export type PickupPoint = {
  id: string
  name: string
  line1: string
  suburb: string
  city: string
  province: Province
  postalCode: string
  hours: string
}

/** `email`: a cart of gift cards only, nothing to send (email-delivery.ts). */
export type ShippingMethodKind = 'standard' | 'collect' | 'pickup' | 'bobgo' | 'email'

/**
 * A way to deliver this cart to this address, as checkout offers it. `id` is the posted value:
 * `standard`, `collect`, `pickup:{pointId}`, `bobgo:{service_code}`.
 */
export type ShippingOption = {
  id: string
  kind: ShippingMethodKind
  name: string
  priceCents: Cents
  /** e.g. "2–4 working days", "Ready within 1 working day"; null when unknown. */
  estimate: string | null
  /** The point, for `pickup`. */
  pickupPoint?: PickupPoint
  /** Bob Go's service code, for `bobgo`. */
  serviceCode?: string
  /** The shop's collection point, for `collect`. */
  collection?: CollectionPoint
}

/** The method an order was placed with (a snapshot of the chosen option). */
export type OrderShipping = {
  id: string
  kind: ShippingMethodKind
  name: string
  estimate: string | null
  pickupPoint: PickupPoint | null
  serviceCode: string | null
  /** Where to collect, for `collect`: the shop's collection point as it was when ordered. */
  collection: CollectionPoint | null
}

/** One step a parcel took, as the courier reported it. */
export type TrackingEvent = {
  at: string
  status: string
  message: string
  location: string | null
}

/**
 * A parcel on its way: typed by staff when they mark the order shipped, or fetched from Bob Go
 * (`source: 'bobgo'`, with its shipment id, tracking URL and events).
 */
export type TrackedShipment = {
  courier: string
  trackingNumber: string
  trackingUrl: string | null
  status: string | null
  events: TrackingEvent[]
  source: 'staff' | 'bobgo'
  shipmentId: string | null
}

/** Where a paid order stands with Bob Go (null on an order Bob Go does not handle). */
export type BobgoSync = {
  state: 'pending' | 'synced' | 'failed'
  /** Bob Go's order id once created. */
  bobgoOrderId: string | null
  attempts: number
  lastError: string | null
  /** When the sync job may try again (pending), ISO. */
  dueAt: string | null
}
