import { FieldPath } from 'firebase-admin/firestore'

import type { BobgoSync, TrackedShipment } from '~/lib/shipping/types'

import {
  IN_TRANSIT_STATUSES,
  pendingSync,
  pickShipments,
  sameShipments,
  SYNCABLE_STATUSES,
} from '../bobgo.server'
import { addMs, oneLineError } from '../outbox.server'
import { iso, safeDocId } from '../rules.server'
import type { BobgoStore, OrderStore } from '../store'
import type { OrderStatus } from '../types'
import type { FirestoreContext } from './context.server'

/** The order document's fields this store reads (documents before Bob Go lack both). */
type BobgoDoc = { status: OrderStatus; bobgo?: BobgoSync | null; shipments?: TrackedShipment[] }

type EventDoc = { eventId: string; topic: string; receivedAt: string }

/** Firestore's ALREADY_EXISTS: `create` of a document that is there. */
const ALREADY_EXISTS = 6

const syncable = (doc: BobgoDoc) => SYNCABLE_STATUSES.includes(doc.status)

/**
 * Bob Go's side of the order documents (`bobgo`, `shipments`), every change a transaction on the
 * order, and the webhook events seen (bobgoWebhookEvents, created once per event id). The due
 * queries use the composite indexes in firestore.indexes.json (bobgo.state, status, bobgo.dueAt
 * and bobgo.state, status, document id).
 */
export function createBobgoStore(
  { col, transaction, now }: FirestoreContext,
  orders: Pick<OrderStore, 'get'>,
): BobgoStore {
  /** Runs `change` on the order's stored fields inside a transaction; false when unknown. */
  const onOrder = (
    orderId: string,
    change: (doc: BobgoDoc) => Partial<BobgoDoc> | null,
  ): Promise<boolean> =>
    transaction(async (tx) => {
      const ref = col.orders.doc(orderId)
      const snap = await tx.get(ref)
      if (!snap.exists) return false
      const update = change(snap.data() as BobgoDoc)
      if (!update) return false
      tx.update(ref, { ...update, updatedAt: now() })
      return true
    })

  const ordersById = async (ids: readonly string[]) => {
    const found = await Promise.all(ids.map((id) => orders.get(id)))
    return found.filter((order) => order !== null)
  }

  const pending = () =>
    col.orders.where('bobgo.state', '==', 'pending').where('status', 'in', [...SYNCABLE_STATUSES])
  const due = (at: string) => pending().where('bobgo.dueAt', '<=', at).orderBy('bobgo.dueAt')

  return {
    async markForSync(orderId) {
      return onOrder(orderId, (doc) =>
        doc.bobgo || !syncable(doc) ? null : { bobgo: pendingSync(now()) },
      )
    },
    async retrySync(orderId) {
      await onOrder(orderId, (doc) =>
        doc.bobgo?.state === 'synced' || !syncable(doc)
          ? null
          : { bobgo: pendingSync(now(), doc.bobgo?.bobgoOrderId ?? null) },
      )
      return orders.get(orderId)
    },
    async claimDue(leaseMs, limit) {
      const at = now()
      const until = addMs(at, leaseMs)
      const candidates = await due(at).limit(limit).get()
      const claimed: string[] = []
      // Each claim is a transaction on the order that checks it is still due: of two instances
      // racing for one order, Firestore retries the loser's, which then finds it due later.
      for (const candidate of candidates.docs) {
        const won = await onOrder(candidate.id, (doc) =>
          doc.bobgo?.state === 'pending' &&
          doc.bobgo.dueAt !== null &&
          doc.bobgo.dueAt <= at &&
          syncable(doc)
            ? { bobgo: { ...doc.bobgo, dueAt: until, attempts: doc.bobgo.attempts + 1 } }
            : null,
        )
        if (won) claimed.push(candidate.id)
      }
      return ordersById(claimed)
    },
    async recordSynced(orderId, bobgoOrderId) {
      await onOrder(orderId, (doc) =>
        doc.bobgo
          ? { bobgo: { ...doc.bobgo, state: 'synced', bobgoOrderId, lastError: null, dueAt: null } }
          : null,
      )
    },
    async recordFailure(orderId, error, retryAt) {
      await onOrder(orderId, (doc) =>
        doc.bobgo?.state === 'pending'
          ? {
              bobgo: {
                ...doc.bobgo,
                state: retryAt === null ? 'failed' : 'pending',
                dueAt: retryAt === null ? null : iso(retryAt),
                lastError: oneLineError(error),
              },
            }
          : null,
      )
    },
    async nextDueAt() {
      const next = await pending().orderBy('bobgo.dueAt').limit(1).get()
      const doc = next.docs[0]?.data() as BobgoDoc | undefined
      return doc?.bobgo?.dueAt ?? null
    },
    async findByBobgoOrderId(bobgoOrderId) {
      const found = await col.orders.where('bobgo.bobgoOrderId', '==', bobgoOrderId).limit(1).get()
      return found.empty ? null : orders.get(found.docs[0]!.id)
    },
    async saveShipments(orderId, shipments) {
      await onOrder(orderId, (doc) =>
        sameShipments(doc.shipments ?? [], shipments)
          ? null
          : { shipments: pickShipments(shipments) },
      )
      return orders.get(orderId)
    },
    async listInTransit(after, limit) {
      let query = col.orders
        .where('bobgo.state', '==', 'synced')
        .where('status', 'in', [...IN_TRANSIT_STATUSES])
        .orderBy(FieldPath.documentId())
      if (after !== null) query = query.startAfter(after)
      const page = await query.limit(limit).get()
      return ordersById(page.docs.map((doc) => doc.id))
    },
    async claimEvent(eventId, topic) {
      try {
        await col.bobgoWebhookEvents
          .doc(safeDocId(eventId))
          .create({ eventId, topic, receivedAt: now() } satisfies EventDoc)
        return true
      } catch (error) {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) return false
        throw error
      }
    },
    async releaseEvent(eventId) {
      await col.bobgoWebhookEvents.doc(safeDocId(eventId)).delete()
    },
  }
}
