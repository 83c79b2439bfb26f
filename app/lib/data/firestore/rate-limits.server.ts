import { judgeClaim, windowAfterRelease, type LimitWindow } from '../rate-limit-windows'
import { safeDocId } from '../rules.server'
import type { RateLimitStore } from '../store'
import type { FirestoreContext } from './context.server'

type RateLimitDoc = { key: string; windowStart: number; count: number }

const windowOf = (data: unknown): LimitWindow | null =>
  data
    ? { windowStart: (data as RateLimitDoc).windowStart, count: (data as RateLimitDoc).count }
    : null

/**
 * Runs `work` once every earlier call on any of `keys` in this process has finished: calls on one
 * key take turns, calls on other keys run alongside.
 */
function inTurn(turns: Map<string, Promise<unknown>>) {
  return async <T>(keys: readonly string[], work: () => Promise<T>): Promise<T> => {
    const before = keys.map((key) => turns.get(key)).filter((turn) => turn !== undefined)
    const done = Promise.allSettled(before).then(work)
    const settled = done.catch(() => {})
    for (const key of keys) turns.set(key, settled)
    try {
      return await done
    } finally {
      for (const key of keys) if (turns.get(key) === settled) turns.delete(key)
    }
  }
}

export function createRateLimitStore({
  col,
  transaction,
  nowMs,
}: FirestoreContext): RateLimitStore {
  const ref = (key: string) => col.rateLimits.doc(safeDocId(key))
  // NOTE: 40 transactions contending on one document in the emulator took over a minute (each
  // loser backs off and retries, up to the context's 30 attempts). The claims this process makes on
  // a key take turns here instead, so only claims from other processes ever contend.
  const turn = inTurn(new Map())
  return {
    // One transaction reads every key's window and writes them all, so parallel claims on a key
    // are judged one after another, whichever process makes them.
    async claim(claims) {
      if (claims.length === 0) return { allowed: true, windows: [] }
      const refs = claims.map(({ key }) => ref(key))
      return turn(
        claims.map(({ key }) => key),
        () =>
          transaction(async (tx) => {
            const snaps = await tx.getAll(...refs)
            const { result, writes } = judgeClaim(
              claims,
              snaps.map((snap) => windowOf(snap.data())),
              nowMs(),
            )
            // A refused claim writes nothing (`writes` is empty).
            for (const [i, write] of writes.entries()) {
              tx.set(refs[i]!, { key: claims[i]!.key, ...write } satisfies RateLimitDoc)
            }
            return result
          }),
      )
    },
    async release(window) {
      const doc = ref(window.key)
      await turn([window.key], () =>
        transaction(async (tx) => {
          const after = windowAfterRelease(windowOf((await tx.get(doc)).data()), window)
          if (after) tx.set(doc, { key: window.key, ...after } satisfies RateLimitDoc)
        }),
      )
    },
    async reset(key) {
      await ref(key).delete()
    },
    async peek(key, windowMs) {
      const row = windowOf((await ref(key).get()).data())
      return row && nowMs() < row.windowStart + windowMs ? row.count : 0
    },
  }
}
