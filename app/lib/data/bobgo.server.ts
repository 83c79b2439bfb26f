import type { BobgoSync, TrackedShipment } from '~/lib/shipping/types'

import type { OrderStatus } from './types'

/*
 * What both adapters' Bob Go stores share: which orders the sync job may send, the shipments as
 * they are stored (only the fields a shipment has), and a new sync state.
 */

/** Orders Bob Go may be sent: paid, not yet shipped. */
export const SYNCABLE_STATUSES: readonly OrderStatus[] = ['paid', 'processing']

/** Synced orders the reconciliation still follows. */
export const IN_TRANSIT_STATUSES: readonly OrderStatus[] = ['paid', 'processing', 'shipped']

/** A sync due now, with no attempts yet. */
export function pendingSync(now: string, bobgoOrderId: string | null = null): BobgoSync {
  return { state: 'pending', bobgoOrderId, attempts: 0, lastError: null, dueAt: now }
}

/** Copies only the fields a shipment has, so a caller's extras (or undefined) are never stored. */
export function pickShipments(shipments: readonly TrackedShipment[]): TrackedShipment[] {
  return shipments.map((shipment) => ({
    courier: shipment.courier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl ?? null,
    status: shipment.status ?? null,
    events: shipment.events.map((event) => ({
      at: event.at,
      status: event.status,
      message: event.message,
      location: event.location ?? null,
    })),
    source: shipment.source,
    shipmentId: shipment.shipmentId ?? null,
  }))
}

/** Whether two lists of shipments hold the same (so a quiet reconciliation writes nothing). */
export function sameShipments(
  a: readonly TrackedShipment[],
  b: readonly TrackedShipment[],
): boolean {
  return JSON.stringify(pickShipments(a)) === JSON.stringify(pickShipments(b))
}
