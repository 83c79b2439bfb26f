import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { atSystemTime } from '~/lib/clock.test-helper'
import type { Store } from '~/lib/data/store'
import type { ContactMessage } from '~/lib/data/types'
import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as MessagesRoute from './admin.messages'

/** /admin/messages over a real SQLite store in a temp DATA_DIR, signed in through the real cookie. */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-messages-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let route: typeof MessagesRoute
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  who = await signInStaffAndCustomer(store)
  route = await import('./admin.messages')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

let minute = 0
/** A message a minute after the last (the store's clock, the system's, set for the write). */
function message(subject: string): Promise<ContactMessage> {
  return atSystemTime(new Date(Date.UTC(2025, 5, 1, 8, minute++)), () =>
    store.messages.create({
      name: 'Sipho',
      email: 'sipho@example.co.za',
      subject,
      message: 'Where is my tea?',
      ip: '',
    }),
  )
}

const load = (search = '', cookie = who.staff) =>
  answer(() =>
    route.loader({ request: get(`/admin/messages${search}`, cookie), params: {}, context }),
  )
const markHandled = (fields: Record<string, string>, search = '', cookie = who.staff) =>
  answer(() =>
    route.action({
      request: post(`/admin/messages${search}`, fields, cookie),
      params: {},
      context,
    }),
  )

describe('/admin/messages', () => {
  it('is staff only: a visitor signs in first, a customer gets the 404 page', async () => {
    const visitor = await answer(() =>
      route.loader({ request: get('/admin/messages?unhandled=1'), params: {}, context }),
    )
    expect(visitor.location).toBe('/auth?redirectTo=%2Fadmin%2Fmessages%3Funhandled%3D1')
    expect((await load('', who.customer)).status).toBe(404)
    const first = await message('Customer cannot do this')
    const refused = await markHandled({ intent: 'handled', messageId: first.id }, '', who.customer)
    expect(refused.status).toBe(404)
    expect(await store.messages.countUnhandled()).toBe(1)
  })

  it('marks a message handled by the staff member and goes back to the same list', async () => {
    const asked = await message('Delivery times')
    const result = await markHandled({ intent: 'handled', messageId: asked.id }, '?unhandled=1')
    expect(result.status).toBe(302)
    expect(result.location).toBe('/admin/messages?unhandled=1')
    expect(result.headers.get('Set-Cookie')).toMatch(/^en_toast=/)
    expect(result.headers.get('Cache-Control')).toBe('no-store')

    const all = await load()
    const shown = all.body.messages.find((m: { id: string }) => m.id === asked.id)
    expect(shown).toMatchObject({ handledBy: 'nomsa@shop.example.co.za' })
    expect(shown.handledAt).toEqual(expect.any(String))
    const unhandled = await load('?unhandled=1')
    expect(unhandled.body.messages.map((m: { id: string }) => m.id)).not.toContain(asked.id)
    expect(unhandled.body.unhandled).toBe(true)
  })

  it('refuses a missing or unknown message id with a message, changing nothing', async () => {
    const missing = await markHandled({ intent: 'handled' })
    expect(missing.status).toBe(400)
    expect(missing.body.result.error.messageId).toEqual(['Choose a message'])

    const before = await store.messages.countUnhandled()
    const unknown = await markHandled({ intent: 'handled', messageId: 'no-such-message' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.messageId).toBe('no-such-message')
    expect(unknown.body.result.error['']).toEqual(['There is no such message. Reload the list.'])
    expect(await store.messages.countUnhandled()).toBe(before)

    const wrongIntent = await markHandled({ intent: 'delete', messageId: 'x' })
    expect(wrongIntent.status).toBe(400)
  })

  it('pages by 25, newest first', async () => {
    for (let i = 0; i < 26; i++) await message(`Question ${i}`)
    const first = await load()
    expect(first.body.messages).toHaveLength(25)
    expect(first.body.messages[0].subject).toBe('Question 25')
    expect(first.body.pageCount).toBe(2)
    const second = await load('?page=2')
    expect(second.body.page).toBe(2)
    expect(second.body.messages.length).toBeGreaterThan(0)
  })
})
