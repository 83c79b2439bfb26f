import { describe, expect, it } from 'vitest'

import { parseShopParams, toCatalogQuery } from './query.server'

const parse = (query: string) => parseShopParams(new URLSearchParams(query))

describe('parseShopParams', () => {
  it('gives the defaults for an empty query string', () => {
    expect(parse('')).toEqual({
      q: '',
      category: '',
      minPrice: '',
      maxPrice: '',
      inStock: false,
      sort: 'featured',
      page: 1,
    })
  })

  it('reads every parameter', () => {
    expect(
      parse(
        'q=+rooibos+&category=pantry&minPrice=12.5&maxPrice=500&inStock=1&sort=price-asc&page=3',
      ),
    ).toEqual({
      q: 'rooibos',
      category: 'pantry',
      minPrice: '12.5',
      maxPrice: '500',
      inStock: true,
      sort: 'price-asc',
      page: 3,
    })
  })

  it('falls back to defaults for invalid values', () => {
    expect(
      parse('category=../etc&minPrice=abc&maxPrice=-3&inStock=maybe&sort=cheapest&page=0'),
    ).toEqual({
      q: '',
      category: '',
      minPrice: '',
      maxPrice: '',
      inStock: false,
      sort: 'featured',
      page: 1,
    })
    expect(parse('page=2.5').page).toBe(1)
    expect(parse('page=abc').page).toBe(1)
  })

  it('caps a very long search', () => {
    expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(100)
  })
})

describe('toCatalogQuery', () => {
  it('turns rands into cents and blanks into undefined', () => {
    expect(toCatalogQuery(parse('minPrice=12,50&maxPrice=1 299'))).toEqual({
      q: undefined,
      category: undefined,
      minPriceCents: 1250,
      maxPriceCents: 129900,
      inStock: false,
      sort: 'featured',
      page: 1,
    })
  })
})
