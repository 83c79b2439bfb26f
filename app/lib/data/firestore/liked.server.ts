import type { LikedStore } from '../store'
import type { FirestoreContext } from './context.server'

type LikedDoc = { productIds: string[] }

/** One document per customer holding their liked product ids, most recent first. */
export function createLikedStore({ col, transaction }: FirestoreContext): LikedStore {
  return {
    async list(userId) {
      const snap = await col.liked.doc(userId).get()
      return snap.exists ? (snap.data() as LikedDoc).productIds : []
    },
    async add(userId, productIds) {
      const ref = col.liked.doc(userId)
      await transaction(async (tx) => {
        const snap = await tx.get(ref)
        const current = snap.exists ? (snap.data() as LikedDoc).productIds : []
        const added = [...new Set(productIds)]
        const next = [...added, ...current.filter((id) => !added.includes(id))]
        tx.set(ref, { productIds: next } satisfies LikedDoc)
      })
    },
    async remove(userId, productId) {
      const ref = col.liked.doc(userId)
      await transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return
        const current = (snap.data() as LikedDoc).productIds
        tx.set(ref, { productIds: current.filter((id) => id !== productId) } satisfies LikedDoc)
      })
    },
  }
}
