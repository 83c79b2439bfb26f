import { describe, expect, it } from 'vitest'

import type { CartLine } from '~/lib/data/types'

import {
  cartLineKey,
  cartTotals,
  cleanCartLines,
  maxQuantityFor,
  mergeCartLines,
  quantityProblem,
} from './rules'

describe('cartTotals', () => {
  it('adds shipping of R 99,00 below R 1 000,00 and includes VAT of round(total * 15 / 115)', () => {
    const totals = cartTotals([
      { unitPriceCents: 8950, quantity: 2 },
      { unitPriceCents: 12000, quantity: 1 },
    ])
    expect(totals).toEqual({
      itemCount: 3,
      subtotalCents: 29900,
      shippingCents: 9900,
      totalCents: 39800,
      vatCents: 5191,
    })
  })

  it('ships free from a subtotal of exactly R 1 000,00, not from R 999,99', () => {
    expect(cartTotals([{ unitPriceCents: 100000, quantity: 1 }])).toMatchObject({
      shippingCents: 0,
      totalCents: 100000,
      vatCents: 13043,
    })
    expect(cartTotals([{ unitPriceCents: 99999, quantity: 1 }])).toMatchObject({
      shippingCents: 9900,
      totalCents: 109899,
    })
    expect(cartTotals([{ unitPriceCents: 25000, quantity: 4 }])).toMatchObject({
      subtotalCents: 100000,
      shippingCents: 0,
    })
  })

  it('charges nothing for an empty cart', () => {
    expect(cartTotals([])).toEqual({
      itemCount: 0,
      subtotalCents: 0,
      shippingCents: 0,
      totalCents: 0,
      vatCents: 0,
    })
  })

  it('rounds the included VAT to the nearest cent', () => {
    // R 23,00 + R 99,00 shipping = R 122,00; 12200 * 15 / 115 = 1591.30
    expect(cartTotals([{ unitPriceCents: 2300, quantity: 1 }])).toMatchObject({
      totalCents: 12200,
      vatCents: 1591,
    })
    // 123456 * 15 / 115 = 16102.96
    expect(cartTotals([{ unitPriceCents: 123456, quantity: 1 }]).vatCents).toBe(16103)
  })

  it('refuses fractional cents or quantities', () => {
    expect(() => cartTotals([{ unitPriceCents: 10.5, quantity: 1 }])).toThrow(RangeError)
    expect(() => cartTotals([{ unitPriceCents: 100, quantity: 1.5 }])).toThrow(RangeError)
  })

  it('takes the chosen delivery method’s price instead of the estimate, VAT on the whole total', () => {
    const lines = [{ unitPriceCents: 8950, quantity: 2 }]
    // A courier rate of R 185,50 on R 179,00 of goods: R 364,50, VAT 364.50 * 15 / 115 = 47.54.
    expect(cartTotals(lines, 18_550)).toEqual({
      itemCount: 2,
      subtotalCents: 17_900,
      shippingCents: 18_550,
      totalCents: 36_450,
      vatCents: 4754,
    })
    // Collect in store is free below R 1 000; a zone's rate may charge above it.
    expect(cartTotals(lines, 0)).toMatchObject({ shippingCents: 0, totalCents: 17_900 })
    expect(cartTotals([{ unitPriceCents: 150_000, quantity: 1 }], 22_000)).toMatchObject({
      shippingCents: 22_000,
      totalCents: 172_000,
    })
    // Nothing to deliver, nothing to pay for delivery.
    expect(cartTotals([], 22_000).shippingCents).toBe(0)
  })

  it('refuses a delivery price that is not whole cents from 0', () => {
    const lines = [{ unitPriceCents: 100, quantity: 1 }]
    expect(() => cartTotals(lines, 99.5)).toThrow(RangeError)
    expect(() => cartTotals(lines, -1)).toThrow(RangeError)
  })
})

describe('quantity rules', () => {
  const rooibos = { name: 'Rooibos tea', stock: 3 }
  const plenty = { name: 'Biltong', stock: 50 }

  it('allows 1 to 10 within stock', () => {
    expect(quantityProblem(plenty, 1)).toBeNull()
    expect(quantityProblem(plenty, 10)).toBeNull()
    expect(quantityProblem(rooibos, 3)).toBeNull()
  })

  it('names the product and what is left', () => {
    expect(quantityProblem(rooibos, 4)).toBe('Only 3 left of Rooibos tea')
    expect(quantityProblem(rooibos, 2, 2)).toBe(
      'Only 3 left of Rooibos tea; you already have 2 in your cart',
    )
    expect(quantityProblem(plenty, 11)).toBe('Choose a quantity from 1 to 10')
    expect(quantityProblem(plenty, 0)).toBe('Choose a quantity from 1 to 10')
    expect(quantityProblem(plenty, 2.5)).toBe('Choose a quantity from 1 to 10')
    expect(quantityProblem(plenty, 4, 8)).toBe(
      'You can buy at most 10 of Biltong; you already have 8 in your cart',
    )
  })

  it('refuses sold-out products', () => {
    expect(quantityProblem({ name: 'Fynbos honey', stock: 0 }, 1)).toBe('Fynbos honey is sold out')
    expect(maxQuantityFor(0)).toBe(0)
    expect(maxQuantityFor(4)).toBe(4)
    expect(maxQuantityFor(80)).toBe(10)
  })
})

describe('mergeCartLines (sign-in)', () => {
  const stock: Record<string, number> = { rooibos: 20, honey: 5, biltong: 50, gone: 0 }
  const stockOf = (line: CartLine) => stock[cartLineKey(line)]

  it('sums quantities of one product and clamps to 10 and to stock', () => {
    const merged = mergeCartLines(
      [
        { productId: 'rooibos', quantity: 8 },
        { productId: 'biltong', quantity: 1 },
      ],
      [
        { productId: 'rooibos', quantity: 3 },
        { productId: 'honey', quantity: 4 },
        { productId: 'honey', quantity: 3 },
      ],
      stockOf,
    )
    expect(merged).toEqual([
      { productId: 'rooibos', quantity: 10 },
      { productId: 'biltong', quantity: 1 },
      { productId: 'honey', quantity: 5 },
    ])
  })

  it('drops sold-out and unknown products', () => {
    expect(
      mergeCartLines(
        [{ productId: 'gone', quantity: 1 }],
        [
          { productId: 'nosuch', quantity: 2 },
          { productId: 'biltong', quantity: 2 },
        ],
        stockOf,
      ),
    ).toEqual([{ productId: 'biltong', quantity: 2 }])
  })
})

describe('cart lines of product options', () => {
  it('keeps one line per variant, and reads a line stored without a variant as its product', () => {
    expect(
      cleanCartLines([
        { productId: 'tee', variantId: 'tee--m', quantity: 1 },
        { productId: 'tee', variantId: 'tee--l', quantity: 2 },
        { productId: 'tee', variantId: 'tee--m', quantity: 5 },
        { productId: 'rooibos', quantity: 1 },
        { productId: 'honey', variantId: 'BAD ID', quantity: 1 },
      ]),
    ).toEqual([
      { productId: 'tee', variantId: 'tee--m', quantity: 1 },
      { productId: 'tee', variantId: 'tee--l', quantity: 2 },
      { productId: 'rooibos', quantity: 1 },
      { productId: 'honey', quantity: 1 },
    ])
  })

  it('merges quantities per variant on sign-in, clamped to each variant’s stock', () => {
    const stock: Record<string, number> = { 'tee--m': 3, 'tee--l': 10 }
    expect(
      mergeCartLines(
        [{ productId: 'tee', variantId: 'tee--m', quantity: 2 }],
        [
          { productId: 'tee', variantId: 'tee--m', quantity: 2 },
          { productId: 'tee', variantId: 'tee--l', quantity: 4 },
        ],
        (line) => stock[cartLineKey(line)],
      ),
    ).toEqual([
      { productId: 'tee', variantId: 'tee--m', quantity: 3 },
      { productId: 'tee', variantId: 'tee--l', quantity: 4 },
    ])
  })
})

describe('cleanCartLines', () => {
  it('keeps well-formed lines only, one per product', () => {
    expect(
      cleanCartLines([
        { productId: 'rooibos', quantity: 2 },
        { productId: 'rooibos', quantity: 3 },
        { productId: 'BAD ID', quantity: 1 },
        { productId: 'honey', quantity: 11 },
        { productId: 'honey', quantity: '2' },
        null,
        { productId: 'biltong', quantity: 1 },
      ]),
    ).toEqual([
      { productId: 'rooibos', quantity: 2 },
      { productId: 'biltong', quantity: 1 },
    ])
    expect(cleanCartLines('nonsense')).toEqual([])
  })

  it('bounds the number of lines', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ productId: `p${i}`, quantity: 1 }))
    expect(cleanCartLines(many)).toHaveLength(30)
  })
})
