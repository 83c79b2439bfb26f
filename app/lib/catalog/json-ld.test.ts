import { describe, expect, it } from 'vitest'

import { absoluteUrl, productJsonLd, serializeJsonLd } from './json-ld'

describe('serializeJsonLd', () => {
  it('cannot be broken out of a script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toMatch(/<|>/)
    expect(text).toBe(
      '{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}',
    )
  })

  it('escapes &, <!-- and the line and paragraph separators', () => {
    const text = serializeJsonLd({ a: 'Salt & pepper <!-- x', b: 'line\u2028para\u2029end' })
    expect(text).toBe('{"a":"Salt \\u0026 pepper \\u003c!-- x","b":"line\\u2028para\\u2029end"}')
    expect(text).not.toMatch(/[\u2028\u2029&]/)
  })

  it('round-trips to the same value', () => {
    const value = { name: 'Café <b>"best"</b> & co\u2028', n: 12.5, list: [1, null, true] }
    expect(JSON.parse(serializeJsonLd(value))).toEqual(value)
  })
})

const product = {
  id: 'rooibos-classic',
  name: 'Clanwilliam Rooibos',
  description: 'Red bush tea.',
  priceCents: 129900,
  stock: 3,
  categoryName: 'Pantry',
  images: [{ url: '/images/products/rooibos-classic-1.svg' }, { url: 'https://cdn.example/x.png' }],
  rating: { count: 4, average: 4.3 },
}

describe('productJsonLd', () => {
  it('describes the product per DESIGN.md', () => {
    const ld = productJsonLd(product, 'https://shop.example/')
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Clanwilliam Rooibos',
      sku: 'rooibos-classic',
      url: 'https://shop.example/shop/rooibos-classic',
      image: [
        'https://shop.example/images/products/rooibos-classic-1.svg',
        'https://cdn.example/x.png',
      ],
      offers: {
        '@type': 'Offer',
        price: '1299.00',
        priceCurrency: 'ZAR',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 4 },
    })
  })

  it('is out of stock at zero and has no aggregateRating without reviews', () => {
    const ld = productJsonLd(
      { ...product, stock: 0, rating: { count: 0, average: null } },
      'http://localhost:3000',
    )
    expect((ld.offers as { availability: string }).availability).toBe(
      'https://schema.org/OutOfStock',
    )
    expect(ld).not.toHaveProperty('aggregateRating')
  })
})

describe('absoluteUrl', () => {
  it('joins paths to the base and keeps absolute URLs', () => {
    expect(absoluteUrl('/a b', 'http://localhost:3000')).toBe('http://localhost:3000/a%20b')
    expect(absoluteUrl('https://x.example/y', 'http://localhost:3000')).toBe('https://x.example/y')
  })
})
