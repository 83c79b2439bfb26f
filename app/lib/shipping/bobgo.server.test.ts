import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { Order } from '~/lib/data/types'

import {
  FAKE_BOBGO_KEY,
  FAKE_BOBGO_WEBHOOK_SECRET,
  signBobgoWebhook,
  startFakeBobgo,
  type FakeBobgo,
} from '../../../test/fake-bobgo'
import {
  arrivalEstimate,
  BobgoError,
  createBobgoClient,
  isLiveShipment,
  RATES_CACHE_MS,
  RATES_NEGATIVE_CACHE_MS,
  verifyWebhookSignature,
  type RatesRequest,
} from './bobgo.server'

const APP_URL = 'https://shop.karoo.example'

const REQUEST: RatesRequest = {
  collection: {
    name: 'Karoo & Co. Woodstock',
    line1: '100 Albert Road',
    line2: null,
    suburb: 'Woodstock',
    city: 'Cape Town',
    province: 'Western Cape',
    postalCode: '7925',
  },
  delivery: {
    line1: '3 Hoof Street',
    line2: 'Unit 4',
    suburb: 'Namakwa',
    city: 'Springbok',
    province: 'Northern Cape',
    postalCode: '8240',
  },
  items: [
    {
      description: 'Rooibos tin',
      unitPriceCents: 12_950,
      quantity: 2,
      weightGrams: 450,
      lengthCm: 10,
      widthCm: 10,
      heightCm: 15,
    },
    { description: 'Enamel mug', unitPriceCents: 8_900, quantity: 1, weightGrams: 300 },
  ],
  declaredValueCents: 34_800,
}

const RATES = [
  {
    service_name: 'Economy',
    service_code: 'ECO',
    total_price: 99.5,
    min_delivery_date: '2026-03-10',
    max_delivery_date: '2026-03-12',
  },
  { service_name: 'Overnight', service_code: 'ONX', total_price: '185.00' },
]

/** A paid order as the store holds it: what the sync sends. */
function paidOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'K7M2P9QRTWXY',
    userId: null,
    email: 'thandi@example.co.za',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    phone: '082 123 4567',
    shippingAddress: REQUEST.delivery as Order['shippingAddress'],
    lines: [
      {
        productId: 'rooibos-tin',
        variantId: 'rooibos-tin--large',
        name: 'Rooibos tin',
        options: [{ name: 'Size', value: 'Large' }],
        unitPriceCents: 12_950,
        quantity: 2,
        imageUrl: null,
      },
    ],
    subtotalCents: 25_900,
    shippingCents: 9_950,
    totalCents: 35_850,
    vatCents: 4_676,
    status: 'paid',
    history: [],
    pfPaymentId: '1089250',
    refundNeeded: false,
    shipment: null,
    shipping: {
      id: 'bobgo:ECO',
      kind: 'bobgo',
      name: 'Economy',
      estimate: null,
      pickupPoint: null,
      serviceCode: 'ECO',
      collection: null,
    },
    shipments: [],
    bobgo: null,
    discounts: [],
    giftCards: [],
    storeCreditCents: 0,
    returns: [],
    refunds: [],
    invoice: null,
    buyerVatNumber: null,
    createdAt: '2026-03-08T08:00:00.000Z',
    updatedAt: '2026-03-08T08:00:00.000Z',
    ...overrides,
  }
}

let fake: FakeBobgo
let time: number
const logs: string[] = []

function client(overrides: { apiKey?: string; channelIdentifier?: string } = {}) {
  return createBobgoClient({
    apiKey: FAKE_BOBGO_KEY,
    apiUrl: fake.url,
    channelIdentifier: APP_URL,
    now: () => new Date(time),
    log: (line) => logs.push(line),
    ...overrides,
  })
}

beforeAll(async () => {
  fake = await startFakeBobgo({ channels: [APP_URL] })
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.reset()
  fake.setRates(RATES)
  logs.length = 0
  time = Date.parse('2026-03-08T08:00:00.000Z')
})

describe('Bob Go rates at checkout', () => {
  it('offers each rate as a method, priced in cents, with its arrival dates', async () => {
    const options = await client().ratesAtCheckout(REQUEST)
    expect(options).toEqual([
      {
        id: 'bobgo:ECO',
        kind: 'bobgo',
        name: 'Economy',
        priceCents: 9_950,
        estimate: 'Arrives 10–12 March',
        serviceCode: 'ECO',
      },
      {
        id: 'bobgo:ONX',
        kind: 'bobgo',
        name: 'Overnight',
        priceCents: 18_500,
        estimate: null,
        serviceCode: 'ONX',
      },
    ])
  })

  it('accepts a bare array of rates', async () => {
    fake.setRates(RATES, 'array')
    expect((await client().ratesAtCheckout(REQUEST)).map((o) => o.id)).toEqual([
      'bobgo:ECO',
      'bobgo:ONX',
    ])
  })

  it('sends the documented headers and payload: suburb as local_area, province as zone, rands, kilograms', async () => {
    await client().ratesAtCheckout(REQUEST)
    const [call] = fake.calls('POST', '/v2/rates-at-checkout')
    expect(call!.headers).toMatchObject({
      authorization: `Bearer ${FAKE_BOBGO_KEY}`,
      accept: 'application/json',
      'content-type': 'application/json',
      'bobgo-channel-identifier': APP_URL,
    })
    expect(call!.body).toEqual({
      collection_address: {
        company: 'Karoo & Co. Woodstock',
        street_address: '100 Albert Road',
        local_area: 'Woodstock',
        city: 'Cape Town',
        zone: 'Western Cape',
        code: '7925',
        country: 'ZA',
      },
      delivery_address: {
        company: '',
        street_address: '3 Hoof Street, Unit 4',
        local_area: 'Namakwa',
        city: 'Springbok',
        zone: 'Northern Cape',
        code: '8240',
        country: 'ZA',
      },
      items: [
        {
          description: 'Rooibos tin',
          price: 129.5,
          quantity: 2,
          length_cm: 10,
          width_cm: 10,
          height_cm: 15,
          weight_kg: 0.45,
        },
        { description: 'Enamel mug', price: 89, quantity: 1, weight_kg: 0.3 },
      ],
      declared_value: 348,
      handling_time: 1,
    })
  })

  it('keeps rates for 15 minutes per request, then asks again', async () => {
    const bobgo = client()
    await bobgo.ratesAtCheckout(REQUEST)
    time += RATES_CACHE_MS - 1_000
    expect(await bobgo.ratesAtCheckout(REQUEST)).toHaveLength(2)
    expect(fake.calls('POST', '/v2/rates-at-checkout')).toHaveLength(1)
    // Another address is another request.
    await bobgo.ratesAtCheckout({
      ...REQUEST,
      delivery: { ...REQUEST.delivery, suburb: 'Kookfontein' },
    })
    expect(fake.calls('POST', '/v2/rates-at-checkout')).toHaveLength(2)
    time += 2_000
    await bobgo.ratesAtCheckout(REQUEST)
    expect(fake.calls('POST', '/v2/rates-at-checkout')).toHaveLength(3)
  })

  it('asks once for the same request made twice at the same time', async () => {
    const bobgo = client()
    const [a, b] = await Promise.all([
      bobgo.ratesAtCheckout(REQUEST),
      bobgo.ratesAtCheckout(REQUEST),
    ])
    expect(a).toEqual(b)
    expect(fake.calls('POST', '/v2/rates-at-checkout')).toHaveLength(1)
  })

  it('answers no rates on a 500, logs it without the key, and does not ask again for 30 seconds', async () => {
    const bobgo = client()
    fake.failNext(500)
    expect(await bobgo.ratesAtCheckout(REQUEST)).toEqual([])
    expect(logs.join('\n')).toMatch(/Bob Go rates unavailable \(rates: Bob Go answered 500/)
    expect(logs.join('\n')).not.toContain(FAKE_BOBGO_KEY)
    time += RATES_NEGATIVE_CACHE_MS - 1_000
    expect(await bobgo.ratesAtCheckout(REQUEST)).toEqual([])
    expect(fake.calls('POST', '/v2/rates-at-checkout')).toHaveLength(1)
    time += 2_000
    expect(await bobgo.ratesAtCheckout(REQUEST)).toHaveLength(2)
    expect(fake.calls('POST', '/v2/rates-at-checkout')).toHaveLength(2)
  })

  it('answers no rates for an empty list, and keeps that for 30 seconds too', async () => {
    const bobgo = client()
    fake.setRates([])
    expect(await bobgo.ratesAtCheckout(REQUEST)).toEqual([])
    fake.setRates(RATES)
    expect(await bobgo.ratesAtCheckout(REQUEST)).toEqual([])
    time += RATES_NEGATIVE_CACHE_MS + 1
    expect(await bobgo.ratesAtCheckout(REQUEST)).toHaveLength(2)
  })

  it('gives up on a Bob Go that does not answer within 3 seconds, well inside 4', async () => {
    fake.setMode('hang')
    const started = performance.now()
    expect(await client().ratesAtCheckout(REQUEST)).toEqual([])
    const took = performance.now() - started
    expect(took).toBeGreaterThanOrEqual(2_900)
    expect(took).toBeLessThan(4_000)
    expect(logs.join('\n')).toMatch(/no answer within 3000 ms/)
  })

  it('answers no rates when Bob Go is unreachable, a key is refused, or the answer is not rates', async () => {
    expect(await client({ apiKey: 'wrong' }).ratesAtCheckout(REQUEST)).toEqual([])
    expect(logs.join('\n')).not.toContain('wrong')
    fake.setRates([{ service_name: '', service_code: 'X', total_price: 'free' }])
    expect(await client().ratesAtCheckout(REQUEST)).toEqual([])
    expect(logs.at(-1)).toMatch(/skipped/)
    const closed = createBobgoClient({
      apiKey: FAKE_BOBGO_KEY,
      apiUrl: 'http://127.0.0.1:9',
      channelIdentifier: APP_URL,
      log: (line) => logs.push(line),
    })
    expect(await closed.ratesAtCheckout(REQUEST)).toEqual([])
    expect(logs.at(-1)).toMatch(/unreachable/)
  })

  it('words arrival dates for a range across months and a single day', () => {
    expect(arrivalEstimate('2026-05-30', '2026-06-02')).toBe('Arrives 30 May – 2 June')
    expect(arrivalEstimate('2026-05-30', null)).toBe('Arrives 30 May')
    expect(arrivalEstimate(null, 'soon')).toBeNull()
  })
})

describe('Bob Go orders', () => {
  it('creates the order once per channel_ref_id, with its customer, address, items and service', async () => {
    const bobgo = client()
    const parcels = new Map([['rooibos-tin--large', { weightGrams: 450 }]])
    const first = await bobgo.createOrder(paidOrder(), parcels)
    const again = await bobgo.createOrder(paidOrder(), parcels)
    expect(again).toBe(first)
    expect(fake.orders.size).toBe(1)
    expect(fake.calls('POST', '/v2/orders')[0]!.body).toEqual({
      order_number: 'K7M2P9QRTWXY',
      channel_ref_id: 'K7M2P9QRTWXY',
      customer: { name: 'Thandi Mokoena', email: 'thandi@example.co.za', phone: '082 123 4567' },
      shipping_address: {
        company: 'Thandi Mokoena',
        street_address: '3 Hoof Street, Unit 4',
        local_area: 'Namakwa',
        city: 'Springbok',
        zone: 'Northern Cape',
        code: '8240',
        country: 'ZA',
      },
      items: [
        {
          order_item_id: 'K7M2P9QRTWXY-1',
          sku: 'rooibos-tin--large',
          description: 'Rooibos tin (Size: Large)',
          quantity: 2,
          unit_price: 129.5,
          weight_kg: 0.45,
        },
      ],
      declared_value: 259,
      service_code: 'ECO',
    })
  })

  it('sends no service code for table-rate delivery', async () => {
    await client().createOrder(paidOrder({ id: 'STANDARD0001', shipping: null }))
    expect(fake.calls('POST', '/v2/orders')[0]!.body).not.toHaveProperty('service_code')
  })

  it('throws a retryable error on a 500 and a final one when Bob Go refuses the payload', async () => {
    fake.failNext(500, 422)
    const outage = await client()
      .createOrder(paidOrder())
      .catch((error: unknown) => error)
    expect(outage).toBeInstanceOf(BobgoError)
    expect(outage).toMatchObject({ status: 500, retryable: true })
    const refused = await client()
      .createOrder(paidOrder())
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 422, retryable: false })
  })
})

describe('Bob Go fulfilments', () => {
  it('reads shipments with courier, tracking number, link and events, newest event first', async () => {
    const bobgo = client()
    const id = await bobgo.createOrder(paidOrder())
    fake.setFulfillments(id, [
      {
        shipment_id: 77,
        courier: 'The Courier Guy',
        service_level: 'Economy',
        tracking_number: 'TCG123',
        tracking_url: 'https://track.example/TCG123',
        status: 'in-transit',
        tracking_events: [
          { timestamp: '2026-03-09T08:00:00+02:00', status: 'collected', message: 'Collected' },
          {
            timestamp: '2026-03-10T09:30:00+02:00',
            status: 'in-transit',
            message: 'At the hub',
            location: 'Kimberley',
          },
        ],
      },
    ])
    expect(await bobgo.orderFulfillments(id)).toEqual([
      {
        courier: 'The Courier Guy · Economy',
        trackingNumber: 'TCG123',
        trackingUrl: 'https://track.example/TCG123',
        status: 'in-transit',
        events: [
          {
            at: '2026-03-10T07:30:00.000Z',
            status: 'in-transit',
            message: 'At the hub',
            location: 'Kimberley',
          },
          {
            at: '2026-03-09T06:00:00.000Z',
            status: 'collected',
            message: 'Collected',
            location: null,
          },
        ],
        source: 'bobgo',
        shipmentId: '77',
      },
    ])
    expect(fake.calls('GET', '/v2/order-fulfillments')[0]!.query.get('order_id')).toBe(id)
  })

  it('accepts the list inside an object, and none yet', async () => {
    const bobgo = client()
    const id = await bobgo.createOrder(paidOrder())
    expect(await bobgo.orderFulfillments(id)).toEqual([])
    fake.setFulfillments(
      id,
      [
        {
          shipment_id: 1,
          courier: 'RAM',
          tracking_number: 'R1',
          status: 'cancelled',
          tracking_events: [],
        },
      ],
      'object',
    )
    const [cancelled] = await bobgo.orderFulfillments(id)
    expect(cancelled).toMatchObject({ courier: 'RAM', trackingNumber: 'R1', trackingUrl: null })
    expect(isLiveShipment(cancelled!)).toBe(false)
  })

  it('throws when Bob Go fails, so no shipment is wiped by an outage', async () => {
    await expect(client().orderFulfillments('999999')).rejects.toMatchObject({ status: 404 })
    fake.failNext(500)
    await expect(client().orderFulfillments('1')).rejects.toBeInstanceOf(BobgoError)
  })
})

describe('Bob Go connection test', () => {
  it('tells connected, a refused key, an unenrolled channel and an unreachable Bob Go apart', async () => {
    expect(await client().testConnection()).toMatchObject({ ok: true })
    expect(fake.calls('GET', '/v2/webhooks')).toHaveLength(1)
    expect(await client({ apiKey: 'nope' }).testConnection()).toMatchObject({
      ok: false,
      reason: 'invalid-key',
    })
    expect(
      await client({ channelIdentifier: 'https://other.example' }).testConnection(),
    ).toMatchObject({ ok: false, reason: 'not-enrolled' })
    const closed = createBobgoClient({
      apiKey: FAKE_BOBGO_KEY,
      apiUrl: 'http://127.0.0.1:9',
      channelIdentifier: APP_URL,
    })
    expect(await closed.testConnection()).toMatchObject({ ok: false, reason: 'unreachable' })
  })
})

describe('Bob Go webhook signature', () => {
  const body = '{"event_id":"evt_1","topic":"tracking/updated","order_id":5001}'

  it('accepts the base64 HMAC-SHA256 of the raw body with the secret', () => {
    expect(verifyWebhookSignature(body, signBobgoWebhook(body), FAKE_BOBGO_WEBHOOK_SECRET)).toBe(
      true,
    )
    expect(
      verifyWebhookSignature(
        Buffer.from(body),
        ` ${signBobgoWebhook(body)} `,
        FAKE_BOBGO_WEBHOOK_SECRET,
      ),
    ).toBe(true)
  })

  it('refuses another body, another secret, a missing or malformed header, and no secret', () => {
    const signature = signBobgoWebhook(body)
    expect(verifyWebhookSignature(`${body} `, signature, FAKE_BOBGO_WEBHOOK_SECRET)).toBe(false)
    expect(
      verifyWebhookSignature(body, signBobgoWebhook(body, 'other'), FAKE_BOBGO_WEBHOOK_SECRET),
    ).toBe(false)
    expect(verifyWebhookSignature(body, null, FAKE_BOBGO_WEBHOOK_SECRET)).toBe(false)
    expect(verifyWebhookSignature(body, 'not base64!', FAKE_BOBGO_WEBHOOK_SECRET)).toBe(false)
    expect(verifyWebhookSignature(body, signature.slice(0, 20), FAKE_BOBGO_WEBHOOK_SECRET)).toBe(
      false,
    )
    expect(verifyWebhookSignature(body, signature, null)).toBe(false)
    expect(verifyWebhookSignature(body, signature, '')).toBe(false)
  })
})
