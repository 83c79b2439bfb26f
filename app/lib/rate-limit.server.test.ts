import { describe, expect, it } from 'vitest'

import { memoryStore } from '~/lib/auth/test-store.server'

import { allowContactMessage, clearFailedSignIns, recordFailedSignIn, signInBlocked } from './rate-limit.server'

const MIN = 60 * 1000

describe('sign-in limits', () => {
  it('blocks an email after five failures in 15 minutes, for 15 minutes from the fifth', async () => {
    const { rateLimits } = memoryStore()
    const t0 = 1_000_000
    for (let i = 0; i < 4; i++) expect(await recordFailedSignIn(rateLimits, 'a@example.co.za', t0 + i * MIN)).toBe(false)
    expect(await signInBlocked(rateLimits, 'a@example.co.za', t0 + 4 * MIN)).toBe(false)
    expect(await recordFailedSignIn(rateLimits, 'A@example.co.za', t0 + 10 * MIN)).toBe(true)
    expect(await signInBlocked(rateLimits, 'a@example.co.za', t0 + 10 * MIN)).toBe(true)
    expect(await signInBlocked(rateLimits, 'a@example.co.za', t0 + 24 * MIN)).toBe(true)
    expect(await signInBlocked(rateLimits, 'other@example.co.za', t0 + 10 * MIN)).toBe(false)
    expect(await signInBlocked(rateLimits, 'a@example.co.za', t0 + 25 * MIN + 1)).toBe(false)
  })

  it('forgets failures after a successful sign-in', async () => {
    const { rateLimits } = memoryStore()
    for (let i = 0; i < 4; i++) await recordFailedSignIn(rateLimits, 'b@example.co.za', i)
    await clearFailedSignIns(rateLimits, 'b@example.co.za')
    expect(await recordFailedSignIn(rateLimits, 'b@example.co.za', 10)).toBe(false)
  })
})

describe('contact limit', () => {
  it('allows five messages per IP per hour', async () => {
    const { rateLimits } = memoryStore()
    for (let i = 0; i < 5; i++) expect(await allowContactMessage(rateLimits, '10.0.0.1', i * MIN)).toBe(true)
    expect(await allowContactMessage(rateLimits, '10.0.0.1', 30 * MIN)).toBe(false)
    expect(await allowContactMessage(rateLimits, '10.0.0.2', 30 * MIN)).toBe(true)
    expect(await allowContactMessage(rateLimits, '10.0.0.1', 61 * MIN)).toBe(true)
  })
})
