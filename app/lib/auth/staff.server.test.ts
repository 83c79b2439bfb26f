import { describe, expect, it, vi } from 'vitest'

import type { User } from '~/lib/data/types'

import { requireStaff } from './staff.server'

/** The back office's guard over a fake store: a session id in the cookie stands for its user. */

const users = new Map<string, User>([
  ['u-staff', { id: 'u-staff', email: 'staff@example.co.za', staff: true } as User],
  ['u-customer', { id: 'u-customer', email: 'customer@example.co.za', staff: false } as User],
])

vi.mock('~/lib/data/index.server', () => ({
  getStore: () =>
    Promise.resolve({ users: { get: (id: string) => Promise.resolve(users.get(id) ?? null) } }),
}))
vi.mock('./index.server', () => ({
  getAuth: () => Promise.resolve({ verify: (sessionId: string) => Promise.resolve(sessionId) }),
}))
// The signed cookie is covered by session.server.test.ts; here a header names the session.
vi.mock('~/lib/cookie-session.server', () => ({
  getSession: (request: Request) =>
    Promise.resolve({ get: () => request.headers.get('X-Test-Session') }),
}))

const request = (path: string, userId?: string) =>
  new Request(`http://localhost:3000${path}`, {
    headers: userId ? { 'X-Test-Session': userId } : {},
  })

async function thrownBy(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(thrown).toBeInstanceOf(Response)
  return thrown as Response
}

describe('requireStaff (the back-office guard)', () => {
  it('sends a visitor to sign in, coming back to the same page and query', async () => {
    const response = await thrownBy(requireStaff(request('/admin/orders?status=paid&page=2')))
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!, 'http://localhost:3000')
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('redirectTo')).toBe('/admin/orders?status=paid&page=2')
  })

  it('answers a customer without the role with the 404 page', async () => {
    const response = await thrownBy(requireStaff(request('/admin', 'u-customer')))
    expect(response.status).toBe(404)
    await expect(response.text()).resolves.toBe('This page could not be found')
  })

  it('lets staff through with their record, and a revoke counts from the next request', async () => {
    await expect(requireStaff(request('/admin', 'u-staff'))).resolves.toMatchObject({
      email: 'staff@example.co.za',
    })
    users.set('u-staff', { ...users.get('u-staff')!, staff: false })
    const response = await thrownBy(requireStaff(request('/admin', 'u-staff')))
    expect(response.status).toBe(404)
  })
})
