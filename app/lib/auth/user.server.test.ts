import { beforeEach, describe, expect, it, vi } from 'vitest'

import type { User } from '~/lib/data/types'

import { commitUserSession, requireUser, requireUserId } from './user.server'
import type { AuthAdapter } from './types'

/** The `authenticated` guard over a fake store and sign-in adapter: only the session cookie is real. */

const thandi = { id: 'user-1', email: 'thandi@example.co.za', firstName: 'Thandi' } as User
const known = new Map<string, User>([[thandi.id, thandi]])
const revoked = new Set<string>()
/** Session id -> user id: the fake store's session records. */
const sessions = new Map<string, string>()
const verify = vi.fn<AuthAdapter['verify']>()
const signOut: AuthAdapter['signOut'] = async (sessionId) => void sessions.delete(sessionId)
let started = 0
const startSession: AuthAdapter['startSession'] = async ({ userId }, { userAgent }) => {
  const id = `session-${++started}`
  sessions.set(id, userId)
  const at = new Date().toISOString()
  return {
    id,
    userId,
    createdAt: at,
    lastSeenAt: at,
    userAgent,
    token: null,
    othersRevokedAt: null,
  }
}

vi.mock('~/lib/data/index.server', () => ({
  getStore: () =>
    Promise.resolve({ users: { get: (id: string) => Promise.resolve(known.get(id) ?? null) } }),
}))
vi.mock('./index.server', () => ({
  getAuth: () => Promise.resolve({ verify, startSession, signOut }),
}))

beforeEach(() => {
  revoked.clear()
  verify.mockReset()
  verify.mockImplementation(async (sessionId, options) => {
    const userId = sessions.get(sessionId)
    if (!userId || (options?.checkRevoked && revoked.has(userId))) return null
    return known.has(userId) ? userId : null
  })
})

async function signedInCookie(userId: string) {
  const setCookie = await commitUserSession({ userId, token: null }, request('/auth'))
  return setCookie.split(';')[0]!
}

const request = (path: string, cookie?: string) =>
  new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} })

async function thrownBy(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(thrown).toBeInstanceOf(Response)
  return thrown as Response
}

describe('requireUser (the authenticated guard)', () => {
  it('sends a visitor to sign in, coming back to the same page and query afterwards', async () => {
    const response = await thrownBy(requireUser(request('/orders?page=2')))
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!, 'http://localhost:3000')
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('redirectTo')).toBe('/orders?page=2')
  })

  it('lets a signed-in customer through with their record', async () => {
    const cookie = await signedInCookie(thandi.id)
    await expect(requireUser(request('/account', cookie))).resolves.toEqual(thandi)
    await expect(requireUserId(request('/account', cookie))).resolves.toBe(thandi.id)
  })

  it('sends a session whose account no longer exists to sign in', async () => {
    const cookie = await signedInCookie('deleted-user')
    const response = await thrownBy(requireUserId(request('/account', cookie)))
    expect(response.headers.get('Location')).toBe('/auth?redirectTo=%2Faccount')
  })

  it('refuses a revoked session when the route asks, and asks the provider once per request', async () => {
    const cookie = await signedInCookie(thandi.id)
    revoked.add(thandi.id)
    await expect(requireUser(request('/account', cookie))).resolves.toEqual(thandi)

    const accountChange = request('/account', cookie)
    await thrownBy(requireUser(accountChange, { checkRevoked: true }))
    // The action behind the guard checks again: the answer is the one already given.
    await thrownBy(requireUser(accountChange, { checkRevoked: true }))
    await thrownBy(requireUserId(accountChange))
    expect(verify.mock.calls.filter(([, options]) => options?.checkRevoked)).toHaveLength(1)
  })

  it('ends the session a browser held before when it signs in again', async () => {
    const before = await signedInCookie(thandi.id)
    const setCookie = await commitUserSession(
      { userId: thandi.id, token: null },
      request('/auth', before),
    )
    const after = setCookie.split(';')[0]!
    await expect(requireUserId(request('/account', after))).resolves.toBe(thandi.id)
    const response = await thrownBy(requireUserId(request('/account', before)))
    expect(response.headers.get('Location')).toBe('/auth?redirectTo=%2Faccount')
  })
})
