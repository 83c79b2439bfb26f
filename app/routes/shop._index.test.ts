import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as RouteModule from './shop._index'
import { makeProduct } from '~/lib/catalog/products.test-helper'

const dir = mkdtempSync(path.join(tmpdir(), 'shop-route-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('APP_URL', 'https://shop.example')

type Route = typeof RouteModule
let route: Route

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  const store = await getStore()
  await store.products.upsertMany([
    ...Array.from({ length: 30 }, (_, i) =>
      makeProduct({
        id: `rooibos-${i}`,
        name: `Rooibos Blend ${i}`,
        category: 'pantry',
        categoryName: 'Pantry',
        priceCents: 5000 + i * 100,
      }),
    ),
    makeProduct({
      id: 'enamel-mug',
      name: 'Enamel Mug',
      category: 'kitchen',
      categoryName: 'Kitchen',
      priceCents: 9900,
    }),
  ])
  route = await import('./shop._index')
})

afterAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const load = (query: string) =>
  route.loader({
    request: new Request(`https://shop.example/shop${query}`),
    params: {},
    context: { clientIp: '127.0.0.1' },
  })

describe('/shop loader', () => {
  it('searches with a misspelt word, pages 24 at a time and drops tracking parameters from the canonical URL', async () => {
    const data = await load('?q=rooibso&sort=price-asc&page=2&utm_source=newsletter')
    expect(data.total).toBe(30)
    expect(data.pageCount).toBe(2)
    expect(data.items.map((p) => p.id)).toEqual([
      'rooibos-24',
      'rooibos-25',
      'rooibos-26',
      'rooibos-27',
      'rooibos-28',
      'rooibos-29',
    ])
    expect(data.canonical).toBe('https://shop.example/shop?q=rooibso&sort=price-asc&page=2')
  })

  it('filters by category and price in rands, and falls back to defaults for bad values', async () => {
    const data = await load('?category=kitchen&maxPrice=100&sort=bogus&page=-4')
    expect(data.items.map((p) => p.id)).toEqual(['enamel-mug'])
    expect(data.params).toMatchObject({ sort: 'featured', page: 1, maxPrice: '100' })
    expect(data.categories).toEqual([
      { slug: 'kitchen', name: 'Kitchen', count: 1 },
      { slug: 'pantry', name: 'Pantry', count: 30 },
    ])
  })

  it('offers suggestions when nothing matches', async () => {
    const data = await load('?q=zzqqxx')
    expect(data.total).toBe(0)
    expect(data.suggestions?.products.length).toBeGreaterThan(0)
  })
})
