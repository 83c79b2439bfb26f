import { describe, expect, it } from 'vitest'

import { MAX_FEATURED_PRODUCTS, parseProductIds } from './featured'

describe('parseProductIds', () => {
  it('reads a comma-separated text field', () => {
    expect(parseProductIds(' rooibos-tea, beaded-bowl ,,apron ')).toEqual([
      'rooibos-tea',
      'beaded-bowl',
      'apron',
    ])
  })

  it('reads an array field, dropping repeats, blanks and non-ids', () => {
    expect(parseProductIds(['a-1', 'a-1', '', 7, '../x', 'B-2'])).toEqual(['a-1', 'b-2'])
  })

  it('gives nothing for missing values and caps the list', () => {
    expect(parseProductIds(undefined)).toEqual([])
    const many = Array.from({ length: 30 }, (_, i) => `p${i}`).join(',')
    expect(parseProductIds(many)).toHaveLength(MAX_FEATURED_PRODUCTS)
  })
})
