import type { CollectionReference, Query, Transaction } from 'firebase-admin/firestore'

import { addMs, mailEnqueued, newOutboxMessage, oneLineError } from '../outbox.server'
import { iso, safeDocId } from '../rules.server'
import type { OutboxStore } from '../store'
import type { OutboxDraft, OutboxMessage } from '../types'
import type { FirestoreContext } from './context.server'

/*
 * One document per message, its id a SHA-256 of the key (keys name events and may hold "/"), the
 * message's fields as the domain type has them. Claims run in a transaction: two senders reading
 * the same due message conflict, Firestore retries one, and it finds the message claimed.
 */

const docFor = (outbox: CollectionReference, key: string) => outbox.doc(safeDocId(key))

/**
 * Stages mail for the caller's transaction. Firestore wants every read before the first write, so
 * this reads (which drafts' keys are new) and returns the writer to call after the other reads;
 * a draft whose key is already there is skipped. Call mailEnqueued() after the transaction
 * committed, so the sender claims them at once.
 */
export async function stageOutbox(
  tx: Transaction,
  outbox: CollectionReference,
  drafts: readonly OutboxDraft[],
  now: string,
): Promise<() => number> {
  if (!drafts.length) return () => 0
  const at = iso(now)
  // One draft per key: the transaction must not create one document twice.
  const unique = [...new Map(drafts.map((draft) => [draft.key, draft])).values()]
  const snaps = await tx.getAll(...unique.map((draft) => docFor(outbox, draft.key)))
  const fresh = unique.filter((_, i) => !snaps[i]!.exists)
  return () => {
    for (const draft of fresh) tx.create(docFor(outbox, draft.key), newOutboxMessage(draft, at))
    return fresh.length
  }
}

export function createOutboxStore({ col, transaction, now }: FirestoreContext): OutboxStore {
  const outbox = col.outbox
  const read = (query: Query) => query.get().then((snap) => snap.docs.map(toMessage))

  return {
    async enqueue(draft) {
      const added = await transaction(async (tx) =>
        (await stageOutbox(tx, outbox, [draft], now()))(),
      )
      if (added) mailEnqueued()
      return added > 0
    },
    async claimDue(leaseMs, limit) {
      return transaction(async (tx) => {
        const at = now()
        const until = addMs(at, leaseMs)
        const due = await tx.get(
          outbox
            .where('status', 'in', ['pending', 'sending'])
            .where('dueAt', '<=', at)
            .orderBy('dueAt')
            .limit(limit),
        )
        return due.docs.map((doc) => {
          const message = toMessage(doc)
          const claimed: OutboxMessage = {
            ...message,
            status: 'sending',
            dueAt: until,
            attempts: message.attempts + 1,
            updatedAt: at,
          }
          tx.set(doc.ref, claimed)
          return claimed
        })
      })
    },
    async markSent(key) {
      const at = now()
      await docFor(outbox, key).update({ status: 'sent', sentAt: at, updatedAt: at })
    },
    async markFailed(key, error, retryAt) {
      const at = now()
      await docFor(outbox, key).update({
        status: retryAt === null ? 'failed' : 'pending',
        dueAt: retryAt === null ? at : iso(retryAt),
        lastError: oneLineError(error),
        updatedAt: at,
      })
    },
    async get(key) {
      const snap = await docFor(outbox, key).get()
      return snap.exists ? toMessage(snap) : null
    },
    async list({ offset, limit, orderId, status }) {
      let query: Query = outbox
      if (orderId !== undefined) query = query.where('orderId', '==', orderId)
      if (status !== undefined) query = query.where('status', '==', status)
      const [total, items] = await Promise.all([
        query
          .count()
          .get()
          .then((snap) => snap.data().count),
        read(query.orderBy('createdAt', 'desc').offset(offset).limit(limit)),
      ])
      return { items, total }
    },
    async countFailed() {
      const snap = await outbox.where('status', '==', 'failed').count().get()
      return snap.data().count
    },
    async nextDueAt() {
      const [next] = await read(
        outbox.where('status', 'in', ['pending', 'sending']).orderBy('dueAt').limit(1),
      )
      return next?.dueAt ?? null
    },
  }
}

function toMessage(doc: { data(): unknown }): OutboxMessage {
  return doc.data() as OutboxMessage
}
