import type { CartStore } from '../store'
import type { CartLine } from '../types'
import type { FirestoreContext } from './context.server'

export function createCartStore(context: FirestoreContext): CartStore {
  const { col } = context
  return {
    async untouchedBetween(after, atOrBefore, limit) {
      const found = await col.carts
        .where('updatedAt', '>', after)
        .where('updatedAt', '<=', atOrBefore)
        .orderBy('updatedAt')
        .limit(limit)
        .get()
      return found.docs.flatMap((doc) => {
        const { lines, updatedAt } = doc.data() as { lines: CartLine[]; updatedAt: string }
        return lines.length ? [{ userId: doc.id, lines, updatedAt }] : []
      })
    },
    async get(userId) {
      const snap = await col.carts.doc(userId).get()
      return snap.exists ? (snap.data() as { lines: CartLine[] }).lines : []
    },
    async set(userId, lines) {
      await col.carts.doc(userId).set({
        lines: lines.map(({ productId, variantId, quantity }) =>
          variantId ? { productId, variantId, quantity } : { productId, quantity },
        ),
        updatedAt: context.now(),
      })
    },
  }
}
