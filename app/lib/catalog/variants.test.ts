import { describe, expect, it } from 'vitest'

import { shirt } from '~/lib/data/contract.suite'
import { withVariants } from '~/lib/data/variants'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import { optionChoices, priceRange, selectionFromParams, variantFor, variantUrl } from './variants'

/** A shirt without a Large in Rainbow at all, its Small in Black sold out. */
const tee = (() => {
  const full = shirt('tee', { 'tee--s-black': 0 }, { 'tee--l-black': 30_000 })
  return withVariants({ ...full, variants: full.variants.filter((v) => v.id !== 'tee--l-rainbow') })
})()

describe('option matrix', () => {
  it('marks each value as available, sold out or not sold next to what is picked', () => {
    const choices = optionChoices(tee, ['L', 'Black'])
    expect(choices.map((c) => [c.name, c.param])).toEqual([
      ['Size', 'size'],
      ['Colour', 'colour'],
    ])
    expect(choices[0]!.values).toEqual([
      { value: 'S', state: 'sold-out', selected: false },
      { value: 'M', state: 'available', selected: false },
      { value: 'L', state: 'available', selected: true },
    ])
    expect(choices[1]!.values).toEqual([
      { value: 'Black', state: 'available', selected: true },
      { value: 'Rainbow', state: 'unsold', selected: false },
    ])
  })

  it('finds the variant of a combination, or none when it is not sold', () => {
    expect(variantFor(tee, ['M', 'Rainbow'])?.id).toBe('tee--m-rainbow')
    expect(variantFor(tee, ['L', 'Rainbow'])).toBeNull()
  })

  it('reads the no-JS form’s picks, keeping the default variant’s value for an option not sent', () => {
    expect(selectionFromParams(tee, new URLSearchParams('size=L&colour=Rainbow'))).toEqual([
      'L',
      'Rainbow',
    ])
    // S/Black is sold out, so the default variant is S/Rainbow.
    expect(selectionFromParams(tee, new URLSearchParams('size=M'))).toEqual(['M', 'Rainbow'])
    expect(selectionFromParams(tee, new URLSearchParams('size=XXL'))).toEqual(['S', 'Rainbow'])
    expect(selectionFromParams(tee, new URLSearchParams('variant=tee--m-black'))).toBeNull()
  })

  it('links to a variant, and to the bare product page for a product without options', () => {
    expect(variantUrl('tee', { id: 'tee--m-black' })).toBe('/shop/tee?variant=tee--m-black')
    expect(variantUrl('rooibos', { id: 'rooibos' })).toBe('/shop/rooibos')
  })
})

describe('"from" prices', () => {
  it('starts from the cheapest variant in stock and says so when prices differ', () => {
    // S/Black would be cheapest at R 90 but is sold out.
    const cheapSoldOut = shirt(
      'tee',
      { 'tee--s-black': 0 },
      { 'tee--s-black': 9_000, 'tee--l-black': 30_000 },
    )
    expect(priceRange(cheapSoldOut)).toEqual({ fromCents: 25_000, toCents: 30_000, varies: true })
  })

  it('is a single price when every variant costs the same, or without options', () => {
    expect(priceRange(shirt('tee'))).toEqual({ fromCents: 25_000, toCents: 25_000, varies: false })
    expect(priceRange(makeProduct({ id: 'rooibos', priceCents: 4_500 }))).toEqual({
      fromCents: 4_500,
      toCents: 4_500,
      varies: false,
    })
  })

  it('falls back to the cheapest of all when every variant is sold out', () => {
    const soldOut = shirt('tee', Object.fromEntries(shirt('tee').variants.map((v) => [v.id, 0])), {
      'tee--m-black': 12_000,
    })
    expect(priceRange(soldOut).fromCents).toBe(12_000)
    expect(soldOut.stock).toBe(0)
  })
})
