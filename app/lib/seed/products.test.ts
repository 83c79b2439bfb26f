import { describe, expect, it } from 'vitest'

import {
  CATEGORIES,
  DEFAULT_PRODUCT_COUNT,
  FEATURED_COUNT,
  MAX_PRODUCT_COUNT,
  believablePrice,
  generateProducts,
  slugify,
} from './products'
import { CATEGORY_DEFS } from './catalogue-data'
import { pictureKind } from '~/lib/images/pictures'
import { Random } from '~/lib/random'

const now = new Date('2025-06-01T08:00:00.000Z')
const YEAR_MS = 365 * 86_400_000
const demo = generateProducts({ now })

describe('generateProducts (demo size)', () => {
  it('makes at least 120 products in at least 6 categories', () => {
    expect(demo.length).toBe(DEFAULT_PRODUCT_COUNT)
    expect(demo.length).toBeGreaterThanOrEqual(120)
    const categories = new Set(demo.map((p) => p.category))
    expect(categories.size).toBeGreaterThanOrEqual(6)
    expect([...categories].sort()).toEqual(CATEGORIES.map((c) => c.slug).sort())
    for (const category of CATEGORIES) {
      const inCategory = demo.filter((p) => p.category === category.slug)
      expect(inCategory.length, category.slug).toBeGreaterThanOrEqual(10)
      expect(new Set(inCategory.map((p) => p.categoryName))).toEqual(new Set([category.name]))
    }
  })

  it('gives unique, URL-safe ids and unique names', () => {
    const ids = demo.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(demo.map((p) => p.name)).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(ids).toContain('rooibos-loose-leaf-tea-classic')
  })

  it('prices in whole cents from R 45 to R 2 500 ending in ,00 or ,99, with some compare-at prices above them', () => {
    for (const p of [...demo, ...demo.flatMap((d) => d.variants)]) {
      expect(Number.isInteger(p.priceCents)).toBe(true)
      expect(p.priceCents).toBeGreaterThanOrEqual(45_00)
      expect(p.priceCents).toBeLessThanOrEqual(2_500_00)
      expect([0, 99]).toContain(p.priceCents % 100)
      if (p.compareAtCents !== null) {
        expect(Number.isInteger(p.compareAtCents)).toBe(true)
        expect(p.compareAtCents).toBeGreaterThan(p.priceCents)
      }
    }
    const discounted = demo.filter((p) => p.compareAtCents !== null).length
    expect(discounted).toBeGreaterThanOrEqual(8)
    expect(discounted).toBeLessThan(demo.length / 3)
    expect(new Set(demo.map((p) => p.priceCents % 100))).toEqual(new Set([0, 99]))
  })

  it('mixes sold-out, low and well-stocked variants, and a few products sold out altogether', () => {
    const variants = demo.flatMap((p) => p.variants)
    const soldOut = variants.filter((v) => v.stock === 0).length
    const low = variants.filter((v) => v.stock >= 1 && v.stock <= 3).length
    const stocked = variants.filter((v) => v.stock >= 5 && v.stock <= 80).length
    expect(soldOut).toBeGreaterThanOrEqual(10)
    expect(low).toBeGreaterThanOrEqual(10)
    expect(stocked).toBeGreaterThan(variants.length / 2)
    expect(soldOut + low + stocked).toBe(variants.length)
    // Some products with options have a sold-out variant beside ones in stock.
    const partly = demo.filter(
      (p) => p.options.length > 0 && p.stock > 0 && p.variants.some((v) => v.stock === 0),
    )
    expect(partly.length).toBeGreaterThanOrEqual(5)
    expect(demo.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(1)
  })

  it('groups sizes, pack sizes and formats into options, and apparel colours too', () => {
    const withOptions = demo.filter((p) => p.options.length > 0)
    expect(withOptions.length).toBeGreaterThan(demo.length / 2)
    const shirt = demo.find((p) => p.id === 'madiba-style-silk-shirt')!
    expect(shirt.options).toEqual([
      { name: 'Colour', values: ['Gold Leaf', 'Blue Geometric', 'Black & Red', 'Green Fern'] },
      { name: 'Size', values: ['M', 'L', 'XL'] },
    ])
    expect(shirt.variants).toHaveLength(12)
    expect(shirt.variants.map((v) => v.id)).toContain('madiba-style-silk-shirt--blue-geometric-m')
    const tea = demo.find((p) => p.id === 'rooibos-loose-leaf-tea-classic')!
    expect(tea.options).toEqual([{ name: 'Pack size', values: ['250 g', '500 g', '1 kg'] }])
    // Bigger packs cost more.
    const [small, , large] = tea.variants
    expect(large!.priceCents).toBeGreaterThan(small!.priceCents)
    // A product's own price is its cheapest variant in stock.
    for (const p of withOptions.filter((p) => p.stock > 0)) {
      const inStock = p.variants.filter((v) => v.stock > 0).map((v) => v.priceCents)
      expect(p.priceCents).toBe(Math.min(...inStock))
    }
  })

  it('features 12 in-stock products with ranks 1 to 12 across categories', () => {
    const featured = demo.filter((p) => p.featuredRank !== null)
    expect(featured).toHaveLength(FEATURED_COUNT)
    expect(featured.map((p) => p.featuredRank).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: FEATURED_COUNT }, (_, i) => i + 1),
    )
    for (const p of featured) expect(p.stock).toBeGreaterThan(0)
    expect(new Set(featured.map((p) => p.category)).size).toBeGreaterThanOrEqual(6)
  })

  it('spreads createdAt over the year before now', () => {
    const times = demo.map((p) => Date.parse(p.createdAt))
    for (const [i, t] of times.entries()) {
      expect(t).toBeLessThanOrEqual(now.getTime())
      expect(t).toBeGreaterThan(now.getTime() - YEAR_MS)
      expect(Date.parse(demo[i]!.updatedAt)).toBeGreaterThanOrEqual(t)
      expect(Date.parse(demo[i]!.updatedAt)).toBeLessThanOrEqual(now.getTime())
    }
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(300 * 86_400_000)
    expect(new Set(times).size).toBe(times.length)
  })

  it('gives each product 2 to 4 described 800 x 800 images at its own URLs', () => {
    for (const p of demo) {
      expect(p.images.length).toBeGreaterThanOrEqual(2)
      expect(p.images.length).toBeLessThanOrEqual(4)
      p.images.forEach((image, i) => {
        expect(image.url).toBe(`/images/products/${p.id}-${i + 1}.svg`)
        expect(image.alt.startsWith(`${p.name}: `)).toBe(true)
        expect(image.alt.length).toBeGreaterThan(p.name.length + 15)
        expect([image.width, image.height]).toEqual([800, 800])
      })
    }
  })

  it('has a picture for every kind of product it sells', () => {
    for (const category of CATEGORY_DEFS) {
      for (const kind of category.kinds) {
        const product = { name: `${kind.name} – ${kind.options[0]}`, category: category.slug }
        expect(pictureKind(product)?.name, `${category.slug}: ${kind.name}`).toBe(kind.name)
      }
    }
  })

  it('starts with empty ratings, descriptions and tags', () => {
    for (const p of demo) {
      expect(p.rating).toEqual({ count: 0, sum: 0, distribution: [0, 0, 0, 0, 0] })
      expect(p.description.length).toBeGreaterThan(60)
      expect(p.tags.length).toBeGreaterThanOrEqual(3)
      for (const tag of p.tags) expect(tag).toBe(tag.toLowerCase())
    }
  })

  it('is deterministic: the same seed and time make the same shop', () => {
    expect(generateProducts({ now })).toEqual(demo)
    const other = generateProducts({ now, seed: 'another-shop' })
    expect(other.map((p) => p.id)).toEqual(demo.map((p) => p.id))
    expect(other.map((p) => p.priceCents)).not.toEqual(demo.map((p) => p.priceCents))
  })

  it('makes a smaller catalogue as a prefix of the demo one', () => {
    // Featured ranks are drawn from the demo-sized prefix, so only they may differ.
    const withoutRank = (list: typeof demo) => list.map((p) => ({ ...p, featuredRank: null }))
    expect(withoutRank(generateProducts({ now, count: 30 }))).toEqual(
      withoutRank(demo.slice(0, 30)),
    )
    expect(generateProducts({ now, count: 0 })).toEqual([])
  })

  it('refuses impossible counts', () => {
    expect(() => generateProducts({ now, count: MAX_PRODUCT_COUNT + 1 })).toThrow(RangeError)
    expect(() => generateProducts({ now, count: -1 })).toThrow(RangeError)
    expect(() => generateProducts({ now, count: 1.5 })).toThrow(RangeError)
  })
})

describe('generateProducts --products 10000', () => {
  const big = generateProducts({ now, count: 10_000 })

  it('makes 10 000 products with unique ids and names', () => {
    expect(big).toHaveLength(10_000)
    expect(new Set(big.map((p) => p.id)).size).toBe(10_000)
    expect(new Set(big.map((p) => p.name)).size).toBe(10_000)
    for (const p of big) {
      expect(p.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(p.priceCents).toBeGreaterThanOrEqual(45_00)
      expect(p.priceCents).toBeLessThanOrEqual(2_500_00)
    }
  })

  it('begins with the demo catalogue, featured products included', () => {
    expect(big.slice(0, DEFAULT_PRODUCT_COUNT)).toEqual(demo)
    expect(big.filter((p) => p.featuredRank !== null)).toHaveLength(FEATURED_COUNT)
  })
})

describe('slugify', () => {
  it('makes URL-safe ids from names', () => {
    expect(slugify('Rooibos Loose-Leaf Tea – Classic, 250 g')).toBe(
      'rooibos-loose-leaf-tea-classic-250g',
    )
    expect(slugify('Rusks & Rooibos: A Baking Book')).toBe('rusks-and-rooibos-a-baking-book')
    expect(slugify('Nongoma Women’s Group – Crème')).toBe('nongoma-womens-group-creme')
  })
})

describe('believablePrice', () => {
  it('rounds to shop steps, ends in ,00 or ,99 and stays within R 45 to R 2 500', () => {
    const random = new Random(1)
    for (const rands of [1, 44, 45, 47.3, 99.9, 123.4, 777, 2_499, 10_000]) {
      const cents = believablePrice(rands, random)
      expect(cents).toBeGreaterThanOrEqual(45_00)
      expect(cents).toBeLessThanOrEqual(2_500_00)
      expect([0, 99]).toContain(cents % 100)
    }
    expect(believablePrice(10, new Random(2))).toBe(45_00)
  })
})
