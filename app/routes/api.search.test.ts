import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import type { PredictiveResult } from '~/lib/catalog/predictive'

import type * as RouteModule from './api.search'

const dir = mkdtempSync(path.join(tmpdir(), 'api-search-'))
vi.stubEnv('DATA_DIR', dir)

let route: typeof RouteModule

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  const store = await getStore()
  await store.products.upsertMany([
    ...Array.from({ length: 9 }, (_, i) =>
      makeProduct({ id: `rooibos-${i}`, name: `Rooibos Blend ${i}`, priceCents: 5000 + i * 100 }),
    ),
    makeProduct({
      id: 'karoo-tee',
      name: 'Karoo Tee',
      priceCents: 25000,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          id: 'karoo-tee--s',
          optionValues: ['S'],
          priceCents: 25000,
          compareAtCents: null,
          stock: 4,
          image: null,
        },
        {
          id: 'karoo-tee--m',
          optionValues: ['M'],
          priceCents: 27000,
          compareAtCents: null,
          stock: 4,
          image: null,
        },
      ],
    }),
  ])
  route = await import('./api.search')
})

afterAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

async function search(query: string) {
  const response = await route.loader({
    request: new Request(`https://shop.example/api/search${query}`),
    params: {},
    context: { clientIp: '127.0.0.1' },
  })
  return {
    status: response.status,
    cache: response.headers.get('Cache-Control'),
    body: (await response.json()) as PredictiveResult,
  }
}

describe('GET /api/search', () => {
  it('answers up to 6 products with price, picture and link, and the URL of every result', async () => {
    const { status, cache, body } = await search('?q=rooibso')
    expect(status).toBe(200)
    expect(cache).toBe('public, max-age=60')
    expect(body.q).toBe('rooibso')
    expect(body.total).toBe(9)
    expect(body.products).toHaveLength(6)
    expect(body.products[0]).toEqual({
      id: expect.stringMatching(/^rooibos-\d$/),
      name: expect.stringMatching(/^Rooibos Blend \d$/),
      priceCents: expect.any(Number),
      priceFrom: false,
      url: expect.stringMatching(/^\/shop\/rooibos-\d$/),
      image: { url: expect.stringMatching(/^\/images\/products\/rooibos-\d-1\.svg$/) },
    })
    expect(body.allResultsUrl).toBe('/shop?q=rooibso')
  })

  it('says "from" for a product whose variants differ in price', async () => {
    const { body } = await search('?q=karoo%20tee')
    expect(body.products.map((p) => [p.name, p.priceCents, p.priceFrom])).toEqual([
      ['Karoo Tee', 25000, true],
    ])
    expect(body.allResultsUrl).toBe('/shop?q=karoo+tee')
  })

  it.each([
    ['no q', ''],
    ['an empty q', '?q='],
    ['a blank q', '?q=%20%20%20'],
    ['a q over 100 characters', `?q=${'rooibos '.repeat(20)}`],
    ['two q values, the first empty', '?q=&q=rooibos'],
  ])('answers nothing, never an error, for %s', async (_, query) => {
    const { status, body } = await search(query)
    expect(status).toBe(200)
    expect(body).toEqual({ q: '', products: [], total: 0, allResultsUrl: '/shop' })
  })

  it('answers nothing for a word no product has', async () => {
    const { body } = await search('?q=zzzqqq')
    expect(body.products).toEqual([])
    expect(body.total).toBe(0)
  })
})
