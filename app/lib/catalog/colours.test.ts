import { describe, expect, it } from 'vitest'

import { NAMED_COLOURS, isColourOption, swatchOf } from './colours'

import { generateProducts } from '~/lib/seed/products'

describe('colour swatches', () => {
  it('shows a plain colour as one colour, the colour its pictures are drawn in', () => {
    expect(swatchOf('Black')).toEqual({
      main: NAMED_COLOURS.Black!.main,
      second: NAMED_COLOURS.Black!.main,
    })
    expect(swatchOf('Mustard')?.main).toBe('#d2a02c')
  })

  it('shows a stripe, rim, pattern or "X & Y" as its two colours', () => {
    for (const name of ['White & Blue Rim', 'Ocean Stripe', 'Maize Pattern', 'Speckled Black']) {
      const swatch = swatchOf(name)
      expect(swatch, name).not.toBeNull()
      expect(swatch!.second, name).not.toBe(swatch!.main)
    }
  })

  it('knows no swatch for a name outside the table (the value stays a text pill)', () => {
    for (const name of ['Rainbow', 'black', '', 'constructor', '__proto__', 'toString']) {
      expect(swatchOf(name), name).toBeNull()
    }
  })

  it('treats "Colour" and "Color" as colour options, nothing else', () => {
    expect(isColourOption('Colour')).toBe(true)
    expect(isColourOption('color')).toBe(true)
    expect(isColourOption('Size')).toBe(false)
    expect(isColourOption('Colour way')).toBe(false)
  })

  it('has a swatch for every colour the demo shop sells', () => {
    const colours = generateProducts({ now: new Date('2025-06-01T08:00:00.000Z') })
      .flatMap((product) => product.options.filter((option) => isColourOption(option.name)))
      .flatMap((option) => option.values)
    expect(colours.length).toBeGreaterThan(0)
    expect(colours.filter((name) => !swatchOf(name))).toEqual([])
  })
})
