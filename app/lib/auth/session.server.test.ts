import { beforeEach, describe, expect, it, vi } from 'vitest'

import type { User } from '~/lib/data/types'

import { commitUserSession, requireUser, requireUserId } from './session.server'
import type { AuthAdapter } from './types'

/** The `authenticated` guard over a fake store and sign-in adapter: only the session cookie is real. */

const thandi = { id: 'user-1', email: 'thandi@example.co.za', firstName: 'Thandi' } as User
const known = new Map<string, User>([[thandi.id, thandi]])
const revoked = new Set<string>()
const verify = vi.fn<AuthAdapter['verify']>()

vi.mock('~/lib/data/index.server', () => ({
  getStore: () =>
    Promise.resolve({ users: { get: (id: string) => Promise.resolve(known.get(id) ?? null) } }),
}))
vi.mock('./index.server', () => ({
  getAuth: () => Promise.resolve({ verify }),
}))

beforeEach(() => {
  revoked.clear()
  verify.mockReset()
  verify.mockImplementation(async (session, options) => {
    if (options?.checkRevoked && revoked.has(session.userId)) return null
    return known.has(session.userId) ? session.userId : null
  })
})

async function signedInCookie(userId: string) {
  const setCookie = await commitUserSession({ userId, token: null })
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
})
