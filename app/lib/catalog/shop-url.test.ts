import { describe, expect, it } from 'vitest'

import { pageNumbers, shopHref } from './shop-url'

describe('shopHref', () => {
  it('leaves defaults out', () => {
    expect(shopHref({})).toBe('/shop')
    expect(shopHref({ sort: 'featured', page: 1, inStock: false, q: '' })).toBe('/shop')
  })

  it('keeps a fixed parameter order and encodes values', () => {
    expect(
      shopHref({
        page: 2,
        sort: 'price-asc',
        inStock: true,
        maxPrice: '500',
        minPrice: '12.5',
        category: 'pantry',
        q: 'rooibos & honey',
      }),
    ).toBe(
      '/shop?q=rooibos+%26+honey&category=pantry&minPrice=12.5&maxPrice=500&inStock=1&sort=price-asc&page=2',
    )
  })
})

describe('pageNumbers', () => {
  it('lists every page when there are few', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('puts gaps around the current page', () => {
    expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, null, 20])
    expect(pageNumbers(20, 20)).toEqual([1, null, 18, 19, 20])
  })
})
