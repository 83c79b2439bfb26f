import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { product } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as ReviewsRoute from './admin.reviews'

/** /admin/reviews over a real SQLite store, signed in through the real session cookie. */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-reviews-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let route: typeof ReviewsRoute
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  await store.products.upsertMany([product('rusks', { name: 'Buttermilk rusks' })])
  who = await signInStaffAndCustomer(store)
  route = await import('./admin.reviews')
  // 27 reviews by as many customers, one a minute, so "newest first" is well defined.
  vi.useFakeTimers({ toFake: ['Date'] })
  for (let i = 0; i < 27; i++) {
    vi.setSystemTime(new Date(Date.UTC(2025, 5, 1, 8, i)))
    await store.reviews.upsert({
      productId: 'rusks',
      userId: `reader-${i}`,
      authorName: `Reader ${i}`,
      rating: i === 26 ? 1 : 5,
      title: i === 26 ? 'Rubbish, buy elsewhere' : `Lovely ${i}`,
      body: 'Crunchy.',
    })
  }
  vi.useRealTimers()
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const list = (search = '', cookie = who.staff) =>
  answer(() =>
    route.loader({ request: get(`/admin/reviews${search}`, cookie), params: {}, context }),
  )
const moderate = (fields: Record<string, string>, search = '', cookie = who.staff) =>
  answer(() =>
    route.action({ request: post(`/admin/reviews${search}`, fields, cookie), params: {}, context }),
  )

describe('/admin/reviews', () => {
  it('is for staff only', async () => {
    expect((await list('', '')).status).toBe(302)
    expect((await list('', who.customer)).status).toBe(404)
    const newest = (await store.reviews.list({ offset: 0, limit: 1 })).items[0]!
    expect((await moderate({ intent: 'hide', reviewId: newest.id }, '', who.customer)).status).toBe(
      404,
    )
    expect((await store.reviews.list({ offset: 0, limit: 1 })).items[0]?.hidden).toBe(false)
  })

  it('lists every review newest first, 25 a page, with its product name', async () => {
    const first = await list()
    expect(first.body.total).toBe(27)
    expect(first.body.pageCount).toBe(2)
    expect(first.body.rows).toHaveLength(25)
    expect(first.body.rows[0]).toMatchObject({
      productName: 'Buttermilk rusks',
      authorName: 'Reader 26',
      rating: 1,
      title: 'Rubbish, buy elsewhere',
      hidden: false,
    })
    const second = await list('?page=2')
    expect(second.body.rows.map((r: { authorName: string }) => r.authorName)).toEqual([
      'Reader 1',
      'Reader 0',
    ])
  })

  it('hides a review out of the shop and its statistics, and shows it again', async () => {
    const abusive = (await list()).body.rows[0]
    const hidden = await moderate({ intent: 'hide', reviewId: abusive.id }, '?page=1')
    expect(hidden.status).toBe(302)
    expect(hidden.location).toBe('/admin/reviews')
    expect(hidden.headers.get('Set-Cookie')).toContain('en_toast')
    expect((await list()).body.rows[0]).toMatchObject({ id: abusive.id, hidden: true })
    expect((await store.reviews.listForProduct('rusks')).items.map((r) => r.id)).not.toContain(
      abusive.id,
    )
    expect((await store.products.get('rusks'))?.rating).toMatchObject({ count: 26, sum: 130 })

    const shown = await moderate({ intent: 'show', reviewId: abusive.id }, '?page=2')
    expect(shown.location).toBe('/admin/reviews?page=2')
    expect((await store.products.get('rusks'))?.rating).toMatchObject({ count: 27, sum: 131 })
  })

  it('answers an unknown review with the 404 page and bad fields with a 400', async () => {
    expect((await moderate({ intent: 'hide', reviewId: 'no-such-review' })).status).toBe(404)
    const badIntent = await moderate({ intent: 'delete', reviewId: 'x' })
    expect(badIntent.status).toBe(400)
    expect(badIntent.body.result.error.intent).toEqual(['Use the Hide or Show button of a review'])
    const noId = await moderate({ intent: 'hide' })
    expect(noId.status).toBe(400)
    expect(noId.body.result.error.reviewId).toEqual(['Choose a review'])
  })
})
