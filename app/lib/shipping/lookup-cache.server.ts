import { LRUCache } from 'lru-cache'

import type { Clock } from '~/lib/clock'

/*
 * The cache in front of a provider's lookups at checkout (Bob Go's rates, Pargo's pickup points):
 * an answer is kept `ttlMs`, an empty one (the provider failed or had nothing) only `emptyTtlMs`,
 * so a checkout's retries do not hammer the provider but a recovery shows soon; asks for a key
 * already on its way share that one call. Time is the given clock's, so a test steps past a TTL.
 */

export type LookupCacheOptions = {
  clock: Clock
  ttlMs: number
  emptyTtlMs: number
  /** Keys kept at most (the least recently used go first). */
  max?: number
}

/** `lookup(key, ask)`: the cached answer for `key`, or `ask()`'s, kept. A rejection is not kept. */
export function lookupCache<T>(options: LookupCacheOptions) {
  const { clock, ttlMs, emptyTtlMs } = options
  const answers = new LRUCache<string, T[]>({
    max: options.max ?? 500,
    ttl: ttlMs,
    perf: { now: () => clock().getTime() },
    ttlResolution: 0,
  })
  const inFlight = new Map<string, Promise<T[]>>()

  return async function lookup(key: string, ask: () => Promise<T[]>): Promise<T[]> {
    const cached = answers.get(key)
    if (cached) return cached
    const pending = inFlight.get(key)
    if (pending) return pending
    const asked = ask().then((answer) => {
      answers.set(key, answer, { ttl: answer.length ? ttlMs : emptyTtlMs })
      return answer
    })
    inFlight.set(key, asked)
    try {
      return await asked
    } finally {
      inFlight.delete(key)
    }
  }
}
