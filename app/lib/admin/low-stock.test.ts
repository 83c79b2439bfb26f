import { describe, expect, it } from 'vitest'

import { LOW_STOCK_RULE, lowStockCount, lowVariantsNote } from './low-stock'

describe('low stock wording', () => {
  it('names the per-variant rule the dashboard and the product list share', () => {
    expect(LOW_STOCK_RULE).toBe('5 or fewer of a variant')
    expect(lowStockCount(72)).toBe('72 low-stock products')
    expect(lowStockCount(1)).toBe('1 low-stock product')
  })

  it('says which share of a product’s variants is low, so a large total marked low makes sense', () => {
    expect(lowVariantsNote(0, 4)).toBeNull()
    expect(lowVariantsNote(1, 1)).toBe('low')
    expect(lowVariantsNote(2, 6)).toBe('low: 2 of 6 variants')
  })
})
