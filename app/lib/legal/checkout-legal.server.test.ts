import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { cartAction } from '~/lib/cart/cart-action.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'
import { checkoutAction } from '~/lib/checkout/checkout.server'
import { openStore, type Store } from '~/lib/data/index.server'

import { ACCEPT_TERMS_MESSAGE } from './checkout-fields'
import { VAT_NUMBER_FIELD_MESSAGE } from './shop-details'

/**
 * Checkout's legal fields over a real SQLite store: the order is placed only with the terms
 * accepted, and the buyer's optional VAT number is checked and kept on the order.
 */
let store: Store
let dataDir: string
vi.mock('~/lib/data/index.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...actual, getStore: () => Promise.resolve(store) }
})

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-legal-test-'))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([
    makeProduct({ id: 'rusks', name: 'Buttermilk rusks', priceCents: 6500, stock: 20 }),
  ])
})

afterAll(async () => {
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const details = {
  email: 'thandi@example.co.za',
  firstName: 'Thandi',
  lastName: 'Mokoena',
  phone: '082 123 4567',
  line1: '12 Long Street',
  line2: '',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
}

/** A visitor with rusks in the cart, posting checkout with its session cookie. */
async function shopperWithCart() {
  let cookie = ''
  const request = (url: string, form: Record<string, string>) =>
    new Request(`http://localhost:3000${url}`, {
      method: 'POST',
      headers: cookie ? { Cookie: cookie } : {},
      body: new URLSearchParams(form),
    })
  const added = (await cartAction({
    request: request('/cart', { intent: 'add', productId: 'rusks', quantity: '1' }),
  })) as Response
  cookie = added.headers.get('Set-Cookie')!.split(';')[0]!
  return {
    checkout: (form: Record<string, string>) =>
      checkoutAction({ request: request('/checkout', form) }),
  }
}

type Reply = { data: { result: { error?: Record<string, string[]> } }; init: ResponseInit | null }

const placedOrderId = (response: unknown) => {
  expect(response).toBeInstanceOf(Response)
  return (response as Response).headers.get('Location')!.split('/').pop()!
}

describe('checkout’s terms and VAT number', () => {
  it('places no order until the terms are accepted, saying which box to tick', async () => {
    const shopper = await shopperWithCart()
    const before = (await store.orders.list({ offset: 0, limit: 100 })).total
    const refused = (await shopper.checkout(details)) as unknown as Reply
    expect(refused.init?.status).toBe(400)
    expect(refused.data.result.error).toEqual({ acceptTerms: [ACCEPT_TERMS_MESSAGE] })
    expect(ACCEPT_TERMS_MESSAGE).toMatch(/terms and the returns policy/)
    expect((await store.orders.list({ offset: 0, limit: 100 })).total).toBe(before)

    const id = placedOrderId(await shopper.checkout({ ...details, acceptTerms: 'on' }))
    expect((await store.orders.get(id))?.buyerVatNumber).toBeNull()
  })

  it('keeps the buyer’s VAT number on the order, spaces dropped', async () => {
    const shopper = await shopperWithCart()
    const id = placedOrderId(
      await shopper.checkout({ ...details, acceptTerms: 'on', vatNumber: '412 345 6789' }),
    )
    expect((await store.orders.get(id))?.buyerVatNumber).toBe('4123456789')
  })

  it('refuses a VAT number that is not 10 digits starting with 4, naming the field and the fix', async () => {
    const shopper = await shopperWithCart()
    for (const vatNumber of ['123456789', '5123456789', '4'.repeat(30), 'VAT4123456789']) {
      const refused = (await shopper.checkout({
        ...details,
        acceptTerms: 'on',
        vatNumber,
      })) as unknown as Reply
      expect(refused.init?.status).toBe(400)
      expect(refused.data.result.error).toEqual({ vatNumber: [VAT_NUMBER_FIELD_MESSAGE] })
    }
  })
})
