import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Store } from '~/lib/data/store'
import { draft } from '~/lib/orders/orders.test-helper'
import { answer, get, post } from '../../test/admin-requests'

import type * as PrivacyRoute from './account_.privacy'
import type * as ExportRoute from './account_.privacy_.export'

/**
 * /account/privacy over a real SQLite store in a temp DATA_DIR with local accounts, signed in
 * through the real cookie. Each test has a customer of its own, since deleting is for good.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'account-privacy-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

const PASSWORD = 'correct horse battery'
let store: Store
let route: typeof PrivacyRoute
let exportRoute: typeof ExportRoute
let n = 0

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  route = await import('./account_.privacy')
  exportRoute = await import('./account_.privacy_.export')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

/** A customer with a password, an order and a liked product, signed in: their id, email and cookie. */
async function customer() {
  const { hashPassword } = await import('~/lib/auth/password.server')
  const { commitUserSession } = await import('~/lib/auth/user.server')
  n += 1
  const id = `privacy-${n}`
  const email = `buyer${n}@example.co.za`
  await store.users.create({
    id,
    email,
    firstName: 'Thandi',
    lastName: 'Mokoena',
    phone: null,
    address: null,
  })
  await store.credentials.setPasswordHash(id, await hashPassword(PASSWORD))
  await store.products.upsertMany([
    { ...(await import('~/lib/data/contract.suite')).product(`rusks-${n}`) },
  ])
  const order = await store.orders.place(
    { ...draft([{ productId: `rusks-${n}`, quantity: 1 }], id), email },
    `PRIV-${n}`,
  )
  const setCookie = await commitUserSession(
    { userId: id, token: null },
    new Request('http://localhost:3000/auth'),
  )
  return { id, email, order, cookie: setCookie.split(';')[0]! }
}

const context = (ip = '127.0.0.1') => ({ clientIp: ip })
const load = (cookie: string, search = '') =>
  answer(() =>
    route.loader({
      request: get(`/account/privacy${search}`, cookie),
      params: {},
      context: context(),
    }),
  )
const download = async (cookie: string) =>
  (await exportRoute.action({
    request: post('/account/privacy/export', { intent: 'export' }, cookie),
    params: {},
    context: context(),
  })) as Response
const send = (fields: Record<string, string>, cookie: string, ip?: string) =>
  answer(() =>
    route.action({
      request: post('/account/privacy', fields, cookie),
      params: {},
      context: context(ip),
    }),
  )

describe('/account/privacy', () => {
  it('sends a visitor who is not signed in to sign in first', async () => {
    const page = await load('')
    expect(page.status).toBe(302)
    expect(page.location).toMatch(/^\/auth\?redirectTo=/)
  })

  it('downloads everything about the customer as a JSON file, and lists the request', async () => {
    const { id, email, order, cookie } = await customer()
    // The page's own URL with intent=export sends the post on to the download, body and all.
    const forwarded = await send({ intent: 'export' }, cookie)
    expect(forwarded.status).toBe(307)
    expect(forwarded.location).toBe('/account/privacy/export')

    const response = await download(cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename=".+\.json"$/)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const data = JSON.parse(await response.text())
    expect(data.profile).toMatchObject({ id, email })
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([order.id])
    expect(JSON.stringify(data.sessions)).not.toMatch(/"id"|"token"/)

    const page = await load(cookie)
    expect(page.body.requests).toEqual([expect.objectContaining({ kind: 'export' })])
  })

  it('allows five downloads an hour and then says when the next one can be made', async () => {
    const { cookie } = await customer()
    for (let i = 0; i < 5; i++) expect((await download(cookie)).status).toBe(200)
    const refused = await download(cookie)
    expect(refused.status).toBe(303)
    expect(refused.headers.get('Location')).toBe('/account/privacy')
    const { getToast } = await import('~/lib/toast.server')
    const toastCookie = refused.headers.get('Set-Cookie')!.split(';')[0]!
    const { toast } = await getToast(get('/account/privacy', toastCookie))
    expect(toast?.description).toMatch(
      /downloaded your data 5 times this hour\. Try again in \d+ minutes?\./,
    )
  })

  it('downloads nothing for a visitor who is not signed in', async () => {
    const answered = await answer(() =>
      exportRoute.action({
        request: post('/account/privacy/export', {}, ''),
        params: {},
        context: context(),
      }),
    )
    expect(answered.status).toBe(302)
    expect(answered.location).toMatch(/^\/auth/)
  })

  it('names the password field when it is empty or wrong, and deletes nothing', async () => {
    const { id, cookie } = await customer()
    const empty = await send({ intent: 'delete', password: '' }, cookie, '10.0.0.1')
    expect(empty.status).toBe(400)
    expect(empty.body.result.error.password).toEqual(['Enter your password'])

    const wrong = await send({ intent: 'delete', password: 'not it' }, cookie, '10.0.0.1')
    expect(wrong.status).toBe(400)
    expect(wrong.body.intent).toBe('delete')
    expect(wrong.body.result.error.password).toEqual([
      'That password is not right. Enter the password you sign in with to delete your account.',
    ])
    // The password is never sent back into the form.
    expect(JSON.stringify(wrong.body.result)).not.toContain('not it')
    expect(await store.users.get(id)).not.toBeNull()
    expect((await load(cookie)).status).toBe(200)
  })

  it('deletes the account with the right password: signed out, gone, orders kept without it', async () => {
    const { id, email, order, cookie } = await customer()
    const done = await send({ intent: 'delete', password: PASSWORD }, cookie, '10.0.0.2')
    expect(done.status).toBe(302)
    expect(done.location).toBe('/')
    expect(done.headers.get('Set-Cookie')).toBeTruthy()

    expect(await store.users.get(id)).toBeNull()
    expect(await store.users.getByEmail(email)).toBeNull()
    expect(await store.orders.get(order.id)).toMatchObject({ userId: null, email })
    expect(await store.privacyRequests.listForUser(id)).toEqual([
      expect.objectContaining({ kind: 'delete', email }),
    ])
    // The old cookie signs in no one, and the password opens nothing.
    expect((await load(cookie)).status).toBe(302)
    const { getAuth } = await import('~/lib/auth/index.server')
    expect(await (await getAuth(store)).signIn(email, PASSWORD)).toBeNull()
  })

  it('deletes with a mailed confirmation link only while it is valid and for its own account', async () => {
    const { deletionToken } = await import('~/lib/customers/privacy.server')
    const mine = await customer()
    const theirs = await customer()

    const forged = await send({ intent: 'confirm-delete', token: '9999999999999.abc' }, mine.cookie)
    expect(forged.status).toBe(400)
    expect(forged.body.result.error.token).toEqual([
      'This confirmation link has expired or is not right. Ask for a new one below.',
    ])
    const expired = deletionToken(mine.id, new Date(Date.now() - 31 * 60 * 1000))
    expect((await send({ intent: 'confirm-delete', token: expired }, mine.cookie)).status).toBe(400)
    const othersLink = deletionToken(theirs.id, new Date())
    expect((await send({ intent: 'confirm-delete', token: othersLink }, mine.cookie)).status).toBe(
      400,
    )
    expect(await store.users.get(mine.id)).not.toBeNull()

    const page = await load(mine.cookie, `?confirm=${deletionToken(mine.id, new Date())}`)
    expect(page.body.confirmToken).toMatch(/^\d+\.[\w-]+$/)
    const done = await send(
      { intent: 'confirm-delete', token: page.body.confirmToken },
      mine.cookie,
    )
    expect(done.status).toBe(302)
    expect(await store.users.get(mine.id)).toBeNull()
    expect(await store.users.get(theirs.id)).not.toBeNull()
  })
})
