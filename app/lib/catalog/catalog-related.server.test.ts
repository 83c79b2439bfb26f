import { describe, expect, it } from 'vitest'

import { CatalogIndex } from './catalog-index.server'
import { compareProducts } from './sort'
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
    expect(index.related('rooibos', 8)[0]?.id).toBe('honeybush')
    index.apply([{ type: 'upsert', product: { ...catalogue[1]!, stock: 0 } }])
    expect(index.related('rooibos', 8).map((p) => p.id)).toEqual([
      'tea-tin',
      'rusks',
      'honeybush',
      'chai',
    ])
  })

  // How fast it answers is the benchmark's to print (bench/), never a test's to assert.
  it('picks 8 related products from a few hundred, never itself, each sharing something', () => {
    const facets = (i: number) => [`c-${i % 8}`, `t-${i % 13}`, `t7-${i % 7}`, `t5-${i % 5}`]
    const many = Array.from({ length: 400 }, (_, i) =>
      makeProduct({
        id: `p-${i}`,
        category: `c-${i % 8}`,
        tags: [`t-${i % 13}`, `t7-${i % 7}`, `t5-${i % 5}`],
      }),
    )
    const index = new CatalogIndex(many)
    for (const n of [0, 9, 399]) {
      const related = index.related(`p-${n}`, 8).map((summary) => Number(summary.id.slice(2)))
      expect(related).toHaveLength(8)
      expect(related).not.toContain(n)
      for (const other of related) {
        expect(facets(other).some((facet) => facets(n).includes(facet))).toBe(true)
      }
    }
  })

  it('keeps the best 8 of a few hundred in the order a full ranking gives', () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      makeProduct({
        id: `p-${i}`,
        category: `c-${i % 8}`,
        tags: [`t-${i % 13}`, `t7-${i % 7}`],
        stock: i % 3 === 0 ? 0 : 5,
      }),
    )
    const index = new CatalogIndex(many)
    const featured = [...many].sort(compareProducts('featured')).map((p) => p.id)
    for (const source of [many[0]!, many[10]!, many[399]!]) {
      const ranked = many
        .filter((p) => p.id !== source.id)
        .map((p) => ({
          id: p.id,
          inStock: p.stock > 0 ? 1 : 0,
          score:
            (p.category === source.category ? 1 : 0) +
            p.tags.filter((tag) => source.tags.includes(tag)).length,
        }))
        .filter((p) => p.score > 0)
        .sort(
          (a, b) =>
            b.inStock - a.inStock ||
            b.score - a.score ||
            featured.indexOf(a.id) - featured.indexOf(b.id),
        )
      expect(index.related(source.id, 8).map((p) => p.id)).toEqual(
        ranked.slice(0, 8).map((p) => p.id),
      )
    }
  })
})
