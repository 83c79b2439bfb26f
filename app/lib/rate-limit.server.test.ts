import { describe, expect, it } from 'vitest'

import { memoryStore } from '~/lib/auth/test-store.server'

import {
  allowContactMessage,
  clearFailedSignIns,
  recordFailedSignIn,
  signInBlockedFor,
  signInBlockedMessage,
} from './rate-limit.server'

const MIN = 60 * 1000

describe('sign-in limits', () => {
  it('blocks an email after five failures in 15 minutes, for 15 minutes from the fifth', async () => {
    const { rateLimits } = memoryStore()
    const t0 = 1_000_000
    const a = (email: string, ip: string) => ({ email, ip })
    for (let i = 0; i < 4; i++) {
      expect(
        await recordFailedSignIn(rateLimits, a('a@example.co.za', `10.0.0.${i}`), t0 + i * MIN),
      ).toBe(0)
    }
    expect(await signInBlockedFor(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 4 * MIN)).toBe(
      0,
    )
    expect(
      await recordFailedSignIn(rateLimits, a('A@example.co.za', '10.0.0.5'), t0 + 10 * MIN),
    ).toBe(15 * MIN)
    // Blocked from every address, and the time left counts down from the fifth failure.
    expect(
      await signInBlockedFor(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 10 * MIN),
    ).toBe(15 * MIN)
    expect(
      await signInBlockedFor(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 13 * MIN),
    ).toBe(12 * MIN)
    expect(
      await signInBlockedFor(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 24 * MIN),
    ).toBe(MIN)
    expect(
      await signInBlockedFor(rateLimits, a('other@example.co.za', '10.0.0.5'), t0 + 10 * MIN),
    ).toBe(0)
    // Asking does not lengthen the block.
    expect(
      await signInBlockedFor(rateLimits, a('a@example.co.za', '10.0.0.9'), t0 + 25 * MIN + 1),
    ).toBe(0)
  })

  it('blocks a client IP after twenty failures in 15 minutes, whichever emails it tries', async () => {
    const { rateLimits } = memoryStore()
    const t0 = 5_000_000
    const ip = '2001:db8::7'
    for (let i = 0; i < 19; i++) {
      expect(
        await recordFailedSignIn(rateLimits, { email: `u${i}@example.co.za`, ip }, t0 + i * 30_000),
      ).toBe(0)
    }
    expect(
      await signInBlockedFor(rateLimits, { email: 'new@example.co.za', ip }, t0 + 10 * MIN),
    ).toBe(0)
    expect(
      await recordFailedSignIn(rateLimits, { email: 'u19@example.co.za', ip }, t0 + 10 * MIN),
    ).toBe(15 * MIN)
    // Any email from that IP now waits; the same emails from another IP do not.
    expect(
      await signInBlockedFor(rateLimits, { email: 'new@example.co.za', ip }, t0 + 13 * MIN),
    ).toBe(12 * MIN)
    expect(
      await signInBlockedFor(
        rateLimits,
        { email: 'u1@example.co.za', ip: '2001:db8::8' },
        t0 + 13 * MIN,
      ),
    ).toBe(0)
    expect(
      await signInBlockedFor(rateLimits, { email: 'new@example.co.za', ip }, t0 + 25 * MIN),
    ).toBe(0)
  })

  it('counts an IP failures only within 15 minutes', async () => {
    const { rateLimits } = memoryStore()
    const ip = '192.0.2.1'
    for (let i = 0; i < 19; i++)
      await recordFailedSignIn(rateLimits, { email: `v${i}@example.co.za`, ip }, i)
    // The window of the first 19 has passed: the twentieth failure starts a new count.
    expect(
      await recordFailedSignIn(rateLimits, { email: 'v19@example.co.za', ip }, 15 * MIN + 1),
    ).toBe(0)
  })

  it('forgets an email failures after a successful sign-in, but not its IP failures', async () => {
    const { rateLimits } = memoryStore()
    const ip = '192.0.2.2'
    for (let i = 0; i < 4; i++)
      await recordFailedSignIn(rateLimits, { email: 'b@example.co.za', ip }, i)
    await clearFailedSignIns(rateLimits, 'b@example.co.za')
    expect(await recordFailedSignIn(rateLimits, { email: 'b@example.co.za', ip }, 10)).toBe(0)
    for (let i = 0; i < 14; i++) {
      await recordFailedSignIn(rateLimits, { email: `c${i}@example.co.za`, ip }, 20 + i)
      await clearFailedSignIns(rateLimits, `c${i}@example.co.za`)
    }
    // 4 + 1 + 14 = 19 failures from the IP; its own successes did not wipe them.
    expect(await recordFailedSignIn(rateLimits, { email: 'd@example.co.za', ip }, 100)).toBe(
      15 * MIN,
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
    const { rateLimits } = memoryStore()
    for (let i = 0; i < 5; i++)
      expect(await allowContactMessage(rateLimits, '10.0.0.1', i * MIN)).toBe(true)
    expect(await allowContactMessage(rateLimits, '10.0.0.1', 30 * MIN)).toBe(false)
    expect(await allowContactMessage(rateLimits, '10.0.0.2', 30 * MIN)).toBe(true)
    expect(await allowContactMessage(rateLimits, '10.0.0.1', 61 * MIN)).toBe(true)
  })
})
