import { emailKey, safeDocId } from '../rules.server'
import type { ConsentStore } from '../store'
import type { ConsentEntry } from '../types'
import type { FirestoreContext } from './context.server'

/** The email's document: its current state and how many changes its history holds. */
type ConsentDoc = { email: string; optIn: boolean; at: string; count: number }
/** One change, in the subcollection `entries`, its `seq` (1, 2, ...) ordering the history. */
type ConsentEntryDoc = ConsentEntry & { seq: number }

/**
 * Consent by a SHA-256 of the lower-cased email: one document with the current state, each change
 * an entry beneath it. A change is read and written in one transaction, so two at once never record
 * the same state twice.
 */
export function createConsentStore({ col, db, transaction, now }: FirestoreContext): ConsentStore {
  const docFor = (email: string) => col.consents.doc(safeDocId(emailKey(email)))

  return {
    async record(entry) {
      const email = emailKey(entry.email)
      const ref = docFor(email)
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        const doc = snap.exists ? (snap.data() as ConsentDoc) : null
        if ((doc?.optIn ?? false) === entry.optIn) return false
        const at = now()
        const seq = (doc?.count ?? 0) + 1
        tx.set(ref, { email, optIn: entry.optIn, at, count: seq } satisfies ConsentDoc)
        tx.create(ref.collection('entries').doc(String(seq).padStart(8, '0')), {
          email,
          userId: entry.userId,
          optIn: entry.optIn,
          source: entry.source,
          at,
          seq,
        } satisfies ConsentEntryDoc)
        return true
      })
    },
    async current(email) {
      const snap = await docFor(email).get()
      return snap.exists && (snap.data() as ConsentDoc).optIn
    },
    async history(email) {
      const snap = await docFor(email).collection('entries').orderBy('seq').get()
      return snap.docs.map((doc) => {
        const { seq: _seq, ...entry } = doc.data() as ConsentEntryDoc
        return entry
      })
    },
    async erase(email) {
      await db.recursiveDelete(docFor(email))
    },
  }
}
