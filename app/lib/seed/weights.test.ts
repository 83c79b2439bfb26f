import { describe, expect, it } from 'vitest'

import { CATEGORY_DEFS } from './catalogue-data'
import { generateProducts } from './products'
import { parcelOf } from './weights'

describe('the demo shop weights', () => {
  it('gives every size of every kind a packed weight and a box', () => {
    for (const category of CATEGORY_DEFS) {
      for (const kind of category.kinds) {
        kind.sizes.forEach((size, i) => {
          const parcel = parcelOf(kind.name, i)
          expect(Number.isSafeInteger(parcel.weightGrams), `${kind.name} ${size.label}`).toBe(true)
          expect(parcel.weightGrams).toBeGreaterThan(0)
          expect(parcel.weightGrams).toBeLessThanOrEqual(20_000)
          for (const side of [parcel.lengthCm, parcel.widthCm, parcel.heightCm]) {
            expect(Number.isSafeInteger(side) && side! > 0, kind.name).toBe(true)
          }
        })
        expect(() => parcelOf(kind.name, kind.sizes.length)).toThrow(RangeError)
      }
    }
  })

  it('weighs every variant the seed makes, each size by its own weight', () => {
    const products = generateProducts({
      now: new Date('2025-06-01T08:00:00.000Z'),
    })
    const unweighed = products
      .flatMap((p) => p.variants)
      .filter((v) => !(v.weightGrams !== null && v.weightGrams > 0 && (v.lengthCm ?? 0) > 0))
    expect(unweighed.map((v) => v.id)).toEqual([])
    const tea = products.find((p) => p.id === 'rooibos-loose-leaf-tea-classic')!
    const weights = tea.variants.map((v) => [v.optionValues.at(-1), v.weightGrams])
    expect(weights).toEqual([
      ['250 g', 300],
      ['500 g', 580],
      ['1 kg', 1120],
    ])
  })
})
