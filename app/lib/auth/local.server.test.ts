import { describe, expect, it } from 'vitest'

import { RESET_TOKEN_TTL_MS, createLocalAuth, hashResetToken } from './local.server'
import { hashPassword, verifyPassword } from './password.server'
import { memoryStore } from './test-store.server'

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
    const store = memoryStore()
    let now = new Date('2025-01-01T10:00:00Z')
    const logged: string[] = []
    const auth = createLocalAuth({
      users: store.users,
      credentials: store.credentials,
      exposeResetLinks: true,
      now: () => now,
      log: (m) => logged.push(m),
    })
    await auth.signUp({ email: 'late@example.co.za', password: 'first password', firstName: 'L', lastName: 'T' })
    const { devLink } = await auth.requestPasswordReset('late@example.co.za', { appUrl: 'http://localhost:3000/' })
    expect(devLink).toMatch(/^http:\/\/localhost:3000\/auth\?intent=reset&token=[\w-]{40,}$/)
    expect(logged[0]).toContain(devLink!)
    const token = new URL(devLink!).searchParams.get('token')!
    // The raw token is not what the store keys on.
    expect(await store.credentials.consumeResetToken(token, now.toISOString())).toBeNull()
    now = new Date(now.getTime() + RESET_TOKEN_TTL_MS + 1000)
    expect(await auth.resetPassword(token, 'second password')).toBe(false)
    expect(hashResetToken(token)).toHaveLength(64)
    await store.close()
  })

  it('never hands the link back in production', async () => {
    const store = memoryStore()
    const logged: string[] = []
    const auth = createLocalAuth({ users: store.users, credentials: store.credentials, exposeResetLinks: false, log: (m) => logged.push(m) })
    await auth.signUp({ email: 'prod@example.co.za', password: 'first password', firstName: 'P', lastName: 'R' })
    expect(await auth.requestPasswordReset('prod@example.co.za', { appUrl: 'https://shop.example' })).toEqual({ devLink: null })
    expect(logged).toHaveLength(1)
    await store.close()
  })
})
