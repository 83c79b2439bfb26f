import { mailEnqueued } from '../outbox.server'
import { assertPage, pickMessage } from '../rules.server'
import type { MessageStore } from '../store'
import type { ContactMessage } from '../types'
import type { FirestoreContext } from './context.server'
import { stageOutbox } from './outbox.server'

/** A message document as stored; those written before staff could handle them lack the fields. */
const toMessage = (data: unknown): ContactMessage => {
  const message = data as Omit<ContactMessage, 'handledAt' | 'handledBy'> &
    Partial<Pick<ContactMessage, 'handledAt' | 'handledBy'>>
  return { ...message, handledAt: message.handledAt ?? null, handledBy: message.handledBy ?? null }
}

/** Firestore reports a write whose precondition (the document's update time) no longer holds. */
const FAILED_PRECONDITION = 9

export function createMessageStore({ col, transaction, now }: FirestoreContext): MessageStore {
  const unhandledQuery = col.messages.where('handledAt', '==', null)

  /**
   * NOTE: a filter on `handledAt == null` never matches a document without the field, so messages
   * stored before the back office existed would be missing from the unhandled list and count. Once
   * per store they are given the field (read with a field mask; written only if unchanged since).
   */
  let legacyFilled: Promise<void> | undefined
  const fillLegacy = () =>
    (legacyFilled ??= (async () => {
      const snap = await col.messages.select('handledAt').get()
      const legacy = snap.docs.filter((doc) => doc.get('handledAt') === undefined)
      await Promise.all(
        legacy.map((doc) =>
          doc.ref
            .update({ handledAt: null, handledBy: null }, { lastUpdateTime: doc.updateTime })
            .catch((error: unknown) => {
              // Changed meanwhile (staff handled it): it has the field now.
              if ((error as { code?: number }).code !== FAILED_PRECONDITION) throw error
            }),
        ),
      )
    })().catch((error: unknown) => {
      legacyFilled = undefined
      throw error
    }))

  return {
    // NOTE: `mail` (the acknowledgement and the shop's copy) goes to the outbox once it exists.
    async create(input, mail) {
      const message = pickMessage(input, now())
      const drafts = mail?.(message) ?? []
      const added = await transaction(async (tx) => {
        const writeMail = await stageOutbox(tx, col.outbox, drafts, message.createdAt)
        tx.create(col.messages.doc(message.id), message)
        return writeMail()
      })
      if (added) mailEnqueued()
      return message
    },
    async list() {
      const snap = await col.messages.orderBy('createdAt', 'desc').get()
      return snap.docs.map((doc) => toMessage(doc.data()))
    },
    async page({ offset, limit, unhandled = false }) {
      assertPage({ offset, limit })
      if (unhandled) await fillLegacy()
      const matching = unhandled ? unhandledQuery : col.messages
      const [snap, count] = await Promise.all([
        matching.orderBy('createdAt', 'desc').offset(offset).limit(limit).get(),
        matching.count().get(),
      ])
      return { items: snap.docs.map((doc) => toMessage(doc.data())), total: count.data().count }
    },
    async countUnhandled() {
      await fillLegacy()
      return (await unhandledQuery.count().get()).data().count
    },
    async markHandled(id, { by }) {
      const ref = col.messages.doc(id)
      const at = now()
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const message = toMessage(snap.data())
        // The first handler stays: marking a handled message again changes nothing.
        if (message.handledAt !== null) return message
        tx.update(ref, { handledAt: at, handledBy: by })
        return { ...message, handledAt: at, handledBy: by }
      })
    },
  }
}
