import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { openStore, type Store } from '~/lib/data/index.server'
import type { ProductChange } from '~/lib/data/store'
import type { Product } from '~/lib/data/types'

import { CatalogIndex, PAGE_SIZE } from './catalog-index.server'
import { buildCatalogIndex } from './catalog.server'
import { makeProduct, ratingOf } from '~/lib/catalog/products.test-helper'

const teas = [
  makeProduct({
    id: 'rooibos-classic',
    name: 'Clanwilliam Rooibos Tea',
    category: 'pantry',
    categoryName: 'Pantry',
    tags: ['tea', 'rooibos'],
    priceCents: 8500,
    description: 'Loose-leaf red bush tea from the Cederberg.',
  }),
  makeProduct({
    id: 'rooibos-honey',
    name: 'Honeybush & Rooibos Blend',
    category: 'pantry',
    categoryName: 'Pantry',
    tags: ['tea'],
    priceCents: 9500,
    stock: 0,
  }),
  makeProduct({
    id: 'tea-mug',
    name: 'Enamel Camp Mug',
    category: 'kitchen',
    categoryName: 'Kitchen',
    tags: ['mug'],
    priceCents: 12000,
    description: 'The mug for a strong cup of rooibos on the stoep.',
  }),
  makeProduct({
    id: 'creme-candle',
    name: 'Crème Brûlée Candle',
    category: 'home',
    categoryName: 'Home',
    tags: ['candle'],
    priceCents: 15000,
  }),
]

describe('CatalogIndex search ranking', () => {
  const index = new CatalogIndex(teas)

  it('finds rooibos products from the misspelt "rooibso"', () => {
    const ids = index.search({ q: 'rooibso' }).items.map((p) => p.id)
    expect(ids).toContain('rooibos-classic')
    expect(ids).toContain('rooibos-honey')
  })

  it('ranks name matches above description matches', () => {
    const ids = index.search({ q: 'rooibos' }).items.map((p) => p.id)
    expect(ids).toEqual(['rooibos-classic', 'rooibos-honey', 'tea-mug'])
  })

  it('matches prefixes as the shopper types, and ignores accents', () => {
    expect(index.search({ q: 'honeyb' }).items.map((p) => p.id)).toEqual(['rooibos-honey'])
    expect(index.search({ q: 'creme brulee' }).items.map((p) => p.id)).toEqual(['creme-candle'])
  })

  it('searches category names and tags', () => {
    expect(index.search({ q: 'kitchen' }).items.map((p) => p.id)).toEqual(['tea-mug'])
    expect(index.search({ q: 'candle' }).items.map((p) => p.id)).toEqual(['creme-candle'])
  })

  it('with a sort other than featured, orders the matches by that sort', () => {
    const ids = index.search({ q: 'rooibos', sort: 'price-desc' }).items.map((p) => p.id)
    expect(ids).toEqual(['tea-mug', 'rooibos-honey', 'rooibos-classic'])
  })

  it('suggests spellings and products when nothing matches', () => {
    const result = index.search({ q: 'zzzzqqq' })
    expect(result.total).toBe(0)
    expect(result.items).toEqual([])
    expect(result.suggestions?.products.length).toBeGreaterThan(0)
    expect(result.suggestions?.products.every((p) => p.stock > 0)).toBe(true)
    expect(index.search({ q: 'rooibos' }).suggestions).toBeNull()
  })
})

describe('CatalogIndex filters and facets', () => {
  const index = new CatalogIndex(teas)

  it('filters by category and counts every category under the other filters', () => {
    const result = index.search({ category: 'pantry', inStock: true })
    expect(result.items.map((p) => p.id)).toEqual(['rooibos-classic'])
    expect(result.categories).toEqual([
      { slug: 'home', name: 'Home', count: 1 },
      { slug: 'kitchen', name: 'Kitchen', count: 1 },
      { slug: 'pantry', name: 'Pantry', count: 1 },
    ])
  })

  it('filters by an inclusive price range, swapping a reversed one', () => {
    const ids = (q: Parameters<CatalogIndex['search']>[0]) =>
      index
        .search(q)
        .items.map((p) => p.id)
        .sort()
    expect(ids({ minPriceCents: 9500, maxPriceCents: 12000 })).toEqual(['rooibos-honey', 'tea-mug'])
    expect(ids({ minPriceCents: 12000, maxPriceCents: 9500 })).toEqual(['rooibos-honey', 'tea-mug'])
    expect(ids({ maxPriceCents: 8499 })).toEqual([])
  })

  it('hides sold-out products with inStock', () => {
    expect(index.search({ q: 'honeybush', inStock: true }).total).toBe(0)
    expect(index.search({ q: 'honeybush' }).total).toBe(1)
  })

  it('returns card summaries only', () => {
    const [item] = index.search({ q: 'clanwilliam' }).items
    expect(Object.keys(item ?? {}).sort()).toEqual(
      [
        'categoryName',
        'compareAtCents',
        'id',
        'image',
        'name',
        'priceCents',
        'priceFrom',
        'optionNames',
        'rating',
        'stock',
      ].sort(),
    )
  })
})

describe('CatalogIndex paging', () => {
  const many = Array.from({ length: 60 }, (_, i) =>
    makeProduct({ id: `p${String(i).padStart(3, '0')}`, name: `Item ${i}`, priceCents: 1000 + i }),
  )
  const index = new CatalogIndex(many)

  it('pages 24 at a time in sort order, without overlap', () => {
    const pages = [1, 2, 3].map((page) => index.search({ sort: 'price-asc', page }))
    expect(pages.map((p) => p.items.length)).toEqual([PAGE_SIZE, PAGE_SIZE, 12])
    expect(pages[0]?.pageCount).toBe(3)
    expect(pages[0]?.total).toBe(60)
    const ids = pages.flatMap((p) => p.items.map((i) => i.id))
    expect(new Set(ids).size).toBe(60)
    expect(ids[0]).toBe('p000')
    expect(ids[59]).toBe('p059')
  })

  it('clamps a page past the end to the last page', () => {
    const result = index.search({ page: 99 })
    expect(result.page).toBe(3)
    expect(result.items).toHaveLength(12)
  })
})

describe('CatalogIndex freshness', () => {
  it('reflects price, stock, text changes and deletes at once', () => {
    const index = new CatalogIndex(teas)
    expect(index.search({ sort: 'price-asc' }).items[0]?.id).toBe('rooibos-classic')
    expect(index.search({ inStock: true }).items.map((p) => p.id)).toContain('tea-mug')

    const mug = teas[2] as Product
    index.apply([{ type: 'upsert', product: { ...mug, priceCents: 100, stock: 0 } }])
    expect(index.search({ sort: 'price-asc' }).items[0]).toMatchObject({
      id: 'tea-mug',
      priceCents: 100,
      stock: 0,
    })
    expect(index.search({ maxPriceCents: 200 }).items.map((p) => p.id)).toEqual(['tea-mug'])
    expect(index.search({ inStock: true }).items.map((p) => p.id)).not.toContain('tea-mug')

    // A cached query must not outlive a rename.
    expect(index.search({ q: 'enamel' }).total).toBe(1)
    index.apply([{ type: 'upsert', product: { ...mug, name: 'Tin Cup', priceCents: 100 } }])
    expect(index.search({ q: 'enamel' }).total).toBe(0)
    expect(index.search({ q: 'tin cup' }).items.map((p) => p.id)).toEqual(['tea-mug'])

    index.apply([{ type: 'delete', id: 'tea-mug' }])
    expect(index.search({}).items.map((p) => p.id)).not.toContain('tea-mug')
    expect(index.search({}).categories.map((c) => c.slug)).toEqual(['home', 'pantry'])
  })

  it('re-sorts by rating after a new review', () => {
    const index = new CatalogIndex([
      makeProduct({ id: 'x', rating: ratingOf(4) }),
      makeProduct({ id: 'y', rating: ratingOf(3) }),
    ])
    expect(index.search({ sort: 'rating' }).items.map((p) => p.id)).toEqual(['x', 'y'])
    index.apply([{ type: 'upsert', product: makeProduct({ id: 'y', rating: ratingOf(3, 5, 5) }) }])
    expect(index.search({ sort: 'rating' }).items.map((p) => p.id)).toEqual(['y', 'x'])
  })
})

describe('buildCatalogIndex over the SQLite store', () => {
  let store: Store | null = null
  let dir = ''
  afterEach(async () => {
    await store?.close()
    store = null
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('builds from products.all() and stays fresh through products.subscribe', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'catalog-'))
    store = await openStore({ backend: 'sqlite', dataDir: dir })
    await store.products.upsertMany(teas)
    const index = await buildCatalogIndex(store)
    expect(index.search({}).total).toBe(teas.length)

    const classic = teas[0] as Product
    await store.products.upsertMany([{ ...classic, priceCents: 99900, stock: 0 }])
    expect(index.search({ q: 'clanwilliam' }).items[0]).toMatchObject({
      priceCents: 99900,
      stock: 0,
    })
    expect(index.search({ sort: 'price-desc' }).items[0]?.id).toBe('rooibos-classic')

    await store.products.upsertMany([
      makeProduct({ id: 'new-biltong', name: 'Karoo Biltong Spice' }),
    ])
    expect(index.search({ q: 'biltong' }).items.map((p) => p.id)).toEqual(['new-biltong'])
  })
})

describe('buildCatalogIndex during concurrent writes', () => {
  it('replays a change that arrives while products.all() is still reading', async () => {
    let listener: ((changes: ProductChange[]) => void) | null = null
    let unsubscribed = false
    const mug = teas[2] as Product
    const store = {
      products: {
        subscribe(fn: (changes: ProductChange[]) => void) {
          listener = fn
          return () => {
            unsubscribed = true
          }
        },
        async all() {
          // The snapshot was read before this write landed.
          listener?.([{ type: 'upsert', product: { ...mug, priceCents: 1 } }])
          return teas
        },
      },
    } as unknown as Store
    const index = await buildCatalogIndex(store)
    expect(index.search({ sort: 'price-asc' }).items[0]).toMatchObject({
      id: 'tea-mug',
      priceCents: 1,
    })
    listener!([{ type: 'delete', id: 'tea-mug' }])
    expect(index.search({}).total).toBe(teas.length - 1)
    expect(unsubscribed).toBe(false)
  })

  it('unsubscribes when the first read fails', async () => {
    let unsubscribed = false
    const store = {
      products: {
        subscribe: () => () => {
          unsubscribed = true
        },
        all: () => Promise.reject(new Error('store unreachable')),
      },
    } as unknown as Store
    await expect(buildCatalogIndex(store)).rejects.toThrow('store unreachable')
    expect(unsubscribed).toBe(true)
  })
})
