import { describe, expect, it } from 'vitest'

import { shirt } from '~/lib/data/contract.suite'

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
  it('describes the product per docs/contracts.md', () => {
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

describe('productJsonLd of a product with options', () => {
  const tee = shirt('tee', { 'tee--l-black': 0 }, { 'tee--s-black': 20_000 })
  const input = { ...tee, rating: { count: 0, average: null } }

  it('is a ProductGroup varying by size and colour, each variant a Product with its own sku and Offer', () => {
    const ld = productJsonLd(input, 'https://shop.example')
    expect(ld).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: 'tee',
      url: 'https://shop.example/shop/tee',
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
    })
    expect(ld).not.toHaveProperty('offers')
    const variants = ld.hasVariant as Record<string, unknown>[]
    expect(variants).toHaveLength(6)
    expect(variants[0]).toMatchObject({
      '@type': 'Product',
      sku: 'tee--s-black',
      name: 'Product tee (Size: S, Colour: Black)',
      size: 'S',
      color: 'Black',
      url: 'https://shop.example/shop/tee?variant=tee--s-black',
      offers: { '@type': 'Offer', price: '200.00', availability: 'https://schema.org/InStock' },
    })
    expect(variants.find((v) => v.sku === 'tee--l-black')).toMatchObject({
      offers: { price: '250.00', availability: 'https://schema.org/OutOfStock' },
    })
    expect(variants.find((v) => v.sku === 'tee--m-rainbow')).toMatchObject({
      image: 'https://shop.example/images/tee-rainbow.jpg',
    })
  })

  it('follows the selection: the picked variant first, its page as the group’s url', () => {
    const ld = productJsonLd(input, 'https://shop.example', 'tee--m-rainbow')
    expect(ld.url).toBe('https://shop.example/shop/tee?variant=tee--m-rainbow')
    expect((ld.hasVariant as { sku: string }[])[0]?.sku).toBe('tee--m-rainbow')
  })

  it('names an option schema.org has no property for in additionalProperty', () => {
    const ld = productJsonLd(
      {
        ...product,
        options: [{ name: 'Pack' }],
        variants: [
          { id: 'rooibos-classic--6', optionValues: ['6'], priceCents: 100, stock: 1, image: null },
        ],
      },
      'https://shop.example',
    )
    expect(ld.variesBy).toEqual(['Pack'])
    expect((ld.hasVariant as Record<string, unknown>[])[0]).toMatchObject({
      additionalProperty: [{ '@type': 'PropertyValue', name: 'Pack', value: '6' }],
    })
  })
})

describe('absoluteUrl', () => {
  it('joins paths to the base and keeps absolute URLs', () => {
    expect(absoluteUrl('/a b', 'http://localhost:3000')).toBe('http://localhost:3000/a%20b')
    expect(absoluteUrl('https://x.example/y', 'http://localhost:3000')).toBe('https://x.example/y')
  })
})
