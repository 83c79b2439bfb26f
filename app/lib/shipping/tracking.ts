import type { Order } from '~/lib/data/types'

import type { TrackedShipment } from './types'

/*
 * How an order's parcels read on its page, on /track_order and in the back office: the courier,
 * the tracking number (linked when the courier gave a page for it), where it stands, and the
 * courier's events newest first. Pure: safe in the browser.
 */

export type ShipmentView = {
  courier: string
  trackingNumber: string
  /** An http(s) page to follow the parcel on; null when there is none. */
  trackingUrl: string | null
  /** "In transit", "Delivered"...; null when the courier said nothing yet. */
  statusLabel: string | null
  /** Called off at the courier: shown, but not what the order travels in. */
  cancelled: boolean
  events: { at: string; label: string; location: string | null }[]
  source: TrackedShipment['source']
}

/** A courier's status code as words: "in-transit" and "in_transit" read "In transit". */
export function statusLabel(status: string | null): string | null {
  const words = status?.replace(/[-_]+/g, ' ').trim()
  if (!words) return null
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase()
}

const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null)

/**
 * The parcels an order travels in: Bob Go's shipments when it has any, otherwise the courier and
 * tracking number staff typed when they marked it shipped (no link, no events); none before that.
 */
export function shipmentViews(order: Pick<Order, 'shipment' | 'shipments'>): ShipmentView[] {
  if (order.shipments.length) {
    return order.shipments.map((shipment) => ({
      courier: shipment.courier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: safeUrl(shipment.trackingUrl),
      statusLabel: statusLabel(shipment.status),
      cancelled: /cancel|fail|reject/i.test(shipment.status ?? ''),
      events: shipment.events.map((event) => ({
        at: event.at,
        label: event.message || statusLabel(event.status) || 'Update',
        location: event.location,
      })),
      source: shipment.source,
    }))
  }
  if (!order.shipment) return []
  return [
    {
      courier: order.shipment.courier,
      trackingNumber: order.shipment.trackingNumber,
      trackingUrl: null,
      statusLabel: null,
      cancelled: false,
      events: [],
      source: 'staff',
    },
  ]
}
