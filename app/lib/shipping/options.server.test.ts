import { describe, expect, it, vi } from 'vitest'

import type { Address } from '~/lib/data/types'

import {
  cheapestFirst,
  MAX_PICKUP_OPTIONS,
  resolveShippingChoice,
  shippingOptions,
  type ShippingLine,
  type ShippingOptionsDeps,
} from './options.server'
import type { BobgoClient } from './bobgo.server'
import type { CollectionPoint, PickupPoint, ShippingOption, ShippingSettings } from './types'

/*
 * The methods checkout offers, over a small table of our own (not the seeded one, so a change of
 * the seeded prices does not move these): a city zone and a remote one, each with two bands.
 */

const CITY = {
  id: 'city',
  name: 'Main centres',
  position: 0,
  provinces: [],
  postalRanges: [{ from: '7700', to: '8099' }],
  bands: [
    { upToGrams: 2000, priceCents: 8_000 },
    { upToGrams: 5000, priceCents: 12_000 },
  ],
  perExtraKgCents: 1_000,
  freeFromCents: 100_000,
  estimate: '1–2 working days',
} satisfies ShippingSettings['zones'][number]

const REMOTE = {
  ...CITY,
  id: 'remote',
  name: 'Outlying',
  position: 1,
  postalRanges: [],
  provinces: ['Northern Cape'],
  bands: [
    { upToGrams: 2000, priceCents: 15_000 },
    { upToGrams: 5000, priceCents: 22_000 },
  ],
  freeFromCents: null,
  estimate: '4–7 working days',
} satisfies ShippingSettings['zones'][number]

const SHOP: CollectionPoint = {
  name: 'Karoo & Co. Woodstock',
  line1: '100 Albert Road',
  line2: null,
  suburb: 'Woodstock',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '7925',
  phone: '021 447 1234',
  hours: 'Mon–Fri 9:00–17:00',
}

const settings = (collection: CollectionPoint | null = null): ShippingSettings => ({
  zones: [CITY, REMOTE],
  defaultWeightGrams: 1000,
  collection,
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedBy: null,
})

const storeWith = (s: ShippingSettings) => ({ shipping: { get: async () => s, save: vi.fn() } })

const CAPE_TOWN: Address = {
  line1: '12 Long Street',
  line2: null,
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
}
const SPRINGBOK: Address = {
  line1: '3 Voortrekker Street',
  line2: null,
  suburb: 'Springbok',
  city: 'Springbok',
  province: 'Northern Cape',
  postalCode: '8240',
}

/** 1.5 kg of tea (weighed) and two jars of honey without a weight (the 1 kg default). */
const LINES: ShippingLine[] = [
  { name: 'Rooibos tea', unitPriceCents: 8_950, quantity: 1, weightGrams: 1500 },
  { name: 'Fynbos honey', unitPriceCents: 12_000, quantity: 2, weightGrams: null },
]
const SUBTOTAL = 8_950 + 2 * 12_000

const point = (id: string, overrides: Partial<PickupPoint> = {}): PickupPoint => ({
  id,
  name: `Pargo ${id}`,
  line1: '1 Main Road',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
  hours: 'Mon–Sat 8:00–18:00',
  ...overrides,
})

const noExtras: ShippingOptionsDeps = {
  pickupPointsNear: async () => [],
  bobgo: null,
  log: () => {},
}

describe('shippingOptions', () => {
  it('always offers standard delivery, priced by the zone and the parcel weight', async () => {
    const options = await shippingOptions(
      { store: storeWith(settings()), lines: LINES, subtotalCents: SUBTOTAL, address: CAPE_TOWN },
      noExtras,
    )
    // 1 500 g + 2 × 1 000 g = 3 500 g: the city's 5 kg band.
    expect(options).toEqual([
      {
        id: 'standard',
        kind: 'standard',
        name: 'Standard delivery',
        priceCents: 12_000,
        estimate: '1–2 working days',
      },
    ])
  })

  it('prices the same cart differently in Cape Town and Springbok', async () => {
    const quote = (address: Address) =>
      shippingOptions(
        { store: storeWith(settings()), lines: LINES, subtotalCents: SUBTOTAL, address },
        noExtras,
      )
    expect((await quote(CAPE_TOWN))[0]).toMatchObject({ priceCents: 12_000 })
    expect((await quote(SPRINGBOK))[0]).toMatchObject({
      priceCents: 22_000,
      estimate: '4–7 working days',
    })
  })

  it('offers collection, free, only when staff set a collection point', async () => {
    const input = { lines: LINES, subtotalCents: SUBTOTAL, address: SPRINGBOK }
    const without = await shippingOptions({ ...input, store: storeWith(settings()) }, noExtras)
    expect(without.map((o) => o.id)).toEqual(['standard'])
    const withPoint = await shippingOptions(
      { ...input, store: storeWith(settings(SHOP)) },
      noExtras,
    )
    expect(withPoint.map((o) => o.id)).toEqual(['collect', 'standard'])
    expect(withPoint[0]).toEqual({
      id: 'collect',
      kind: 'collect',
      name: 'Collect in store',
      priceCents: 0,
      estimate: 'Ready within 1 working day',
      collection: SHOP,
    })
  })

  it('prices a pickup point by the table for the point’s own address, and offers only those in the province', async () => {
    // Paarl is in no zone's range or province here: the last (remote) zone prices its delivery.
    const paarl: Address = {
      ...CAPE_TOWN,
      suburb: 'Paarl',
      city: 'Paarl',
      postalCode: '7646',
    }
    const near = [
      point('in-paarl', { suburb: 'Paarl', city: 'Paarl', postalCode: '7646' }),
      // A point listed near the address but in the city's range is priced as the city.
      point('in-city'),
      point('over-the-border', { province: 'Northern Cape', postalCode: '8240' }),
    ]
    const seen: Address[] = []
    const options = await shippingOptions(
      { store: storeWith(settings()), lines: LINES, subtotalCents: SUBTOTAL, address: paarl },
      {
        ...noExtras,
        pickupPointsNear: async (address) => {
          seen.push(address)
          return near
        },
      },
    )
    expect(seen).toEqual([paarl])
    expect(options.map((o) => [o.id, o.priceCents, o.estimate])).toEqual([
      ['pickup:in-city', 12_000, '1–2 working days'],
      ['standard', 22_000, '4–7 working days'],
      ['pickup:in-paarl', 22_000, '4–7 working days'],
    ])
    expect(options[0]).toMatchObject({
      kind: 'pickup',
      name: 'Pargo in-city',
      pickupPoint: near[1],
    })
  })

  it('offers at most a handful of pickup points, each once', async () => {
    const many = [point('a'), point('a'), ...'bcdefgh'.split('').map((id) => point(id))]
    const options = await shippingOptions(
      { store: storeWith(settings()), lines: LINES, subtotalCents: SUBTOTAL, address: CAPE_TOWN },
      { ...noExtras, pickupPointsNear: async () => many },
    )
    const pickups = options.filter((o) => o.kind === 'pickup').map((o) => o.id)
    expect(pickups).toHaveLength(MAX_PICKUP_OPTIONS)
    expect(new Set(pickups).size).toBe(MAX_PICKUP_OPTIONS)
  })

  it('leaves out pickup points when the finder fails, saying so in the log only', async () => {
    const log = vi.fn()
    const options = await shippingOptions(
      { store: storeWith(settings()), lines: LINES, subtotalCents: SUBTOTAL, address: CAPE_TOWN },
      {
        ...noExtras,
        log,
        pickupPointsNear: async () => {
          throw new Error('Pargo timed out')
        },
      },
    )
    expect(options.map((o) => o.id)).toEqual(['standard'])
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Pargo timed out'))
  })

  it('asks Bob Go with the collection point, the address and the lines’ weights, and offers its rates', async () => {
    const rates: ShippingOption[] = [
      {
        id: 'bobgo:ECO',
        kind: 'bobgo',
        name: 'Economy',
        priceCents: 9_500,
        estimate: null,
        serviceCode: 'ECO',
      },
      {
        id: 'bobgo:ONX',
        kind: 'bobgo',
        name: 'Overnight',
        priceCents: 18_000,
        estimate: 'Arrives 3 March',
        serviceCode: 'ONX',
      },
    ]
    const ratesAtCheckout = vi.fn<BobgoClient['ratesAtCheckout']>(async () => rates)
    const options = await shippingOptions(
      {
        store: storeWith(settings(SHOP)),
        lines: [{ ...LINES[0]!, lengthCm: 20, widthCm: 10, heightCm: 5 }, LINES[1]!],
        subtotalCents: SUBTOTAL,
        address: CAPE_TOWN,
      },
      { ...noExtras, bobgo: { ratesAtCheckout } },
    )
    expect(ratesAtCheckout).toHaveBeenCalledWith({
      collection: SHOP,
      delivery: CAPE_TOWN,
      items: [
        {
          description: 'Rooibos tea',
          unitPriceCents: 8_950,
          quantity: 1,
          weightGrams: 1500,
          lengthCm: 20,
          widthCm: 10,
          heightCm: 5,
        },
        {
          description: 'Fynbos honey',
          unitPriceCents: 12_000,
          quantity: 2,
          weightGrams: 1000,
          lengthCm: null,
          widthCm: null,
          heightCm: null,
        },
      ],
      declaredValueCents: SUBTOTAL,
    })
    expect(options.map((o) => o.id)).toEqual(['collect', 'bobgo:ECO', 'standard', 'bobgo:ONX'])
  })

  it('offers the table rates alone when Bob Go fails, and asks nothing without a collection point', async () => {
    const failing = vi.fn<BobgoClient['ratesAtCheckout']>(async () => {
      throw new Error('boom')
    })
    const input = { lines: LINES, subtotalCents: SUBTOTAL, address: CAPE_TOWN }
    const failed = await shippingOptions(
      { ...input, store: storeWith(settings(SHOP)) },
      { ...noExtras, bobgo: { ratesAtCheckout: failing } },
    )
    expect(failed.map((o) => o.id)).toEqual(['collect', 'standard'])

    const unasked = vi.fn<BobgoClient['ratesAtCheckout']>(async () => [])
    const noPoint = await shippingOptions(
      { ...input, store: storeWith(settings()) },
      { ...noExtras, bobgo: { ratesAtCheckout: unasked } },
    )
    expect(noPoint.map((o) => o.id)).toEqual(['standard'])
    expect(unasked).not.toHaveBeenCalled()
  })

  it('makes standard delivery free from the zone’s threshold, and puts it first on a tie', async () => {
    const options = await shippingOptions(
      {
        store: storeWith(settings(SHOP)),
        lines: LINES,
        subtotalCents: 100_000,
        address: CAPE_TOWN,
      },
      noExtras,
    )
    expect(options.map((o) => [o.id, o.priceCents])).toEqual([
      ['standard', 0],
      ['collect', 0],
    ])
  })
})

describe('cheapestFirst', () => {
  const option = (
    id: string,
    kind: ShippingOption['kind'],
    priceCents: number,
  ): ShippingOption => ({
    id,
    kind,
    name: id,
    priceCents,
    estimate: null,
  })

  it('orders by price, then delivery before courier, pickup and collection, then by name', () => {
    const sorted = cheapestFirst([
      option('collect', 'collect', 0),
      option('pickup:b', 'pickup', 5_000),
      option('pickup:a', 'pickup', 5_000),
      option('bobgo:X', 'bobgo', 5_000),
      option('standard', 'standard', 5_000),
      option('bobgo:Y', 'bobgo', 100),
    ])
    expect(sorted.map((o) => o.id)).toEqual([
      'collect',
      'bobgo:Y',
      'standard',
      'bobgo:X',
      'pickup:a',
      'pickup:b',
    ])
  })
})

describe('resolveShippingChoice', () => {
  const options: ShippingOption[] = [
    { id: 'collect', kind: 'collect', name: 'Collect in store', priceCents: 0, estimate: null },
    {
      id: 'standard',
      kind: 'standard',
      name: 'Standard delivery',
      priceCents: 9_900,
      estimate: null,
    },
    { id: 'pickup:p1', kind: 'pickup', name: 'Pargo', priceCents: 9_900, estimate: null },
  ]

  it('finds the posted method among the ones for this address', () => {
    expect(resolveShippingChoice(options, 'pickup:p1')).toEqual({ ok: true, option: options[2] })
    expect(resolveShippingChoice(options, ' collect ')).toEqual({ ok: true, option: options[0] })
  })

  it('takes standard delivery when no method is posted', () => {
    expect(resolveShippingChoice(options, undefined)).toEqual({ ok: true, option: options[1] })
    expect(resolveShippingChoice(options, '')).toEqual({ ok: true, option: options[1] })
  })

  it('refuses a method that does not apply', () => {
    expect(resolveShippingChoice(options, 'pickup:far-away')).toEqual({
      ok: false,
      posted: 'pickup:far-away',
    })
    expect(resolveShippingChoice(options.slice(0, 1), 'standard')).toEqual({
      ok: false,
      posted: 'standard',
    })
  })
})
