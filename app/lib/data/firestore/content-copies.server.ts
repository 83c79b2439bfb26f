import { safeDocId } from '../rules.server'
import type { ContentCopyStore } from '../store'
import type { FirestoreContext } from './context.server'

type ContentCopyDoc = { key: string; json: string; fetchedAt: string }

/**
 * Copies are documents by a SHA-256 of their key, the JSON kept as one string field (a story's
 * bloks may nest arrays in arrays, which Firestore maps cannot hold).
 */
export function createContentCopyStore({ col }: FirestoreContext): ContentCopyStore {
  return {
    async get(key) {
      const snap = await col.contentCopies.doc(safeDocId(key)).get()
      if (!snap.exists) return null
      const doc = snap.data() as ContentCopyDoc
      return { json: doc.json, fetchedAt: doc.fetchedAt }
    },
    async put(key, json, fetchedAt) {
      const ref = col.contentCopies.doc(safeDocId(key))
      // NOTE: read then write, without a transaction: two instances storing the same publish at
      // once write the same text, and either order leaves a good copy.
      const snap = await ref.get()
      if (snap.exists && (snap.data() as ContentCopyDoc).json === json) return false
      await ref.set({ key, json, fetchedAt } satisfies ContentCopyDoc)
      return true
    },
  }
}
