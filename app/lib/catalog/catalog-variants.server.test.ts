import { describe, expect, it } from 'vitest'

import { shirt } from '~/lib/data/contract.suite'
import type { Product } from '~/lib/data/types'

import { CatalogIndex } from './catalog-index.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'

/** Every variant of a shirt sold out. */
const soldOut = (id: string): Product =>
  shirt(id, Object.fromEntries(shirt(id).variants.map((v) => [v.id, 0])))

const products = [
  // From R 180 (its cheapest in stock); R 90 for S/Black, which is sold out.
  {
    ...shirt(
      'silk-shirt',
      { 'silk-shirt--s-black': 0 },
      { 'silk-shirt--s-black': 9_000, 'silk-shirt--m-black': 18_000 },
    ),
    name: 'Madiba-Style Silk Shirt',
  },
  { ...soldOut('gone-shirt'), name: 'Gone Shirt' },
  makeProduct({ id: 'mug', name: 'Enamel Mug', priceCents: 15_000, description: 'Small mug.' }),
  makeProduct({ id: 'tin', name: 'Biscuit Tin', priceCents: 20_000 }),
]

describe('the catalogue of products with options', () => {
  const index = new CatalogIndex(products)
  const ids = (query: Parameters<CatalogIndex['search']>[0]) =>
    index.search(query).items.map((item) => item.id)

  it('holds one document per product, and finds option values', () => {
    expect(index.size).toBe(4)
    expect(ids({ q: 'silk shirt' })).toEqual(['silk-shirt'])
    expect(ids({ q: 'rainbow' }).sort()).toEqual(['gone-shirt', 'silk-shirt'])
    expect(ids({ q: 'size m' }).sort()).toEqual(['gone-shirt', 'silk-shirt'])
    expect(ids({ q: 'silk size m' })).toEqual(['silk-shirt'])
  })

  it('shows "from" the cheapest variant in stock when prices differ, and "Sold out" only when every variant is', () => {
    const [silk] = index.search({ q: 'silk shirt' }).items
    expect(silk).toMatchObject({
      priceCents: 18_000,
      priceFrom: true,
      optionNames: ['Size', 'Colour'],
    })
    expect(silk!.stock).toBeGreaterThan(0)
    const [gone] = index.search({ q: 'gone shirt' }).items
    expect(gone).toMatchObject({ stock: 0, priceFrom: false })
    expect(index.search({ q: 'mug' }).items[0]).toMatchObject({ priceFrom: false, optionNames: [] })
  })

  it('filters and sorts by the cheapest variant in stock', () => {
    // R 90 would match a R 100 ceiling, but that variant cannot be bought.
    expect(ids({ maxPriceCents: 10_000 })).toEqual([])
    expect(ids({ minPriceCents: 17_000, maxPriceCents: 19_000, inStock: true })).toEqual([
      'silk-shirt',
    ])
    expect(ids({ inStock: true, sort: 'price-asc' })).toEqual(['mug', 'silk-shirt', 'tin'])
  })

  it('follows stock changes of one variant', () => {
    const live = new CatalogIndex(products)
    const silk = products[0]!
    const restocked = shirt(
      'silk-shirt',
      { 'silk-shirt--s-black': 2 },
      { 'silk-shirt--s-black': 9_000, 'silk-shirt--m-black': 18_000 },
    )
    live.apply([{ type: 'upsert', product: { ...restocked, name: silk.name } }])
    expect(live.search({ q: 'silk shirt' }).items[0]?.priceCents).toBe(9_000)
  })
})
