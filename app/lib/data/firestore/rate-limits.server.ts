import { safeDocId } from '../rules.server'
import type { RateLimitStore } from '../store'
import type { FirestoreContext } from './context.server'

type RateLimitDoc = { key: string; windowStart: number; count: number }

export function createRateLimitStore({ col, transaction }: FirestoreContext): RateLimitStore {
  return {
    async hit(key, limit, windowMs, now) {
      const ref = col.rateLimits.doc(safeDocId(key))
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        const row = snap.exists ? (snap.data() as RateLimitDoc) : null
        const fresh = !row || now >= row.windowStart + windowMs
        const windowStart = fresh ? now : row.windowStart
        const count = fresh ? 1 : row.count + 1
        tx.set(ref, { key, windowStart, count } satisfies RateLimitDoc)
        const allowed = count <= limit
        return { allowed, retryAfterMs: allowed ? 0 : windowStart + windowMs - now }
      })
    },
    async reset(key) {
      await col.rateLimits.doc(safeDocId(key)).delete()
    },
    async peek(key, windowMs, now) {
      const snap = await col.rateLimits.doc(safeDocId(key)).get()
      const row = snap.exists ? (snap.data() as RateLimitDoc) : null
      return row && now < row.windowStart + windowMs ? row.count : 0
    },
  }
}
