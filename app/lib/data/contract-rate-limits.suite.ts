import { describe, expect, it } from 'vitest'

import { manualClock, storePerTest, type ContractHarness } from './contract.suite'
import type { ClaimResult, ClaimedWindow, Store } from './store'

const T0 = '2025-03-01T10:00:00.000Z'
const START = 1_700_000_000_000
const MINUTE = 60_000

/** The windows of a granted claim; fails the test when it was refused. */
function granted(result: ClaimResult): ClaimedWindow[] {
  if (!result.allowed) throw new Error(`refused on ${result.key}`)
  return result.windows
}

/**
 * The rate limits every data adapter must keep (docs/contracts.md "Hostile input and limits"):
 * claims are judged in one atomic step, so a burst is granted at most the limit. Runs with the same
 * harness as contract.suite.ts.
 */
export function describeRateLimitContract(name: string, harness: ContractHarness): void {
  describe(`rate limit contract: ${name}`, () => {
    let store: Store
    // 40 transactions on one Firestore document take their turns; on a busy two-core machine the
    // emulator needs more than vitest's 5 s default for the whole burst.
    const BURST_TIMEOUT = 60_000
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })
    /** The limits at `at` ms: the store's clock, which judges the windows, set there first. */
    const limitsAt = (at: number) => {
      clock.set(at)
      return store.rateLimits
    }

    it('grants up to the limit, then refuses until a whole window after the claim that filled it', async () => {
      const limit = { key: 'track:203.0.113.9', limit: 3, windowMs: 10 * MINUTE }
      expect(granted(await limitsAt(START).claim([limit]))).toEqual([
        { key: limit.key, windowMs: limit.windowMs, windowStart: START, remaining: 2 },
      ])
      granted(await limitsAt(START + MINUTE).claim([limit]))
      // The third fills it: full for ten minutes from now, not from the first claim.
      expect(granted(await limitsAt(START + 2 * MINUTE).claim([limit]))).toEqual([
        { key: limit.key, windowMs: limit.windowMs, windowStart: START + 2 * MINUTE, remaining: 0 },
      ])
      expect(await limitsAt(START + 3 * MINUTE).peek(limit.key, limit.windowMs)).toBe(3)
      expect(await limitsAt(START + 5 * MINUTE).claim([limit])).toEqual({
        allowed: false,
        key: limit.key,
        retryAfterMs: 7 * MINUTE,
      })
      // A refused claim counts nothing and does not lengthen the wait.
      expect(await limitsAt(START + 5 * MINUTE).peek(limit.key, limit.windowMs)).toBe(3)
      expect(await limitsAt(START + 10 * MINUTE).claim([limit])).toMatchObject({
        allowed: false,
        retryAfterMs: 2 * MINUTE,
      })
      // Another key has its own window; keys may hold "/" and ":".
      granted(await limitsAt(START).claim([{ ...limit, key: 'track:2001:db8::/1' }]))
      // A whole window after the filling claim, a fresh window begins.
      expect(granted(await limitsAt(START + 12 * MINUTE).claim([limit]))[0]!.remaining).toBe(2)
      expect(await limitsAt(START + 12 * MINUTE).peek(limit.key, limit.windowMs)).toBe(1)
      expect(await limitsAt(START + 22 * MINUTE).peek(limit.key, limit.windowMs)).toBe(0)
    })

    it('claims several limits all or none, and says the longest wait', async () => {
      const email = { key: 'signin-fail:a@b.co.za', limit: 1, windowMs: 15 * MINUTE }
      const ip = { key: 'signin-ip-fail:192.0.2.1', limit: 5, windowMs: 15 * MINUTE }
      granted(await limitsAt(START).claim([email, ip]))
      expect(await limitsAt(START + MINUTE).claim([email, ip])).toEqual({
        allowed: false,
        key: email.key,
        retryAfterMs: 14 * MINUTE,
      })
      // The refused claim took nothing from the IP's allowance.
      expect(await limitsAt(START + MINUTE).peek(ip.key, ip.windowMs)).toBe(1)
      for (let i = 0; i < 4; i++) {
        granted(await limitsAt(START + 10 * MINUTE).claim([ip]))
      }
      expect(await limitsAt(START + 10 * MINUTE).claim([email, ip])).toEqual({
        allowed: false,
        key: email.key,
        retryAfterMs: 15 * MINUTE,
      })
    })

    it('gives a claim back within its window only, never below zero', async () => {
      const limit = { key: 'signin-ip-fail:192.0.2.2', limit: 2, windowMs: 15 * MINUTE }
      const [first] = granted(await limitsAt(START).claim([limit]))
      const [second] = granted(await limitsAt(START + MINUTE).claim([limit]))
      expect(second!.remaining).toBe(0)
      // The claim that filled the window moved its start; the first claim still gives back.
      await store.rateLimits.release(first!)
      expect(await limitsAt(START + 2 * MINUTE).peek(limit.key, limit.windowMs)).toBe(1)
      await store.rateLimits.release(second!)
      await store.rateLimits.release(second!)
      expect(await limitsAt(START + 2 * MINUTE).peek(limit.key, limit.windowMs)).toBe(0)
      granted(await limitsAt(START + 2 * MINUTE).claim([limit]))

      // A claim from an ended window gives nothing back to the next one.
      const [late] = granted(await limitsAt(START + 20 * MINUTE).claim([limit]))
      expect(late!.windowStart).toBe(START + 20 * MINUTE)
      await store.rateLimits.release(first!)
      expect(await limitsAt(START + 20 * MINUTE).peek(limit.key, limit.windowMs)).toBe(1)
    })

    it('forgets a key on reset', async () => {
      const limit = { key: 'signin-fail:c@b.co.za', limit: 1, windowMs: MINUTE }
      granted(await limitsAt(START).claim([limit]))
      expect((await limitsAt(START + 1).claim([limit])).allowed).toBe(false)
      await store.rateLimits.reset(limit.key)
      expect(await limitsAt(START + 2).peek(limit.key, limit.windowMs)).toBe(0)
      granted(await limitsAt(START + 2).claim([limit]))
      await store.rateLimits.reset('never-seen')
    })

    it(
      'grants 40 parallel claims on one key at most the limit, and every claim resolves',
      async () => {
        const limit = { key: 'track:198.51.100.1', limit: 10, windowMs: 10 * MINUTE }
        const results = await Promise.all(
          Array.from({ length: 40 }, () => limitsAt(START).claim([limit])),
        )
        expect(results.filter((r) => r.allowed)).toHaveLength(10)
        expect(results.filter((r) => !r.allowed)).toHaveLength(30)
        expect(await limitsAt(START).peek(limit.key, limit.windowMs)).toBe(10)
      },
      BURST_TIMEOUT,
    )

    it(
      'grants 40 parallel sign-in claims (one email, one IP) at most the email limit',
      async () => {
        const email = { key: 'signin-fail:burst@b.co.za', limit: 5, windowMs: 15 * MINUTE }
        const ip = { key: 'signin-ip-fail:198.51.100.2', limit: 20, windowMs: 15 * MINUTE }
        const results = await Promise.all(
          Array.from({ length: 40 }, () => limitsAt(START).claim([email, ip])),
        )
        expect(results.filter((r) => r.allowed)).toHaveLength(5)
        // The refused took nothing from the IP.
        expect(await limitsAt(START).peek(ip.key, ip.windowMs)).toBe(5)
      },
      BURST_TIMEOUT,
    )

    it(
      'grants 40 parallel claims across 40 emails from one IP at most the IP limit',
      async () => {
        const ip = { key: 'signin-ip-fail:198.51.100.3', limit: 20, windowMs: 15 * MINUTE }
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            limitsAt(START).claim([
              { key: `signin-fail:u${i}@b.co.za`, limit: 5, windowMs: 15 * MINUTE },
              ip,
            ]),
          ),
        )
        expect(results.filter((r) => r.allowed)).toHaveLength(20)
        expect(await limitsAt(START).peek(ip.key, ip.windowMs)).toBe(20)
      },
      BURST_TIMEOUT,
    )

    it(
      'keeps count when 40 claims and their give-backs run in parallel',
      async () => {
        const limit = { key: 'signin-ip-fail:198.51.100.4', limit: 20, windowMs: 15 * MINUTE }
        // Each granted claim is given back (a sign-in that succeeded): none stays counted.
        const results = await Promise.all(
          Array.from({ length: 40 }, async () => {
            const result = await limitsAt(START).claim([limit])
            if (result.allowed) await store.rateLimits.release(result.windows[0]!)
            return result
          }),
        )
        expect(results.filter((r) => r.allowed).length).toBeGreaterThanOrEqual(20)
        expect(await limitsAt(START).peek(limit.key, limit.windowMs)).toBe(0)
      },
      BURST_TIMEOUT,
    )
  })
}
