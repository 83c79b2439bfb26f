import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import {
  FAKE_PARGO_PASSWORD,
  FAKE_PARGO_USERNAME,
  startFakePargo,
  type FakePargo,
  type FakePargoPoint,
} from '../../../test/fake-pargo'
import { DEMO_PICKUP_POINTS } from './demo-pickup-points'
import {
  createPargoClient,
  demoPickupPoints,
  nearestFirst,
  PARGO_NEGATIVE_CACHE_MS,
  toPickupPoints,
  toProvince,
  type PickupAddress,
} from './pickup-points.server'

const GARDENS: PickupAddress = {
  line1: '12 Long Street',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
}

describe('the demo pickup points', () => {
  it('are about a dozen plausible points across the main centres, each with hours', () => {
    expect(DEMO_PICKUP_POINTS.length).toBeGreaterThanOrEqual(12)
    expect(new Set(DEMO_PICKUP_POINTS.map((p) => p.id)).size).toBe(DEMO_PICKUP_POINTS.length)
    for (const point of DEMO_PICKUP_POINTS) {
      expect(point.id).toMatch(/^[\w.-]{1,64}$/)
      expect(point.postalCode).toMatch(/^\d{4}$/)
      expect(point.hours).not.toBe('')
    }
    const cities = new Set(DEMO_PICKUP_POINTS.map((p) => p.city))
    for (const city of ['Cape Town', 'Johannesburg', 'Pretoria', 'Durban']) {
      expect(cities).toContain(city)
    }
  })

  it('list the same suburb first, then the same city, then the nearest postal codes', async () => {
    const near = await demoPickupPoints.near(GARDENS)
    expect(near).toHaveLength(5)
    expect(near.map((p) => p.id)).toEqual([
      'demo-cpt-gardens',
      'demo-cpt-sea-point',
      'demo-cpt-claremont',
      'demo-bellville',
      // No other point in the Western Cape: the nearest postal code elsewhere (9301).
      'demo-bloemfontein',
    ])
  })

  it('rank a Springbok shopper by postal code, nearest first', () => {
    const springbok: PickupAddress = {
      suburb: 'Namakwa',
      city: 'Springbok',
      province: 'Northern Cape',
      postalCode: '8240',
    }
    const near = nearestFirst(DEMO_PICKUP_POINTS, springbok, 3)
    // No point in the Northern Cape: the postal codes closest to 8240.
    expect(near.map((p) => p.postalCode)).toEqual(['8005', '8001', '7708'])
  })

  it('find a Gauteng suburb by name in any case, then its city', () => {
    const rosebank: PickupAddress = {
      suburb: ' rosebank ',
      city: 'johannesburg',
      province: 'Gauteng',
      postalCode: '2196',
    }
    expect(nearestFirst(DEMO_PICKUP_POINTS, rosebank, 2).map((p) => p.id)).toEqual([
      'demo-jhb-rosebank',
      'demo-jhb-braamfontein',
    ])
  })
})

describe('provinces as Pargo writes them', () => {
  it('reads names and codes, and nothing else', () => {
    expect(toProvince('western cape')).toBe('Western Cape')
    expect(toProvince('KwaZulu Natal')).toBe('KwaZulu-Natal')
    expect(toProvince('KZN')).toBe('KwaZulu-Natal')
    expect(toProvince('GP')).toBe('Gauteng')
    expect(toProvince('Narnia')).toBeNull()
    expect(toProvince(null)).toBeNull()
  })
})

const POINTS: FakePargoPoint[] = [
  {
    pargoPointCode: 'pup1234',
    storeName: 'Checkers Gardens Centre',
    address1: 'Gardens Centre, Mill Street',
    suburb: 'Gardens',
    city: 'Cape Town',
    province: 'Western Cape',
    postalcode: '8001',
    businessHours: 'Monday-Friday 9:00-19:00, Saturday 9:00-17:00',
  },
  {
    pargoPointCode: 'pup5678',
    storeName: 'PEP Sea Point',
    address1: '180 Main Road',
    address2: 'Shop 4',
    suburb: 'Sea Point',
    city: 'Cape Town',
    province: 'WC',
    postalcode: '8005',
    businessHours: ['Mon–Fri 8:00–18:00', 'Sat 8:00–14:00'],
  },
]

describe('Pargo pickup points', () => {
  let fake: FakePargo
  let time: number
  const logs: string[] = []
  const client = (overrides: { password?: string } = {}) =>
    createPargoClient({
      apiUrl: fake.url,
      username: FAKE_PARGO_USERNAME,
      password: FAKE_PARGO_PASSWORD,
      now: () => new Date(time),
      log: (line) => logs.push(line),
      ...overrides,
    })

  beforeAll(async () => {
    fake = await startFakePargo()
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.reset()
    fake.setPoints(POINTS)
    logs.length = 0
    time = Date.parse('2026-03-08T08:00:00.000Z')
  })

  it("signs in, asks for the points nearest the address and reads Pargo's JSON:API answer", async () => {
    const points = await client().near(GARDENS)
    expect(points).toEqual([
      {
        id: 'pup1234',
        name: 'Checkers Gardens Centre',
        line1: 'Gardens Centre, Mill Street',
        suburb: 'Gardens',
        city: 'Cape Town',
        province: 'Western Cape',
        postalCode: '8001',
        hours: 'Monday-Friday 9:00-19:00, Saturday 9:00-17:00',
      },
      {
        id: 'pup5678',
        name: 'PEP Sea Point',
        line1: '180 Main Road, Shop 4',
        suburb: 'Sea Point',
        city: 'Cape Town',
        province: 'Western Cape',
        postalCode: '8005',
        hours: 'Mon–Fri 8:00–18:00, Sat 8:00–14:00',
      },
    ])
    expect(fake.calls('POST', '/auth')[0]!.body).toEqual({
      username: FAKE_PARGO_USERNAME,
      password: FAKE_PARGO_PASSWORD,
    })
    const [lookup] = fake.calls('GET', '/pickup_points')
    expect(lookup!.headers.authorization).toBe('Bearer token-1')
    expect(Object.fromEntries(lookup!.query)).toEqual({
      address: '12 Long Street, Gardens, Cape Town, 8001',
      country: 'ZA',
      limit: '5',
      sort: 'distance ASC',
    })
  })

  it('keeps the token and the answer: a second lookup asks nothing, another address only the list', async () => {
    const pargo = client()
    await pargo.near(GARDENS)
    await pargo.near(GARDENS)
    expect(fake.calls('GET', '/pickup_points')).toHaveLength(1)
    await pargo.near({ ...GARDENS, suburb: 'Tamboerskloof' })
    expect(fake.calls('GET', '/pickup_points')).toHaveLength(2)
    expect(fake.calls('POST', '/auth')).toHaveLength(1)
  })

  it('signs in again once when Pargo stops taking the token', async () => {
    const pargo = client()
    await pargo.near(GARDENS)
    fake.revokeTokens()
    expect(await pargo.near({ ...GARDENS, suburb: 'Oranjezicht' })).toHaveLength(2)
    expect(fake.calls('POST', '/auth')).toHaveLength(2)
  })

  it('offers no points, and says so without the password, when the sign-in is refused', async () => {
    expect(await client({ password: 'wrong-password' }).near(GARDENS)).toEqual([])
    expect(logs.join('\n')).toMatch(/sign-in refused \(401\)/)
    expect(logs.join('\n')).not.toContain('wrong-password')
  })

  it('offers no points on a 500, and asks again only after 30 seconds', async () => {
    const pargo = client()
    await pargo.near({ ...GARDENS, suburb: 'Vredehoek' })
    fake.failNext(500)
    expect(await pargo.near(GARDENS)).toEqual([])
    expect(await pargo.near(GARDENS)).toEqual([])
    expect(fake.calls('GET', '/pickup_points')).toHaveLength(2)
    expect(logs.at(-1)).toMatch(/Pargo answered 500/)
    time += PARGO_NEGATIVE_CACHE_MS + 1
    expect(await pargo.near(GARDENS)).toHaveLength(2)
  })

  it('gives up on a Pargo that does not answer within 3 seconds', async () => {
    fake.setMode('hang')
    const started = performance.now()
    expect(await client().near(GARDENS)).toEqual([])
    expect(performance.now() - started).toBeLessThan(4_000)
    expect(logs.at(-1)).toMatch(/no answer within 3000 ms/)
  })

  it('skips entries without a usable code, name or address, and falls back to the shopper province', () => {
    const points = toPickupPoints(
      [
        { pargoPointCode: 'has space', storeName: 'X', address1: '1 Road' },
        { pargoPointCode: 'pup1', storeName: '', address1: '1 Road' },
        { code: 'pup2', name: 'Corner Shop', address1: '2 Road', city: 'Kuruman', province: '??' },
      ],
      'Northern Cape',
    )
    expect(points).toEqual([
      {
        id: 'pup2',
        name: 'Corner Shop',
        line1: '2 Road',
        suburb: 'Kuruman',
        city: 'Kuruman',
        province: 'Northern Cape',
        postalCode: '',
        hours: 'Hours as posted at the store',
      },
    ])
  })
})
