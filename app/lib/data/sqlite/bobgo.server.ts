import type { BobgoSync, TrackedShipment } from '~/lib/shipping/types'

import {
  IN_TRANSIT_STATUSES,
  pickShipments,
  sameShipments,
  SYNCABLE_STATUSES,
} from '../bobgo.server'
import { addMs, oneLineError } from '../outbox.server'
import { iso } from '../rules.server'
import type { BobgoStore, OrderStore } from '../store'
import type { SqliteContext } from './context.server'

/** The orders columns of migration 12, as the orders store reads them. */
export type BobgoColumns = {
  /** JSON TrackedShipment[]. */
  shipments: string
  bobgo_state: BobgoSync['state'] | null
  bobgo_order_id: string | null
  bobgo_attempts: number
  bobgo_last_error: string | null
  bobgo_due_at: string | null
}

/** The order's Bob Go fields from its row. */
export function bobgoFields(row: BobgoColumns): {
  shipments: TrackedShipment[]
  bobgo: BobgoSync | null
} {
  return {
    shipments: JSON.parse(row.shipments) as TrackedShipment[],
    bobgo:
      row.bobgo_state === null
        ? null
        : {
            state: row.bobgo_state,
            bobgoOrderId: row.bobgo_order_id,
            attempts: row.bobgo_attempts,
            lastError: row.bobgo_last_error,
            dueAt: row.bobgo_due_at,
          },
  }
}

const SYNCABLE = SYNCABLE_STATUSES.map((status) => `'${status}'`).join(', ')
const IN_TRANSIT = IN_TRANSIT_STATUSES.map((status) => `'${status}'`).join(', ')

/** Bob Go's side of the orders table, and the webhook events seen (bobgo_webhook_events). */
export function createBobgoStore(
  context: SqliteContext,
  orders: Pick<OrderStore, 'get'>,
): BobgoStore {
  const { db } = context
  const mark = db.prepare<{ id: string; now: string }>(
    `UPDATE orders SET bobgo_state = 'pending', bobgo_attempts = 0, bobgo_last_error = NULL,
       bobgo_due_at = @now, updated_at = @now
     WHERE id = @id AND bobgo_state IS NULL AND status IN (${SYNCABLE})`,
  )
  const retry = db.prepare<{ id: string; now: string }>(
    `UPDATE orders SET bobgo_state = 'pending', bobgo_attempts = 0, bobgo_last_error = NULL,
       bobgo_due_at = @now, updated_at = @now
     WHERE id = @id AND (bobgo_state IS NULL OR bobgo_state <> 'synced')
       AND status IN (${SYNCABLE})`,
  )
  const selectDue = db
    .prepare<[string, number], string>(
      `SELECT id FROM orders WHERE bobgo_state = 'pending' AND bobgo_due_at <= ?
         AND status IN (${SYNCABLE}) ORDER BY bobgo_due_at, id LIMIT ?`,
    )
    .pluck()
  const claim = db.prepare<{ id: string; until: string; now: string }>(
    `UPDATE orders SET bobgo_due_at = @until, bobgo_attempts = bobgo_attempts + 1,
       updated_at = @now WHERE id = @id`,
  )
  const synced = db.prepare<{ id: string; bobgoOrderId: string; now: string }>(
    `UPDATE orders SET bobgo_state = 'synced', bobgo_order_id = @bobgoOrderId,
       bobgo_last_error = NULL, bobgo_due_at = NULL, updated_at = @now WHERE id = @id`,
  )
  const failed = db.prepare<{
    id: string
    state: 'pending' | 'failed'
    dueAt: string | null
    error: string
    now: string
  }>(
    `UPDATE orders SET bobgo_state = @state, bobgo_due_at = @dueAt, bobgo_last_error = @error,
       updated_at = @now WHERE id = @id AND bobgo_state = 'pending'`,
  )
  const nextDue = db
    .prepare<[], string | null>(
      `SELECT MIN(bobgo_due_at) FROM orders WHERE bobgo_state = 'pending'
         AND status IN (${SYNCABLE})`,
    )
    .pluck()
  const selectByBobgoId = db
    .prepare<[string], string>('SELECT id FROM orders WHERE bobgo_order_id = ?')
    .pluck()
  const selectShipments = db
    .prepare<[string], string>('SELECT shipments FROM orders WHERE id = ?')
    .pluck()
  const updateShipments = db.prepare<{ id: string; shipments: string; now: string }>(
    'UPDATE orders SET shipments = @shipments, updated_at = @now WHERE id = @id',
  )
  const selectInTransit = db
    .prepare<[string, number], string>(
      `SELECT id FROM orders WHERE bobgo_state = 'synced' AND status IN (${IN_TRANSIT})
         AND id > ? ORDER BY id LIMIT ?`,
    )
    .pluck()
  const insertEvent = db.prepare<{ eventId: string; topic: string; now: string }>(
    `INSERT INTO bobgo_webhook_events (event_id, topic, received_at) VALUES (@eventId, @topic, @now)
     ON CONFLICT (event_id) DO NOTHING`,
  )
  const deleteEvent = db.prepare<[string]>('DELETE FROM bobgo_webhook_events WHERE event_id = ?')

  const ordersById = async (ids: readonly string[]) => {
    const found = await Promise.all(ids.map((id) => orders.get(id)))
    return found.filter((order) => order !== null)
  }

  return {
    async markForSync(orderId) {
      return mark.run({ id: orderId, now: context.now() }).changes > 0
    },
    async retrySync(orderId) {
      retry.run({ id: orderId, now: context.now() })
      return orders.get(orderId)
    },
    async claimDue(leaseMs, limit) {
      const now = context.now()
      const until = addMs(now, leaseMs)
      // Selected and pushed forward in one immediate transaction: a second caller waits, then finds
      // these due later.
      const ids = db
        .transaction(() => {
          const due = selectDue.all(now, limit)
          for (const id of due) claim.run({ id, until, now })
          return due
        })
        .immediate()
      return ordersById(ids)
    },
    async recordSynced(orderId, bobgoOrderId) {
      synced.run({ id: orderId, bobgoOrderId, now: context.now() })
    },
    async recordFailure(orderId, error, retryAt) {
      const now = context.now()
      failed.run({
        id: orderId,
        state: retryAt === null ? 'failed' : 'pending',
        dueAt: retryAt === null ? null : iso(retryAt),
        error: oneLineError(error),
        now,
      })
    },
    async nextDueAt() {
      return nextDue.get() ?? null
    },
    async findByBobgoOrderId(bobgoOrderId) {
      const id = selectByBobgoId.get(bobgoOrderId)
      return id === undefined ? null : orders.get(id)
    },
    async saveShipments(orderId, shipments) {
      db.transaction(() => {
        const stored = selectShipments.get(orderId)
        if (stored === undefined) return
        if (sameShipments(JSON.parse(stored) as TrackedShipment[], shipments)) return
        updateShipments.run({
          id: orderId,
          shipments: JSON.stringify(pickShipments(shipments)),
          now: context.now(),
        })
      }).immediate()
      return orders.get(orderId)
    },
    async listInTransit(after, limit) {
      return ordersById(selectInTransit.all(after ?? '', limit))
    },
    async claimEvent(eventId, topic) {
      return insertEvent.run({ eventId, topic, now: context.now() }).changes > 0
    },
    async releaseEvent(eventId) {
      deleteEvent.run(eventId)
    },
  }
}
