import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Store } from '~/lib/data/store'
import { answer, get, post } from '../../test/admin-requests'

import type * as AuthModule from '~/lib/auth/index.server'

import type * as PrivacyRoute from './account_.privacy'

/**
 * /account/privacy for a Firebase account (no password with the shop): the delete form mails a
 * signed link instead, and the link's page deletes the account. The sign-in adapter is the local
 * one dressed as Firebase (its kind, and a deleteSignIn that records the call), so the page's
 * Firebase branch runs without the Auth emulator; the emulator test
 * (app/lib/customers/privacy-firebase.firebase.test.ts) proves the Auth user goes.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'account-privacy-firebase-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

const deletedSignIns: string[] = []
vi.mock('~/lib/auth/index.server', async (importOriginal) => {
  const real = await importOriginal<typeof AuthModule>()
  return {
    ...real,
    async getAuth(store?: Store) {
      const auth = await real.getAuth(store)
      return {
        ...auth,
        kind: 'firebase' as const,
        async deleteSignIn(userId: string) {
          deletedSignIns.push(userId)
        },
      }
    },
  }
})

let store: Store
let route: typeof PrivacyRoute

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  route = await import('./account_.privacy')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const context = { clientIp: '127.0.0.1' }

describe('/account/privacy with a Firebase account', () => {
  it('mails a link that deletes the account, Auth user included, and asks for no password', async () => {
    const { commitUserSession } = await import('~/lib/auth/user.server')
    const email = 'firebase-buyer@example.co.za'
    await store.users.create({
      id: 'fb-1',
      email,
      firstName: 'Thandi',
      lastName: 'Mokoena',
      phone: null,
      address: null,
    })
    const setCookie = await commitUserSession(
      { userId: 'fb-1', token: null },
      new Request('http://localhost:3000/auth'),
    )
    const cookie = setCookie.split(';')[0]!

    const page = await answer(() =>
      route.loader({ request: get('/account/privacy', cookie), params: {}, context }),
    )
    expect(page.body.needsPassword).toBe(false)

    const asked = await answer(() =>
      route.action({
        request: post('/account/privacy', { intent: 'delete' }, cookie),
        params: {},
        context,
      }),
    )
    expect(asked.status).toBe(302)
    expect(asked.location).toBe('/account/privacy')
    expect(await store.users.get('fb-1')).not.toBeNull()

    const mails = await store.privacyRequests.mailsTo(email)
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Confirm deleting your/)])
    const { items } = await store.outbox.list({ offset: 0, limit: 50 })
    const mail = items.find((m) => m.to === email)!
    const link = new URL(/https?:\/\/\S+\/account\/privacy\?confirm=\S+/.exec(mail.text)![0])
    const token = link.searchParams.get('confirm')!

    const confirmPage = await answer(() =>
      route.loader({ request: get(`/account/privacy${link.search}`, cookie), params: {}, context }),
    )
    expect(confirmPage.body.confirmToken).toBe(token)
    const done = await answer(() =>
      route.action({
        request: post('/account/privacy', { intent: 'confirm-delete', token }, cookie),
        params: {},
        context,
      }),
    )
    expect(done.status).toBe(302)
    expect(done.location).toBe('/')
    expect(await store.users.get('fb-1')).toBeNull()
    expect(deletedSignIns).toEqual(['fb-1'])
  })
})
