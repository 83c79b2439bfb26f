import { describe, expect, it } from 'vitest'

import type { Product } from '~/lib/data/types'

import { compareProducts, SORT_OPTIONS, sortKeyChanged, sortSpec, type SortOption } from './sort'
import { makeProduct, ratingOf } from '~/lib/catalog/products.test-helper'

describe('sortSpec', () => {
  it.each([
    ['featured', 'featuredRank', 'asc'],
    ['newest', 'createdAt', 'desc'],
    ['price-asc', 'priceCents', 'asc'],
    ['price-desc', 'priceCents', 'desc'],
    ['rating', 'ratingAverage', 'desc'],
    ['name', 'name', 'asc'],
  ])('%s -> %s %s', (option, field, direction) => {
    expect(sortSpec(option)).toEqual({ field, direction })
  })

  it('covers exactly the six options of docs/contracts.md', () => {
    expect([...SORT_OPTIONS]).toEqual([
      'featured',
      'newest',
      'price-asc',
      'price-desc',
      'rating',
      'name',
    ])
  })

  it.each([null, undefined, '', 'cheapest', 'PRICE-ASC'])(
    'falls back to featured for %j',
    (option) => {
      expect(sortSpec(option)).toEqual({ field: 'featuredRank', direction: 'asc' })
    },
  )
})

const products = [
  makeProduct({
    id: 'a',
    name: 'Zebra mug',
    priceCents: 5000,
    featuredRank: 2,
    createdAt: '2024-03-01T00:00:00Z',
    rating: ratingOf(4, 4),
  }),
  makeProduct({
    id: 'b',
    name: 'apron',
    priceCents: 9000,
    featuredRank: null,
    createdAt: '2024-05-01T00:00:00Z',
    rating: ratingOf(5),
  }),
  makeProduct({
    id: 'c',
    name: 'Basket',
    priceCents: 5000,
    featuredRank: 1,
    createdAt: '2024-01-01T00:00:00Z',
    rating: ratingOf(),
  }),
  makeProduct({
    id: 'd',
    name: 'Candle',
    priceCents: 1500,
    featuredRank: null,
    createdAt: '2024-02-01T00:00:00Z',
    rating: ratingOf(4, 4, 4),
  }),
  makeProduct({
    id: 'e',
    name: 'basket',
    priceCents: 1500,
    featuredRank: null,
    createdAt: '2024-02-01T00:00:00Z',
    rating: ratingOf(5),
  }),
]

const order = (option: SortOption) => [...products].sort(compareProducts(option)).map((p) => p.id)

describe('compareProducts', () => {
  it('featured: ranked products in rank order, then the rest by reviews, newest, name', () => {
    expect(order('featured')).toEqual(['c', 'a', 'd', 'b', 'e'])
  })

  it('newest: newest first; equal dates by name, then id', () => {
    expect(order('newest')).toEqual(['b', 'a', 'e', 'd', 'c'])
  })

  it('price-asc and price-desc: ties keep the same tie-break order in both directions', () => {
    expect(order('price-asc')).toEqual(['e', 'd', 'a', 'c', 'b'])
    expect(order('price-desc')).toEqual(['b', 'a', 'c', 'e', 'd'])
  })

  it('rating: highest average first, more reviews first on a tie, unrated last', () => {
    expect(order('rating')).toEqual(['b', 'e', 'd', 'a', 'c'])
  })

  it('name: case-insensitive A-Z, ties by newest then id', () => {
    expect(order('name')).toEqual(['b', 'e', 'c', 'd', 'a'])
  })

  it('is a total order: no two different products compare equal', () => {
    for (const option of SORT_OPTIONS) {
      const compare = compareProducts(option)
      for (const x of products)
        for (const y of products) if (x !== y) expect(compare(x, y)).not.toBe(0)
    }
  })
})

describe('sortKeyChanged', () => {
  const base = products[0]!
  it('sees a price change under the price sorts only', () => {
    const repriced = { ...base, priceCents: 100 }
    expect(sortKeyChanged('price-asc', base, repriced)).toBe(true)
    expect(sortKeyChanged('name', base, repriced)).toBe(false)
  })
  it('ignores a stock change', () => {
    const soldOut: Product = { ...base, stock: 0 }
    for (const option of SORT_OPTIONS) expect(sortKeyChanged(option, base, soldOut)).toBe(false)
  })
  it('sees a new review under rating', () => {
    expect(sortKeyChanged('rating', base, { ...base, rating: ratingOf(4, 4, 4) })).toBe(true)
  })
})
