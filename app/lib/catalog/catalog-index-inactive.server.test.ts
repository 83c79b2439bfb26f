import { describe, expect, it } from 'vitest'

import { CatalogIndex } from './catalog-index.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'

/** Products staff take off sale (`active` off) are not in the catalogue at all (issue 12). */

const mug = makeProduct({
  id: 'enamel-mug',
  name: 'Enamel Camp Mug',
  category: 'kitchen',
  categoryName: 'Kitchen',
  featuredRank: 1,
})
const kettle = makeProduct({
  id: 'enamel-kettle',
  name: 'Enamel Kettle',
  category: 'kitchen',
  categoryName: 'Kitchen',
  featuredRank: 2,
})
const candle = makeProduct({ id: 'candle', name: 'Fynbos Candle', category: 'home' })

describe('CatalogIndex and products off sale', () => {
  it('leaves an inactive product out of search, listings, facets, featured cards and the sitemap', () => {
    const index = new CatalogIndex([mug, { ...kettle, active: false }, candle])
    expect(index.size).toBe(2)
    expect(index.search({ q: 'enamel' }).items.map((p) => p.id)).toEqual(['enamel-mug'])
    expect(index.search({}).total).toBe(2)
    expect(index.search({}).categories).toContainEqual({
      slug: 'kitchen',
      name: 'Kitchen',
      count: 1,
    })
    expect(index.featured(4).map((p) => p.id)).not.toContain('enamel-kettle')
    expect(index.summaries(['enamel-kettle', 'candle']).map((p) => p.id)).toEqual(['candle'])
    // A-Z by name.
    expect(index.productDates().map((p) => p.id)).toEqual(['enamel-mug', 'candle'])
  })

  it('drops a product taken off sale at once and takes it back when it is on sale again', () => {
    const index = new CatalogIndex([mug, kettle, candle])
    expect(index.search({ q: 'kettle' }).total).toBe(1)

    index.apply([{ type: 'upsert', product: { ...kettle, active: false } }])
    expect(index.search({ q: 'kettle' }).total).toBe(0)
    expect(index.search({ category: 'kitchen' }).items.map((p) => p.id)).toEqual(['enamel-mug'])
    expect(index.productDates().map((p) => p.id)).not.toContain('enamel-kettle')
    // A change to a product already off sale keeps it out.
    index.apply([{ type: 'upsert', product: { ...kettle, active: false, priceCents: 1 } }])
    expect(index.size).toBe(2)

    index.apply([{ type: 'upsert', product: { ...kettle, priceCents: 25_000 } }])
    expect(index.search({ q: 'kettle' }).items).toMatchObject([
      { id: 'enamel-kettle', priceCents: 25_000 },
    ])
    expect(index.productDates().map((p) => p.id)).toContain('enamel-kettle')
  })

  it('forgets a category whose only product goes off sale', () => {
    const index = new CatalogIndex([mug, candle])
    index.apply([{ type: 'upsert', product: { ...candle, active: false } }])
    expect(index.search({}).categories.map((c) => c.slug)).toEqual(['kitchen'])
  })
})
