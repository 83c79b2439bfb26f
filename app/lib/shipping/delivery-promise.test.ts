import { describe, expect, it } from 'vitest'

import { MONEY_SPACE } from '~/lib/money'

import { DEFAULT_ZONES } from './default-zones'
import { deliveryPromise } from './delivery-promise'

const nbsp = (text: string) => text.replaceAll(MONEY_SPACE, ' ')

describe('deliveryPromise', () => {
  it('promises the seeded main centres rate, its free-delivery threshold and its time', () => {
    expect(nbsp(deliveryPromise(DEFAULT_ZONES)!)).toBe(
      'Delivery from R 89 to Main centres (1–3 working days), free over R 1 000',
    )
  })

  it('follows the rates staff saved: the first zone by position, its cheapest band', () => {
    const [main, regional] = DEFAULT_ZONES
    const zones = [
      { ...main!, position: 1 },
      {
        ...regional!,
        position: 0,
        bands: [
          { upToGrams: 5000, priceCents: 14950 },
          { upToGrams: 2000, priceCents: 12950 },
        ],
        freeFromCents: null,
      },
    ]
    expect(nbsp(deliveryPromise(zones)!)).toBe(
      'Delivery from R 129,50 to Regional (2–5 working days)',
    )
  })

  it('says free delivery when the cheapest band costs nothing, and nothing without zones', () => {
    const free = { ...DEFAULT_ZONES[0]!, bands: [{ upToGrams: 2000, priceCents: 0 }] }
    expect(deliveryPromise([free])).toBe('Free delivery to Main centres (1–3 working days)')
    expect(deliveryPromise([])).toBeNull()
  })
})
