import { describe, expect, it } from 'vitest'

import type { Address } from '~/lib/data/types'

import { DEFAULT_WEIGHT_GRAMS, DEFAULT_ZONES, defaultShippingSettings } from './default-zones'
import {
  inPostalRange,
  parcelWeightGrams,
  standardOption,
  tablePrice,
  zoneFor,
  zonesInOrder,
} from './rates'
import type { ShippingZone } from './types'

const at = (province: Address['province'], postalCode: string) => ({ province, postalCode })
const zoneOf = (province: Address['province'], postalCode: string) =>
  zoneFor(at(province, postalCode), DEFAULT_ZONES).id

describe('zoneFor over the seeded zones', () => {
  it.each([
    ['Cape Town city centre', 'Western Cape', '8001', 'main-centres'],
    ['Bellville', 'Western Cape', '7530', 'main-centres'],
    ['Somerset West', 'Western Cape', '7130', 'main-centres'],
    ['Sandton', 'Gauteng', '2196', 'main-centres'],
    ['Pretoria', 'Gauteng', '0002', 'main-centres'],
    ['Kempton Park (Ekurhuleni)', 'Gauteng', '1619', 'main-centres'],
    ['Soweto', 'Gauteng', '1804', 'main-centres'],
    ['Durban', 'KwaZulu-Natal', '4001', 'main-centres'],
    ['Pinetown', 'KwaZulu-Natal', '3610', 'main-centres'],
    ['Umhlanga', 'KwaZulu-Natal', '4319', 'main-centres'],
    ['Stellenbosch (Cape Winelands)', 'Western Cape', '7600', 'regional'],
    ['Krugersdorp (West Rand)', 'Gauteng', '1739', 'regional'],
    ['Pietermaritzburg', 'KwaZulu-Natal', '3201', 'regional'],
    ['Polokwane', 'Limpopo', '0699', 'regional'],
    ['Bloemfontein', 'Free State', '9301', 'regional'],
    ['Gqeberha', 'Eastern Cape', '6001', 'regional'],
    ['Springbok', 'Northern Cape', '8240', 'outlying'],
    ['Upington', 'Northern Cape', '8801', 'outlying'],
    ['Colesberg (Northern Cape, a Free State code)', 'Northern Cape', '9795', 'outlying'],
    ['Beaufort West (Central Karoo)', 'Western Cape', '6970', 'outlying'],
  ] as const)('%s is in %s', (_, province, postalCode, zone) => {
    expect(zoneOf(province, postalCode)).toBe(zone)
  })

  it('lets a postal range decide before the province', () => {
    // A Cape Town code with a mistaken province is still a main centre; a Karoo code in the
    // Western Cape is outlying although the Western Cape is regional.
    expect(zoneOf('Limpopo', '8001')).toBe('main-centres')
    expect(zoneOf('Western Cape', '6970')).toBe('outlying')
  })
})

describe('zoneFor', () => {
  const zone = (id: string, position: number, more: Partial<ShippingZone> = {}): ShippingZone => ({
    id,
    name: id,
    position,
    provinces: [],
    postalRanges: [],
    bands: [{ upToGrams: 1000, priceCents: 5_000 }],
    perExtraKgCents: 0,
    freeFromCents: null,
    estimate: 'soon',
    ...more,
  })

  it('takes the first zone by position, whatever order the list is in', () => {
    const zones = [
      zone('b', 1, { postalRanges: [{ from: '8000', to: '8099' }] }),
      zone('a', 0, { postalRanges: [{ from: '8001', to: '8001' }] }),
      zone('c', 2),
    ]
    expect(zoneFor(at('Western Cape', '8001'), zones).id).toBe('a')
    expect(zoneFor(at('Western Cape', '8002'), zones).id).toBe('b')
    expect(zonesInOrder(zones).map((z) => z.id)).toEqual(['a', 'b', 'c'])
  })

  it('falls back to the province, then to the last zone', () => {
    const zones = [zone('near', 0, { provinces: ['Gauteng'] }), zone('far', 1), zone('farthest', 2)]
    expect(zoneFor(at('Gauteng', '1234'), zones).id).toBe('near')
    expect(zoneFor(at('Limpopo', '0699'), zones).id).toBe('farthest')
  })

  it('ignores a postal code that is not four digits when matching ranges', () => {
    const zones = [zone('range', 0, { postalRanges: [{ from: '0001', to: '9999' }] }), zone('z', 1)]
    expect(zoneFor(at('Gauteng', '12'), zones).id).toBe('z')
    expect(inPostalRange('0001', { from: '0001', to: '0001' })).toBe(true)
    expect(inPostalRange('0002', { from: '0001', to: '0001' })).toBe(false)
  })

  it('needs at least one zone', () => {
    expect(() => zoneFor(at('Gauteng', '2001'), [])).toThrow(RangeError)
  })
})

describe('parcelWeightGrams', () => {
  it('adds each variant weight times its quantity', () => {
    expect(
      parcelWeightGrams(
        [
          { weightGrams: 250, quantity: 2 },
          { weightGrams: 1200, quantity: 1 },
        ],
        DEFAULT_WEIGHT_GRAMS,
      ),
    ).toBe(1700)
  })

  it('counts a variant without a weight at the shop default', () => {
    expect(
      parcelWeightGrams(
        [{ weightGrams: 300, quantity: 1 }, { weightGrams: null, quantity: 2 }, { quantity: 1 }],
        750,
      ),
    ).toBe(300 + 2 * 750 + 750)
  })

  it('weighs an empty cart at nothing and refuses fractions', () => {
    expect(parcelWeightGrams([], 1000)).toBe(0)
    expect(() => parcelWeightGrams([{ weightGrams: 1.5, quantity: 1 }], 1000)).toThrow(RangeError)
    expect(() => parcelWeightGrams([{ weightGrams: 100, quantity: -1 }], 1000)).toThrow(RangeError)
  })
})

describe('tablePrice', () => {
  const main = DEFAULT_ZONES.find((z) => z.id === 'main-centres')!
  const outlying = DEFAULT_ZONES.find((z) => z.id === 'outlying')!
  const zone = {
    bands: [
      { upToGrams: 2000, priceCents: 8_900 },
      { upToGrams: 5000, priceCents: 9_900 },
      { upToGrams: 10_000, priceCents: 13_900 },
      { upToGrams: 20_000, priceCents: 19_900 },
    ],
    perExtraKgCents: 1_000,
    freeFromCents: 100_000,
  }

  it('prices a parcel by the first band it fits in, both ends included', () => {
    expect(tablePrice(zone, 0, 0)).toBe(8_900)
    expect(tablePrice(zone, 1999, 0)).toBe(8_900)
    expect(tablePrice(zone, 2000, 0)).toBe(8_900)
    expect(tablePrice(zone, 2001, 0)).toBe(9_900)
    expect(tablePrice(zone, 5000, 0)).toBe(9_900)
    expect(tablePrice(zone, 10_000, 0)).toBe(13_900)
    expect(tablePrice(zone, 20_000, 0)).toBe(19_900)
  })

  it('adds the per-kg price for each started kilogram over the last band', () => {
    expect(tablePrice(zone, 20_001, 0)).toBe(19_900 + 1_000)
    expect(tablePrice(zone, 21_000, 0)).toBe(19_900 + 1_000)
    expect(tablePrice(zone, 21_001, 0)).toBe(19_900 + 2_000)
    expect(tablePrice(zone, 35_500, 0)).toBe(19_900 + 16 * 1_000)
  })

  it('reads bands in weight order however they are listed', () => {
    const shuffled = { ...zone, bands: [...zone.bands].reverse() }
    expect(tablePrice(shuffled, 1500, 0)).toBe(8_900)
    expect(tablePrice(shuffled, 22_000, 0)).toBe(21_900)
  })

  it('is free from the threshold, not a cent below it, and never free without one', () => {
    expect(tablePrice(zone, 3000, 99_999)).toBe(9_900)
    expect(tablePrice(zone, 3000, 100_000)).toBe(0)
    expect(tablePrice(zone, 50_000, 250_000)).toBe(0)
    expect(tablePrice(outlying, 1000, 10_000_000)).toBe(16_900)
  })

  it('charges the seeded main centres around the old R 99', () => {
    expect(tablePrice(main, 1000, 50_000)).toBe(8_900)
    expect(tablePrice(main, 4000, 50_000)).toBe(9_900)
    expect(tablePrice(main, 4000, 100_000)).toBe(0)
  })

  it('answers whole cents and refuses fractional weights and subtotals', () => {
    expect(Number.isSafeInteger(tablePrice(zone, 123_457, 0))).toBe(true)
    expect(() => tablePrice(zone, 10.5, 0)).toThrow(RangeError)
    expect(() => tablePrice(zone, 1000, 10.5)).toThrow(RangeError)
    expect(() => tablePrice({ ...zone, bands: [] }, 1000, 0)).toThrow(RangeError)
  })
})

describe('standardOption', () => {
  const settings = defaultShippingSettings()
  const cart = [
    { weightGrams: 1200, quantity: 1 },
    { weightGrams: 400, quantity: 2 },
  ]

  it('prices one cart differently for Cape Town and Springbok', () => {
    const capeTown = standardOption(settings, at('Western Cape', '8001'), cart, 45_000)
    const springbok = standardOption(settings, at('Northern Cape', '8240'), cart, 45_000)
    expect(capeTown).toEqual({
      id: 'standard',
      kind: 'standard',
      name: 'Standard delivery',
      priceCents: 8_900,
      estimate: '1–3 working days',
    })
    expect(springbok).toMatchObject({ id: 'standard', priceCents: 16_900 })
    expect(springbok.estimate).toBe('4–7 working days')
  })

  it('weighs a variant without a weight at the default weight', () => {
    // 1 200 g + the default 1 000 g: over 2 kg, so the 5 kg band.
    const lines = [
      { weightGrams: 1200, quantity: 1 },
      { weightGrams: null, quantity: 1 },
    ]
    expect(standardOption(settings, at('Gauteng', '2196'), lines, 30_000).priceCents).toBe(9_900)
    const lighter = { ...settings, defaultWeightGrams: 500 }
    expect(standardOption(lighter, at('Gauteng', '2196'), lines, 30_000).priceCents).toBe(8_900)
  })

  it('is free from the zone threshold and costs nothing for an empty cart', () => {
    expect(standardOption(settings, at('Gauteng', '2196'), cart, 100_000).priceCents).toBe(0)
    expect(standardOption(settings, at('Limpopo', '0699'), cart, 100_000).priceCents).toBe(11_900)
    expect(standardOption(settings, at('Northern Cape', '8240'), [], 0).priceCents).toBe(0)
  })
})
