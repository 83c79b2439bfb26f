import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { crossSiteRefusal } from '~/lib/csrf.server'
import type { Store } from '~/lib/data/store'
import { answer, get, post } from '../../test/admin-requests'

import type * as Route from './unsubscribe'
import type * as Token from '~/lib/customers/unsubscribe-token.server'

/** /unsubscribe over a real SQLite store in a temp DATA_DIR (imported after the stubs). */
const dir = mkdtempSync(path.join(tmpdir(), 'unsubscribe-'))
vi.stubEnv('DATA_DIR', dir)

let store: Store
let route: typeof Route
let tokenFor: typeof Token.unsubscribeToken
let n = 0
/** Each test its own client address, so one test's posts never fill another's limit. */
const context = () => ({ clientIp: `10.0.0.${++n}` })

beforeAll(async () => {
  store = await (await import('~/lib/data/index.server')).getStore()
  route = await import('./unsubscribe')
  tokenFor = (await import('~/lib/customers/unsubscribe-token.server')).unsubscribeToken
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

async function optedIn(email: string) {
  await store.consents.record({ email, userId: null, optIn: true, source: 'checkout' })
}

const load = (query: string) =>
  answer(() =>
    route.loader({ request: get(`/unsubscribe${query}`), params: {}, context: context() }),
  )
const act = (request: Request, ctx = context()) =>
  answer(() => route.action({ request, params: {}, context: ctx }))

describe('GET /unsubscribe?t=', () => {
  it('shows the confirm button for the address, and changes nothing', async () => {
    await optedIn('lerato@example.co.za')
    const page = await load(`?t=${tokenFor('lerato@example.co.za')}`)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({
      state: 'confirm',
      email: 'lerato@example.co.za',
      subscribed: true,
    })
    expect(page.headers.get('Cache-Control')).toBe('no-store')
    expect(await store.consents.current('lerato@example.co.za')).toBe(true)
  })

  it('answers a clear 400 page for a missing or changed token, never a 500', async () => {
    for (const query of [
      '',
      '?t=',
      '?t=abc',
      `?t=${tokenFor('a@b.co')}x`,
      `?t=${'%ff'.repeat(300)}`,
    ]) {
      const page = await load(query)
      expect(page.status, query).toBe(400)
      expect(page.body).toEqual({ state: 'invalid' })
    }
  })
})

describe('POST /unsubscribe', () => {
  it("unsubscribes at once from the page's button (t in the body), recorded as an unsubscribe", async () => {
    await optedIn('sipho@example.co.za')
    const done = await act(post('/unsubscribe', { t: tokenFor('sipho@example.co.za') }))
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ state: 'done', email: 'sipho@example.co.za' })
    expect(await store.consents.current('sipho@example.co.za')).toBe(false)
    const history = await store.consents.history('sipho@example.co.za')
    expect(history.map((entry) => [entry.optIn, entry.source])).toEqual([
      [true, 'checkout'],
      [false, 'unsubscribe'],
    ])
  })

  it("takes a mail client's RFC 8058 one-click post: t in the query, List-Unsubscribe=One-Click as multipart, no cookie", async () => {
    await optedIn('naledi@example.co.za')
    const body = new FormData()
    body.set('List-Unsubscribe', 'One-Click')
    const request = new Request(
      `http://localhost:3000/unsubscribe?t=${tokenFor('naledi@example.co.za')}`,
      { method: 'POST', body },
    )
    const done = await act(request)
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ state: 'done', email: 'naledi@example.co.za' })
    expect(await store.consents.current('naledi@example.co.za')).toBe(false)
    // The cross-site check lets this route's post through from another site (the token proves it).
    expect(
      crossSiteRefusal({
        method: 'POST',
        path: '/unsubscribe',
        secFetchSite: 'cross-site',
        origin: 'https://mail.example.com',
        appUrl: 'https://shop.example',
        exactOrigin: true,
      }),
    ).toBeNull()
  })

  it('confirms twice without a second record (the same state twice is one entry)', async () => {
    await optedIn('twice@example.co.za')
    const t = tokenFor('twice@example.co.za')
    expect((await act(post('/unsubscribe', { t }))).status).toBe(200)
    expect(
      (await act(post(`/unsubscribe?t=${t}`, { 'List-Unsubscribe': 'One-Click' }))).status,
    ).toBe(200)
    expect(await store.consents.history('twice@example.co.za')).toHaveLength(2)
  })

  it('answers 400 for a bad token and unsubscribes nobody', async () => {
    await optedIn('kept@example.co.za')
    const good = tokenFor('kept@example.co.za')
    for (const t of ['', 'nonsense', `${good.split('.')[0]}.AAAA`]) {
      const refused = await act(post('/unsubscribe', { t }))
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({ state: 'invalid' })
    }
    expect(await store.consents.current('kept@example.co.za')).toBe(true)
  })

  it('stops a client after 20 bad tokens in 10 minutes (claimed atomically), but not good ones', async () => {
    const ctx = context()
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => act(post('/unsubscribe', { t: `bad-${i}` }), ctx)),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(20)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
    expect(answers.find((a) => a.status === 429)?.body.message).toMatch(
      /^Too many requests from here; try again in \d+ minutes?$/,
    )
    // Good tokens from a shared address (a mail provider's) do not count against it.
    const ctx2 = context()
    for (let i = 0; i < 25; i++) {
      const email = `reader${i}@example.co.za`
      expect((await act(post('/unsubscribe', { t: tokenFor(email) }), ctx2)).status).toBe(200)
    }
  })
})
