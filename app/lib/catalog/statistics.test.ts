import { describe, expect, it } from 'vitest'

import { formatAverage, productStatistics, roundToOneDecimal } from './statistics'
import { ratingOf } from '~/lib/catalog/products.test-helper'

describe('productStatistics', () => {
  it('counts, averages to one decimal and gives percentages, five stars first', () => {
    const stats = productStatistics(ratingOf(5, 5, 4, 4, 4, 3, 1, 5))
    expect(stats.count).toBe(8)
    expect(stats.average).toBe(3.9) // 31 / 8 = 3.875
    expect(stats.distribution).toEqual([
      { stars: 5, count: 3, percent: 38 },
      { stars: 4, count: 3, percent: 38 },
      { stars: 3, count: 1, percent: 13 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 13 },
    ])
  })

  it('rounds halves up: 4.25 -> 4.3', () => {
    expect(productStatistics(ratingOf(5, 4, 4, 4)).average).toBe(4.3)
  })

  it('has no average and zero percentages without reviews', () => {
    const stats = productStatistics(ratingOf())
    expect(stats).toEqual({
      count: 0,
      average: null,
      distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0, percent: 0 })),
    })
  })

  it('gives a single review 100%', () => {
    expect(productStatistics(ratingOf(2)).distribution.find((d) => d.stars === 2)).toEqual({
      stars: 2,
      count: 1,
      percent: 100,
    })
  })
})

describe('roundToOneDecimal', () => {
  it.each([
    [4.35, 4.4],
    [4.349, 4.3],
    [1.05, 1.1],
    [5, 5],
    [2.96, 3],
  ])('%d -> %d', (value, rounded) => {
    expect(roundToOneDecimal(value)).toBe(rounded)
  })
})

describe('formatAverage', () => {
  it('keeps one decimal', () => {
    expect(formatAverage(4.3)).toBe('4.3 out of 5')
    expect(formatAverage(4)).toBe('4.0 out of 5')
  })
})
