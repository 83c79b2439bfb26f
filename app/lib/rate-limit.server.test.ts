import { describe, expect, it } from 'vitest'

import { manualClock } from '~/lib/clock.test-helper'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { RateLimitStore } from '~/lib/data/store'

import {
  CONTACT_MESSAGES,
  claimLimits,
  claimSignIn,
  signInBlockedMessage,
  signInEmailKey,
  signInIpKey,
  signInSucceeded,
  type SignInAttempt,
} from './rate-limit.server'

const MIN = 60 * 1000

/**
 * A store in memory whose clock the test sets: `at(ms)` is the rate limits at that moment (the
 * store's clock judges every window).
 */
function limitsStore() {
  const clock = manualClock(0)
  const { rateLimits } = memoryStore({ now: clock.now })
  return (now: number): RateLimitStore => {
    clock.set(now)
    return rateLimits
  }
}
type LimitsAt = ReturnType<typeof limitsStore>

/** A sign-in whose password was wrong: its claim stays. How long it blocked for (0: not at all). */
async function failed(at: LimitsAt, attempt: SignInAttempt, now: number) {
  const claim = await claimSignIn(at(now), attempt)
  if (!claim.ok) throw new Error(`refused: ${claim.key}`)
  return claim.filledFor
}

/** How long a sign-in attempted now is told to wait; 0 when it would be checked. */
async function refusedFor(at: LimitsAt, attempt: SignInAttempt, now: number) {
  const claim = await claimSignIn(at(now), attempt)
  if (!claim.ok) return claim.retryAfterMs
  throw new Error('the attempt was let through')
}

/** Failures counted against an email and an IP right now. */
async function counted(at: LimitsAt, { email, ip }: SignInAttempt, now: number) {
  return [
    await at(now).peek(signInEmailKey(email), 15 * MIN),
    await at(now).peek(signInIpKey(ip), 15 * MIN),
  ]
}

describe('sign-in limits', () => {
  it('blocks an email after five failures in 15 minutes, for 15 minutes from the fifth', async () => {
    const rateLimits = limitsStore()
    const t0 = 1_000_000
    const a = (email: string, ip: string) => ({ email, ip })
    for (let i = 0; i < 4; i++) {
      expect(await failed(rateLimits, a('a@example.co.za', `10.0.0.${i}`), t0 + i * MIN)).toBe(0)
    }
    expect(await counted(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 4 * MIN)).toEqual([
      4, 0,
    ])
    expect(await failed(rateLimits, a('A@example.co.za', '10.0.0.5'), t0 + 10 * MIN)).toBe(15 * MIN)
    // Blocked from every address, and the time left counts down from the fifth failure.
    expect(await refusedFor(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 10 * MIN)).toBe(
      15 * MIN,
    )
    expect(await refusedFor(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 13 * MIN)).toBe(
      12 * MIN,
    )
    expect(await refusedFor(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 24 * MIN)).toBe(MIN)
    expect(await failed(rateLimits, a('other@example.co.za', '10.0.0.5'), t0 + 10 * MIN)).toBe(0)
    // Asking did not lengthen the block, nor count against the IP asking.
    expect(await counted(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 25 * MIN + 1)).toEqual([
      0, 0,
    ])
    expect(await failed(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 25 * MIN + 1)).toBe(0)
  })

  it('blocks a client IP after twenty failures in 15 minutes, whichever emails it tries', async () => {
    const rateLimits = limitsStore()
    const t0 = 5_000_000
    const ip = '2001:db8::7'
    for (let i = 0; i < 19; i++) {
      expect(await failed(rateLimits, { email: `u${i}@example.co.za`, ip }, t0 + i * 30_000)).toBe(
        0,
      )
    }
    expect(await failed(rateLimits, { email: 'u19@example.co.za', ip }, t0 + 10 * MIN)).toBe(
      15 * MIN,
    )
    // Any email from that IP now waits; the same emails from another IP do not.
    expect(await refusedFor(rateLimits, { email: 'new@example.co.za', ip }, t0 + 13 * MIN)).toBe(
      12 * MIN,
    )
    expect(
      await failed(rateLimits, { email: 'u1@example.co.za', ip: '2001:db8::8' }, t0 + 13 * MIN),
    ).toBe(0)
    expect(await failed(rateLimits, { email: 'new@example.co.za', ip }, t0 + 25 * MIN)).toBe(0)
  })

  it('counts an IP failures only within 15 minutes', async () => {
    const rateLimits = limitsStore()
    const ip = '192.0.2.1'
    for (let i = 0; i < 19; i++) await failed(rateLimits, { email: `v${i}@example.co.za`, ip }, i)
    // The window of the first 19 has passed: the twentieth failure starts a new count.
    expect(await failed(rateLimits, { email: 'v19@example.co.za', ip }, 15 * MIN + 1)).toBe(0)
  })

  it('forgets an email failures after a successful sign-in, but not its IP failures', async () => {
    const rateLimits = limitsStore()
    const ip = '192.0.2.2'
    const succeed = async (email: string, now: number) => {
      const claim = await claimSignIn(rateLimits(now), { email, ip })
      if (!claim.ok) throw new Error('refused')
      await signInSucceeded(rateLimits(now), claim, { email, ip })
    }
    for (let i = 0; i < 4; i++) await failed(rateLimits, { email: 'b@example.co.za', ip }, i)
    await succeed('b@example.co.za', 5)
    // The success took nothing: 4 failures on the IP, none left on the email.
    expect(await counted(rateLimits, { email: 'b@example.co.za', ip }, 6)).toEqual([0, 4])
    expect(await failed(rateLimits, { email: 'b@example.co.za', ip }, 10)).toBe(0)
    for (let i = 0; i < 14; i++) {
      await failed(rateLimits, { email: `c${i}@example.co.za`, ip }, 20 + i)
      await succeed(`c${i}@example.co.za`, 40 + i)
    }
    // 4 + 1 + 14 = 19 failures from the IP; its own successes did not wipe them.
    expect(await failed(rateLimits, { email: 'd@example.co.za', ip }, 100)).toBe(15 * MIN)
  })

  it('judges at most five of 40 parallel sign-ins for one email', async () => {
    const rateLimits = limitsStore()(1_000)
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        claimSignIn(rateLimits, { email: 'e@example.co.za', ip: `198.51.100.${i}` }),
      ),
    )
    expect(claims.filter((c) => c.ok)).toHaveLength(5)
    expect(claims.filter((c) => !c.ok).every((c) => !c.ok && c.retryAfterMs === 15 * MIN)).toBe(
      true,
    )
  })

  it('says when to try again, in whole minutes rounded up', () => {
    expect(signInBlockedMessage(15 * MIN)).toBe('Too many attempts; try again in 15 minutes')
    expect(signInBlockedMessage(11 * MIN + 1)).toBe('Too many attempts; try again in 12 minutes')
    expect(signInBlockedMessage(30_000)).toBe('Too many attempts; try again in 1 minute')
  })
})

describe('contact limit', () => {
  it('allows five messages per IP per hour', async () => {
    const rateLimits = limitsStore()
    const send = async (ip: string, now: number) =>
      (await claimLimits(rateLimits(now), [{ key: `contact:${ip}`, ...CONTACT_MESSAGES }])).ok
    for (let i = 0; i < 5; i++) expect(await send('10.0.0.1', i * MIN)).toBe(true)
    expect(await send('10.0.0.1', 30 * MIN)).toBe(false)
    expect(await send('10.0.0.2', 30 * MIN)).toBe(true)
    // An hour after the fifth message.
    expect(await send('10.0.0.1', 63 * MIN)).toBe(false)
    expect(await send('10.0.0.1', 64 * MIN)).toBe(true)
  })
})
