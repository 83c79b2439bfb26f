import { describe, expect, it, vi } from 'vitest'

import type { User } from '~/lib/data/types'
import {
  FORM_BODY_LIMIT,
  IMPORT_UPLOAD_BODY_LIMIT,
  PRODUCT_UPLOAD_BODY_LIMIT,
} from '~/lib/http.server'

import { requestBodyRule } from './body-grant.server'

/** The upload grant over a fake store: the cookie header stands for the session's user id. */

const users = new Map<string, User>([
  ['u-staff', { id: 'u-staff', email: 'staff@example.co.za', staff: true } as User],
  ['u-customer', { id: 'u-customer', email: 'customer@example.co.za', staff: false } as User],
])
let storeDown = false

vi.mock('~/lib/data/index.server', () => ({
  getStore: () =>
    storeDown
      ? Promise.reject(new Error('store unreachable'))
      : Promise.resolve({ users: { get: (id: string) => Promise.resolve(users.get(id) ?? null) } }),
}))
vi.mock('./index.server', () => ({
  getAuth: () => Promise.resolve({ verify: (sessionId: string) => Promise.resolve(sessionId) }),
}))
// The signed cookie is covered by session.server.test.ts; here the cookie is the session id.
vi.mock('~/lib/cookie-session.server', () => ({
  getSession: (request: Request) => Promise.resolve({ get: () => request.headers.get('Cookie') }),
}))

const multipart = 'multipart/form-data; boundary=----x'
const form = { limit: FORM_BODY_LIMIT, form: true }

describe('requestBodyRule (who may send a large upload)', () => {
  it('grants the upload limits to a staff member', async () => {
    await expect(requestBodyRule('POST', '/admin/import', multipart, 'u-staff')).resolves.toEqual({
      limit: IMPORT_UPLOAD_BODY_LIMIT,
      form: true,
    })
    await expect(
      requestBodyRule('POST', '/admin/products/rooibos-tea', multipart, 'u-staff'),
    ).resolves.toEqual({ limit: PRODUCT_UPLOAD_BODY_LIMIT, form: true })
  })

  it('holds a visitor, a customer and an unknown session to the 1 MB form limit', async () => {
    for (const cookie of [undefined, 'u-customer', 'u-nobody']) {
      await expect(requestBodyRule('POST', '/admin/import', multipart, cookie)).resolves.toEqual(
        form,
      )
      await expect(
        requestBodyRule('POST', '/admin/products/new', multipart, cookie),
      ).resolves.toEqual(form)
    }
  })

  it('answers the form limit, not an error, when the session cannot be checked', async () => {
    storeDown = true
    try {
      await expect(requestBodyRule('POST', '/admin/import', multipart, 'u-staff')).resolves.toEqual(
        form,
      )
    } finally {
      storeDown = false
    }
  })

  it('leaves every other rule as it is, without looking at the session', async () => {
    await expect(requestBodyRule('GET', '/admin/import', undefined, 'u-staff')).resolves.toBeNull()
    await expect(requestBodyRule('POST', '/contact', multipart, 'u-staff')).resolves.toEqual(form)
  })
})
