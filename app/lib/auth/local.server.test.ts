import { describe, expect, it, vi } from 'vitest'

import type { OutboxMessage } from '~/lib/data/types'

import { RESET_TOKEN_TTL_MS, createLocalAuth, hashResetToken } from './local.server'
import { hashPassword, verifyPassword } from './password.server'
import { memoryStore } from '~/lib/data/memory-store.test-helper'

describe('password hashes', () => {
  it('salts every hash and verifies only the right password', async () => {
    const a = await hashPassword('karoo-sunset')
    const b = await hashPassword('karoo-sunset')
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('karoo-sunset', a)).toBe(true)
    expect(await verifyPassword('karoo-sunrise', a)).toBe(false)
    expect(await verifyPassword('karoo-sunset', 'garbage')).toBe(false)
  })
})

describe('local reset links', () => {
  it('stores only a hash of the token and expires it after 30 minutes', async () => {
    let now = new Date('2025-01-01T10:00:00Z')
    const store = memoryStore({ now: () => now })
    const auth = createLocalAuth({
      users: store.users,
      credentials: store.credentials,
      sessions: store.sessions,
      exposeResetLinks: true,
      now: () => now,
    })
    await auth.signUp({
      email: 'late@example.co.za',
      password: 'first password',
      firstName: 'L',
      lastName: 'T',
    })
    const { devLink } = await auth.requestPasswordReset('late@example.co.za', {
      appUrl: 'http://localhost:3000/',
    })
    expect(devLink).toMatch(/^http:\/\/localhost:3000\/auth\?intent=reset&token=[\w-]{40,}$/)
    const token = new URL(devLink!).searchParams.get('token')!
    // The raw token is not what the store keys on.
    expect(await store.credentials.consumeResetToken(token)).toBeNull()
    now = new Date(now.getTime() + RESET_TOKEN_TTL_MS + 1000)
    expect(await auth.resetPassword(token, 'second password')).toBe(false)
    expect(hashResetToken(token)).toHaveLength(64)
    await store.close()
  })

  it('puts the link in the outbox for the account, keyed per link, and logs nothing', async () => {
    const store = memoryStore()
    const info = vi.spyOn(console, 'info')
    const log = vi.spyOn(console, 'log')
    const auth = createLocalAuth({
      users: store.users,
      credentials: store.credentials,
      sessions: store.sessions,
      exposeResetLinks: false,
    })
    await auth.signUp({
      email: 'prod@example.co.za',
      password: 'first password',
      firstName: 'P',
      lastName: 'R',
    })
    expect(
      await auth.requestPasswordReset('PROD@example.co.za', { appUrl: 'https://shop.example' }),
    ).toEqual({ devLink: null })
    expect(
      await auth.requestPasswordReset('nobody@example.co.za', { appUrl: 'https://shop.example' }),
    ).toEqual({ devLink: null })
    await auth.requestPasswordReset('prod@example.co.za', { appUrl: 'https://shop.example' })

    // Oldest first: the outbox lists newest first.
    const sent = (await store.outbox.list({ offset: 0, limit: 10 })).items.reverse()
    expect(sent.map((m) => [m.to, m.status])).toEqual([
      ['prod@example.co.za', 'pending'],
      ['prod@example.co.za', 'pending'],
    ])
    const [first, second] = sent as [OutboxMessage, OutboxMessage]
    expect(first.subject).toMatch(/reset your karoo & co\. password/i)
    expect(first.key).not.toBe(second.key)
    const link = first.text.match(/https:\/\/shop\.example\/auth\?intent=reset&token=[\w-]+/)?.[0]
    expect(link).toBeDefined()
    expect(first.html).toContain(link!.replaceAll('&', '&amp;'))
    expect(info).not.toHaveBeenCalled()
    expect(log).not.toHaveBeenCalled()

    // The first mail's link was voided by the second; the second works once.
    const tokenOf = (message: OutboxMessage) =>
      new URL(message.text.match(/https:\S+/)![0]).searchParams.get('token')!
    expect(await auth.resetPassword(tokenOf(first), 'second password')).toBe(false)
    expect(await auth.resetPassword(tokenOf(second), 'second password')).toBe(true)
    info.mockRestore()
    log.mockRestore()
    await store.close()
  })
})

describe('local sessions', () => {
  it('notes when a session was last seen, at most every five minutes', async () => {
    let now = new Date('2025-01-01T10:00:00Z')
    const store = memoryStore({ now: () => now })
    const auth = createLocalAuth({
      users: store.users,
      credentials: store.credentials,
      sessions: store.sessions,
      exposeResetLinks: false,
      now: () => now,
    })
    const { session } = await auth.signUp({
      email: 'seen@example.co.za',
      password: 'first password',
      firstName: 'S',
      lastName: 'N',
    })
    const { id } = await auth.startSession(session, { userAgent: 'Firefox/128.0' })
    const later = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000))
    later(3)
    await auth.verify(id)
    expect((await store.sessions.get(id))?.lastSeenAt).toBe('2025-01-01T10:00:00.000Z')
    later(3)
    await auth.verify(id)
    expect((await store.sessions.get(id))?.lastSeenAt).toBe('2025-01-01T10:06:00.000Z')
    await store.close()
  })
})
