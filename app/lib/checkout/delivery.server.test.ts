import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { cartAction } from '~/lib/cart/cart-action.server'
import { cartCount } from '~/lib/cart/cart.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'
import { openStore, type Store } from '~/lib/data/index.server'
import { COLLECTION_POINT } from '~/lib/orders/orders.test-helper'
import type { BobgoClient } from '~/lib/shipping/bobgo.server'
import { defaultShippingSettings } from '~/lib/shipping/default-zones'
import type { ShippingOption } from '~/lib/shipping/types'
import { loader as payLoader } from '~/routes/checkout_.pay.$id'

import { checkoutAction, deliveryQuoteFor } from './checkout.server'
import type { DeliveryQuote } from './delivery'

/*
 * Delivery methods at checkout over a real SQLite store: the options for the posted address, the
 * chosen one in the totals, the order and the PayFast amount; a method that does not apply there
 * refused with the ones that do; "Update delivery options" placing nothing; a guest's one-step
 * post with standard delivery. Bob Go is a fake client with two rates; the pickup points are the
 * embedded demo ones (NODE_ENV is not production).
 */

let store: Store
let dataDir: string
vi.mock('~/lib/data/index.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...actual, getStore: () => Promise.resolve(store) }
})

/** Bob Go's rates for every address; null: Bob Go is not configured. */
let courierRates: ShippingOption[] | null = null
const ratesAtCheckout = vi.fn<BobgoClient['ratesAtCheckout']>(async () => courierRates ?? [])
vi.mock('~/lib/shipping/bobgo.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...actual, bobgo: () => (courierRates ? { ratesAtCheckout } : null) }
})

const ECONOMY: ShippingOption = {
  id: 'bobgo:ECO',
  kind: 'bobgo',
  name: 'Courier economy',
  priceCents: 7_500,
  estimate: 'Arrives 3–5 March',
  serviceCode: 'ECO',
}
const OVERNIGHT: ShippingOption = {
  id: 'bobgo:ONX',
  kind: 'bobgo',
  name: 'Courier overnight',
  priceCents: 18_550,
  estimate: 'Arrives 3 March',
  serviceCode: 'ONX',
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-delivery-test-'))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([
    // 1.2 kg a box: two boxes are a 2.4 kg parcel, in the seeded zones' 5 kg band.
    {
      ...makeProduct({ id: 'rusks', name: 'Buttermilk rusks', priceCents: 6_500, stock: 100 }),
      variants: [
        {
          id: 'rusks',
          optionValues: [],
          priceCents: 6_500,
          compareAtCents: null,
          stock: 100,
          image: null,
          weightGrams: 1_200,
        },
      ],
    },
  ])
})

afterAll(async () => {
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

beforeEach(async () => {
  courierRates = null
  ratesAtCheckout.mockClear()
  await store.shipping.save(
    { ...defaultShippingSettings(), collection: COLLECTION_POINT },
    { by: 'nomsa@shop.example.co.za' },
  )
})

/** One browser: keeps the session cookie between requests. */
function browser() {
  let cookie = ''
  const keep = (response: Response) => {
    const set = response.headers.get('Set-Cookie')
    if (set) cookie = set.split(';')[0]!
    return response
  }
  const request = (url: string, form?: Record<string, string>) =>
    new Request(`http://localhost:3000${url}`, {
      method: form ? 'POST' : 'GET',
      headers: cookie ? { Cookie: cookie } : {},
      ...(form ? { body: new URLSearchParams(form) } : {}),
    })
  return { request, keep }
}

async function withCart(quantity = 2) {
  const b = browser()
  const added = await cartAction({
    request: b.request('/cart', { intent: 'add', productId: 'rusks', quantity: String(quantity) }),
  })
  b.keep(added as Response)
  return b
}

const CAPE_TOWN = {
  line1: '12 Long Street',
  line2: '',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
}
const SPRINGBOK = {
  line1: '3 Voortrekker Street',
  line2: '',
  suburb: 'Springbok',
  city: 'Springbok',
  province: 'Northern Cape',
  postalCode: '8240',
}

let keys = 0
const form = (extra: Record<string, string> = {}) => ({
  email: 'thandi@example.co.za',
  firstName: 'Thandi',
  lastName: 'Mokoena',
  phone: '082 123 4567',
  checkoutKey: `delivery-test-key-${String(keys++).padStart(4, '0')}`,
  acceptTerms: 'on',
  ...CAPE_TOWN,
  ...extra,
})

type Reply = {
  data: {
    result: { status?: string; error?: Record<string, string[]>; initialValue?: unknown }
    delivery?: DeliveryQuote
  }
  init: ResponseInit | null
}
const asReply = (result: unknown) => result as Reply

const placedId = (response: unknown) => {
  expect(response).toBeInstanceOf(Response)
  return (response as Response).headers.get('Location')!.split('/').pop()!
}

describe('delivery methods at checkout', () => {
  it('places the order with a dearer method than the cheapest: its price in the totals, the order and the PayFast amount', async () => {
    courierRates = [ECONOMY, OVERNIGHT]
    const b = await withCart(2)
    const response = await checkoutAction({
      request: b.request('/checkout', form({ shippingMethod: 'bobgo:ONX' })),
    })
    b.keep(response as Response)
    const id = placedId(response)
    const order = (await store.orders.get(id))!
    // R 130,00 of rusks and R 185,50 overnight: R 315,50, VAT 315.50 * 15 / 115 = 41.15.
    expect(order).toMatchObject({
      subtotalCents: 13_000,
      shippingCents: 18_550,
      totalCents: 31_550,
      vatCents: 4_115,
      shipping: {
        id: 'bobgo:ONX',
        kind: 'bobgo',
        name: 'Courier overnight',
        estimate: 'Arrives 3 March',
        serviceCode: 'ONX',
        pickupPoint: null,
        collection: null,
      },
    })
    // Bob Go was asked from the collection point to the posted address, with the parcel's weight.
    expect(ratesAtCheckout).toHaveBeenCalledWith(
      expect.objectContaining({
        collection: COLLECTION_POINT,
        delivery: expect.objectContaining({ suburb: 'Gardens', postalCode: '8001' }),
        items: [expect.objectContaining({ quantity: 2, weightGrams: 1_200 })],
        declaredValueCents: 13_000,
      }),
    )
    const pay = await payLoader({
      request: b.request(`/checkout/pay/${id}`),
      params: { id },
      context: { clientIp: '127.0.0.1' },
    })
    expect(new Map(pay.form.fields).get('amount')).toBe('315.50')
  })

  it('places a collect order free, with the collection point it is collected from', async () => {
    const b = await withCart(1)
    const id = placedId(
      await checkoutAction({
        request: b.request('/checkout', form({ shippingMethod: 'collect' })),
      }),
    )
    expect(await store.orders.get(id)).toMatchObject({
      shippingCents: 0,
      totalCents: 6_500,
      shipping: { kind: 'collect', name: 'Collect in store', collection: COLLECTION_POINT },
    })
  })

  it('places a pickup point order priced by the table for the point', async () => {
    const b = await withCart(2)
    const id = placedId(
      await checkoutAction({
        request: b.request('/checkout', form({ shippingMethod: 'pickup:demo-cpt-sea-point' })),
      }),
    )
    const order = (await store.orders.get(id))!
    // 2.4 kg to a point in Cape Town's main centres: the 5 kg band, R 99,00.
    expect(order.shippingCents).toBe(9_900)
    expect(order.shipping).toMatchObject({
      kind: 'pickup',
      pickupPoint: expect.objectContaining({ id: 'demo-cpt-sea-point', city: 'Cape Town' }),
    })
  })

  it('refuses a method that does not apply to the posted address with 400, naming the field and the methods that do; nothing placed', async () => {
    const b = await withCart(2)
    const stock = (await store.products.get('rusks'))!.stock
    const key = 'refused-method-key-0001'
    for (const posted of ['pickup:no-such-point', 'bobgo:ONX']) {
      const reply = asReply(
        await checkoutAction({
          request: b.request('/checkout', form({ shippingMethod: posted, checkoutKey: key })),
        }),
      )
      expect(reply.init?.status, posted).toBe(400)
      const message = reply.data.result.error?.shippingMethod?.[0]
      expect(message, posted).toMatch(/^Choose a delivery option for this address: /)
      expect(message, posted).toContain('Standard delivery')
      expect(message, posted).toContain('Collect in store')
      expect(reply.data.delivery?.addressKnown).toBe(true)
      const ids = reply.data.delivery!.options.map((option) => option.id)
      expect(ids).toContain('standard')
      expect(ids).toContain('collect')
      expect(ids).not.toContain(posted)
      // The values typed are kept.
      expect(reply.data.result.initialValue).toMatchObject({
        suburb: 'Gardens',
        firstName: 'Thandi',
      })
    }
    expect(await store.orders.findByCheckoutKey(key)).toBeNull()
    expect(await cartCount(b.request('/'))).toBe(2)
    expect((await store.products.get('rusks'))!.stock).toBe(stock)
  })

  it('refuses collection when staff set no collection point', async () => {
    await store.shipping.save(defaultShippingSettings(), { by: 'nomsa@shop.example.co.za' })
    const b = await withCart(1)
    const reply = asReply(
      await checkoutAction({
        request: b.request('/checkout', form({ shippingMethod: 'collect' })),
      }),
    )
    expect(reply.init?.status).toBe(400)
    expect(reply.data.delivery!.options.map((o) => o.id)).not.toContain('collect')
  })

  it('takes a guest’s one-step post with standard delivery for any address, priced by its zone', async () => {
    for (const [address, price] of [
      [CAPE_TOWN, 9_900],
      [SPRINGBOK, 19_900],
    ] as const) {
      const b = await withCart(2)
      const id = placedId(
        await checkoutAction({
          request: b.request('/checkout', form({ ...address, shippingMethod: 'standard' })),
        }),
      )
      expect(await store.orders.get(id), address.city).toMatchObject({
        shippingCents: price,
        totalCents: 13_000 + price,
        shipping: { id: 'standard', kind: 'standard' },
      })
    }
  })

  it('quotes without placing: intent=quote answers the methods for the entered address, every value kept', async () => {
    const b = await withCart(2)
    const stock = (await store.products.get('rusks'))!.stock
    const key = 'quote-only-key-000001'
    const reply = asReply(
      await checkoutAction({
        request: b.request(
          '/checkout',
          form({
            ...SPRINGBOK,
            email: '',
            intent: 'quote',
            checkoutKey: key,
            shippingMethod: 'standard',
            shippingDefault: 'standard',
          }),
        ),
      }),
    )
    expect(reply.init?.status ?? 200).toBe(200)
    expect(reply.data.result.error ?? {}).toEqual({})
    expect(reply.data.result.initialValue).toMatchObject({
      suburb: 'Springbok',
      firstName: 'Thandi',
    })
    const quote = reply.data.delivery!
    expect(quote.addressKnown).toBe(true)
    // The page had checked standard for the shopper: the cheapest for Springbok is checked now.
    expect(quote.selected).toBe('collect')
    expect(quote.options[0]).toMatchObject({ id: 'collect', priceCents: 0 })
    expect(quote.options.find((o) => o.id === 'standard')).toMatchObject({
      priceCents: 19_900,
      estimate: '4–7 working days',
    })
    expect(await store.orders.findByCheckoutKey(key)).toBeNull()
    expect((await store.products.get('rusks'))!.stock).toBe(stock)
    expect(await cartCount(b.request('/'))).toBe(2)

    // A method the shopper chose stays checked when it still applies.
    const chosen = asReply(
      await checkoutAction({
        request: b.request(
          '/checkout',
          form({ intent: 'quote', shippingMethod: 'standard', shippingDefault: 'collect' }),
        ),
      }),
    )
    expect(chosen.data.delivery!.selected).toBe('standard')

    // A bad address: 400 with the address's errors, nothing quoted.
    const bad = asReply(
      await checkoutAction({
        request: b.request('/checkout', form({ intent: 'quote', postalCode: '80' })),
      }),
    )
    expect(bad.init?.status).toBe(400)
    expect(bad.data.result.error).toEqual({
      postalCode: ['Enter the 4-digit postal code, e.g. 8001'],
    })
  })

  it('answers the page’s script with the methods for the address in the query', async () => {
    courierRates = [ECONOMY]
    const b = await withCart(2)
    const quote = (params: Record<string, string>) =>
      deliveryQuoteFor(b.request(`/checkout/delivery?${new URLSearchParams(params)}`))

    const springbok = await quote(SPRINGBOK)
    expect(springbok.addressKnown).toBe(true)
    // No demo pickup point is in the Northern Cape: none offered there.
    expect(springbok.options.map((o) => [o.id, o.priceCents])).toEqual([
      ['collect', 0],
      ['bobgo:ECO', 7_500],
      ['standard', 19_900],
    ])
    expect(springbok.selected).toBe('collect')
    expect(springbok.options.find((o) => o.id === 'collect')?.place).toMatchObject({
      name: COLLECTION_POINT.name,
      hours: COLLECTION_POINT.hours,
    })

    // The shopper's choice stays checked while it applies.
    expect((await quote({ ...CAPE_TOWN, shippingMethod: 'bobgo:ECO' })).selected).toBe('bobgo:ECO')

    // An address not yet whole: standard delivery, priced once it is, and collection.
    const partial = await quote({ ...CAPE_TOWN, postalCode: '' })
    expect(partial).toEqual({
      addressKnown: false,
      province: null,
      selected: 'standard',
      options: [
        expect.objectContaining({ id: 'standard', priceCents: null }),
        expect.objectContaining({ id: 'collect', priceCents: 0 }),
      ],
    })
    // A saved address id from a guest is no address.
    expect((await quote({ addressId: 'someone-elses' })).addressKnown).toBe(false)
  })
})
