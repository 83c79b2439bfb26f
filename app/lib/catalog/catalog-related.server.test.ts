import { describe, expect, it } from 'vitest'

import { CatalogIndex } from './catalog-index.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'

const rooibos = makeProduct({
  id: 'rooibos',
  category: 'pantry',
  categoryName: 'Pantry',
  tags: ['tea', 'rooibos', 'gift'],
})

const catalogue = [
  rooibos,
  // same category and two shared tags: score 3
  makeProduct({ id: 'honeybush', category: 'pantry', tags: ['tea', 'rooibos'] }),
  // same category, one shared tag, but sold out: after every one in stock
  makeProduct({ id: 'chai', category: 'pantry', tags: ['tea'], stock: 0 }),
  // same category only: score 1
  makeProduct({ id: 'rusks', category: 'pantry', tags: ['baked'] }),
  // another category, two shared tags: score 2
  makeProduct({ id: 'tea-tin', category: 'kitchen', tags: ['tea', 'gift'] }),
  // nothing shared: never suggested
  makeProduct({ id: 'candle', category: 'home', tags: ['scent'] }),
  // shares everything but is off sale
  makeProduct({ id: 'old-rooibos', category: 'pantry', tags: ['tea', 'rooibos'], active: false }),
]

describe('you may also like', () => {
  it('lists products sharing the category or a tag, in stock first, then by score', () => {
    const index = new CatalogIndex(catalogue)
    expect(index.related('rooibos', 8).map((p) => p.id)).toEqual([
      'honeybush',
      'tea-tin',
      'rusks',
      'chai',
    ])
  })

  it('never lists the product itself, off-sale products or unrelated ones, and keeps to the limit', () => {
    const index = new CatalogIndex(catalogue)
    const ids = index.related('rooibos', 2).map((p) => p.id)
    expect(ids).toEqual(['honeybush', 'tea-tin'])
    expect(index.related('candle', 8)).toEqual([])
    expect(index.related('no-such-product', 8)).toEqual([])
    expect(index.related('old-rooibos', 8)).toEqual([])
  })

  it('follows stock changes: a product selling out moves behind those in stock', () => {
    const index = new CatalogIndex(catalogue)
    index.apply([{ type: 'upsert', product: { ...catalogue[1]!, stock: 0 } }])
    expect(index.related('rooibos', 8).map((p) => p.id)).toEqual([
      'tea-tin',
      'rusks',
      'honeybush',
      'chai',
    ])
  })

  it('answers in well under a millisecond over a few hundred products', () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      makeProduct({
        id: `p-${i}`,
        category: `c-${i % 8}`,
        tags: [`t-${i % 13}`, `t-${i % 7}`, `t-${i % 5}`],
      }),
    )
    const index = new CatalogIndex(many)
    index.related('p-0', 8)
    const runs = 200
    const start = performance.now()
    for (let i = 0; i < runs; i++) index.related(`p-${i}`, 8)
    const perCall = (performance.now() - start) / runs
    expect(perCall).toBeLessThan(1)
  })
})
