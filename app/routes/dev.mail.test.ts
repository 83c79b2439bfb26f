import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { atSystemTime } from '~/lib/clock.test-helper'
import type { Store } from '~/lib/data/store'
import type { OutboxDraft } from '~/lib/data/types'
import { answer, get } from '../../test/admin-requests'

import type * as ListRoute from './dev.mail._index'
import type * as MessageRoute from './dev.mail.$key'

/** /dev/mail over a real SQLite outbox in a temp DATA_DIR (imported after the stubs). */
const dir = mkdtempSync(path.join(tmpdir(), 'dev-mail-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('MAIL_FROM', 'Karoo & Co. <shop@karoo.example>')

const context = { clientIp: '127.0.0.1' }
let store: Store
let list: typeof ListRoute
let message: typeof MessageRoute

beforeAll(async () => {
  store = await (await import('~/lib/data/index.server')).getStore()
  list = await import('./dev.mail._index')
  message = await import('./dev.mail.$key')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const mail = (n: number, extra: Partial<OutboxDraft> = {}): OutboxDraft => ({
  key: `contact:m${n}:ack`,
  to: `buyer${n}@example.co.za`,
  replyTo: null,
  subject: `Message ${n}`,
  text: `Text part ${n}: https://shop.example/cart`,
  html: `<!DOCTYPE html><html><body><p>HTML part ${n}</p></body></html>`,
  orderId: null,
  ...extra,
})

const loadList = (query = '') =>
  answer(() => list.loader({ request: get(`/dev/mail${query}`), params: {}, context }))
const loadMessage = (key: string) =>
  answer(() =>
    message.loader({
      request: get(`/dev/mail/${encodeURIComponent(key)}`),
      params: { key },
      context,
    }),
  )

describe('/dev/mail outside production', () => {
  it('lists the outbox newest first, 25 a page, never stored or indexed', async () => {
    for (let n = 1; n <= 27; n++) {
      await atSystemTime(new Date(Date.UTC(2026, 10, 22, 8, n)), () =>
        store.outbox.enqueue(mail(n)),
      )
    }
    const first = await loadList()
    expect(first.status).toBe(200)
    expect(first.headers.get('Cache-Control')).toBe('no-store')
    expect(first.headers.get('X-Robots-Tag')).toBe('noindex')
    expect(first.body).toMatchObject({ total: 27, page: 1, pageCount: 2 })
    expect(first.body.messages).toHaveLength(25)
    expect(first.body.messages[0]).toMatchObject({
      key: 'contact:m27:ack',
      to: 'buyer27@example.co.za',
      subject: 'Message 27',
      status: 'pending',
      attempts: 0,
    })
    const second = await loadList('?page=2')
    expect(second.body.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Message 2',
      'Message 1',
    ])
  })

  it('shows one message with its headers and both parts', async () => {
    await store.outbox.enqueue(
      mail(99, { key: 'contact:m99:shop', replyTo: 'sipho@example.co.za' }),
    )
    const shown = await loadMessage('contact:m99:shop')
    expect(shown.status).toBe(200)
    expect(shown.headers.get('Cache-Control')).toBe('no-store')
    expect(shown.body.mail).toMatchObject({
      from: 'Karoo & Co. <shop@karoo.example>',
      to: 'buyer99@example.co.za',
      replyTo: 'sipho@example.co.za',
      subject: 'Message 99',
      text: 'Text part 99: https://shop.example/cart',
      html: expect.stringContaining('<p>HTML part 99</p>'),
    })
  })

  it('answers 404 for a message that is not there', async () => {
    expect((await loadMessage('order-paid:NOPE')).status).toBe(404)
  })
})

describe('/dev/mail in production', () => {
  it('does not exist', async () => {
    vi.resetModules()
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('SESSION_SECRET', 'a-long-random-production-secret-for-this-test')
    vi.stubEnv('PAYFAST_MODE', 'simulator')
    const prodList = await import('./dev.mail._index')
    const prodMessage = await import('./dev.mail.$key')
    const listed = await answer(() =>
      prodList.loader({ request: get('/dev/mail'), params: {}, context }),
    )
    expect(listed.status).toBe(404)
    const shown = await answer(() =>
      prodMessage.loader({
        request: get('/dev/mail/contact%3Am1%3Aack'),
        params: { key: 'contact:m1:ack' },
        context,
      }),
    )
    expect(shown.status).toBe(404)
  })
})
