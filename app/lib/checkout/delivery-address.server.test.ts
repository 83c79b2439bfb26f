import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import type { Store } from '~/lib/data/store'
import type { SavedAddress } from '~/lib/shipping/types'
import {
  answer,
  get,
  post,
  signInStaffAndCustomer,
  type Visitors,
} from '../../../test/admin-requests'

import type * as CheckoutRoute from '~/routes/checkout'

/**
 * Checkout's delivery address for a signed-in customer (docs/contracts.md "Shipping"): a saved
 * address chosen by `addressId` (the default preselected), or a new one, optionally saved to the
 * address book. Over a real SQLite store in a temp DATA_DIR, signed in through the real cookie.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'checkout-addresses-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let route: typeof CheckoutRoute
const context = { clientIp: '127.0.0.1' }
let home: SavedAddress
let farm: SavedAddress

const CONTACT = {
  email: 'thandi@example.co.za',
  firstName: 'Thandi',
  lastName: 'Mokoena',
  phone: '082 123 4567',
  acceptTerms: 'on',
}
const NO_ADDRESS = { line1: '', line2: '', suburb: '', city: '', province: '', postalCode: '' }
const NEW_PLACE = {
  line1: '5 Church Street',
  line2: '',
  suburb: 'Dorp',
  city: 'Stellenbosch',
  province: 'Western Cape',
  postalCode: '7600',
}

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  who = await signInStaffAndCustomer(store)
  route = await import('~/routes/checkout')
  await store.products.upsertMany([makeProduct({ id: 'rooibos', priceCents: 8950, stock: 100 })])
  const draft = {
    label: 'Home',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    phone: '082 123 4567',
    line1: '12 Long Street',
    line2: null,
    suburb: 'Gardens',
    city: 'Cape Town',
    province: 'Western Cape' as const,
    postalCode: '8001',
  }
  home = (await store.addresses.save('customer-1', null, draft))!
  farm = (await store.addresses.save('customer-1', null, {
    ...draft,
    label: "Ma's farm",
    firstName: 'Lindiwe',
    line1: 'Plaas Rooiberg',
    suburb: 'Okiep',
    city: 'Springbok',
    province: 'Northern Cape',
    postalCode: '8270',
  }))!
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

beforeEach(async () => {
  await store.carts.set('customer-1', [{ productId: 'rooibos', quantity: 1 }])
})

const checkout = (fields: Record<string, string>, cookie = who.customer) =>
  answer(() => route.action({ request: post('/checkout', fields, cookie), params: {}, context }))
const ordersOfCustomer = () => store.orders.listForUser('customer-1')

describe('checkout with an address book', () => {
  it('offers the saved addresses, the default chosen, and the box to save a new one', async () => {
    const page = await answer(() =>
      route.loader({ request: get('/checkout', who.customer), params: {}, context }),
    )
    expect(page.body.savedAddresses.map((a: { label: string }) => a.label)).toEqual([
      'Home',
      "Ma's farm",
    ])
    expect(page.body.prefill).toMatchObject({ addressId: home.id, line1: '', suburb: '' })
    expect(page.body.canSaveAddress).toBe(true)
  })

  it('delivers to the saved address chosen, ignoring the address fields', async () => {
    const before = (await ordersOfCustomer()).length
    const result = await checkout({
      ...CONTACT,
      addressId: farm.id,
      ...NO_ADDRESS,
      city: 'ignored',
    })
    expect(result.status).toBe(302)
    expect(result.location).toMatch(/^\/checkout\/pay\//)
    const [order] = await ordersOfCustomer()
    expect(await ordersOfCustomer()).toHaveLength(before + 1)
    expect(order).toMatchObject({
      firstName: 'Thandi',
      shippingAddress: {
        line1: 'Plaas Rooiberg',
        line2: null,
        suburb: 'Okiep',
        city: 'Springbok',
        province: 'Northern Cape',
        postalCode: '8270',
      },
    })
    expect(await store.addresses.list('customer-1')).toHaveLength(2)
  })

  it("refuses another customer's address or an unknown one: 400 on addressId, nothing placed", async () => {
    const theirs = await store.addresses.save('staff-1', null, { ...home, label: 'Theirs' })
    const before = (await ordersOfCustomer()).length
    for (const addressId of [theirs!.id, 'madeUpId1234']) {
      const result = await checkout({ ...CONTACT, addressId, ...NEW_PLACE })
      expect(result.status).toBe(400)
      expect(result.body.result.error).toEqual({
        addressId: [
          'That address is not in your address book. Choose another or enter a new address.',
        ],
      })
    }
    expect(await ordersOfCustomer()).toHaveLength(before)
    expect(await store.carts.get('customer-1')).toHaveLength(1)
  })

  it('refuses a saved address from a guest: 400 on addressId', async () => {
    const { cartAction } = await import('~/lib/cart/cart-action.server')
    const added = await cartAction({
      request: post('/cart', { intent: 'add', productId: 'rooibos', quantity: '1' }),
    })
    const guest = (added as Response).headers.get('Set-Cookie')!.split(';')[0]!
    const result = await checkout({ ...CONTACT, addressId: home.id, ...NEW_PLACE }, guest)
    expect(result.status).toBe(400)
    expect(result.body.result.error).toEqual({
      addressId: ['Sign in to deliver to a saved address, or enter the address.'],
    })
  })

  it('uses the fields for a new address (suburb required) and saves it when asked', async () => {
    const missing = await checkout({ ...CONTACT, addressId: 'new', ...NEW_PLACE, suburb: '' })
    expect(missing.status).toBe(400)
    expect(missing.body.result.error).toEqual({ suburb: ['Enter the suburb'] })

    const result = await checkout({ ...CONTACT, addressId: 'new', ...NEW_PLACE, saveAddress: 'on' })
    expect(result.status).toBe(302)
    const [order] = await ordersOfCustomer()
    expect(order?.shippingAddress).toEqual({ ...NEW_PLACE, line2: null })
    const saved = (await store.addresses.list('customer-1')).find((a) => a.suburb === 'Dorp')
    expect(saved).toMatchObject({
      label: 'Dorp',
      firstName: 'Thandi',
      lastName: 'Mokoena',
      phone: '082 123 4567',
      isDefault: false,
    })

    // The same address again is not saved twice; an unticked box saves nothing.
    await store.carts.set('customer-1', [{ productId: 'rooibos', quantity: 1 }])
    await checkout({ ...CONTACT, ...NEW_PLACE, saveAddress: 'on' })
    await store.carts.set('customer-1', [{ productId: 'rooibos', quantity: 1 }])
    await checkout({ ...CONTACT, addressId: '', ...NEW_PLACE, suburb: 'Mostertsdrift' })
    expect((await store.addresses.list('customer-1')).map((a) => a.suburb).sort()).toEqual([
      'Dorp',
      'Gardens',
      'Okiep',
    ])
  })

  it('names the new address fields to fix even when a contact field is missing too', async () => {
    const result = await checkout({ ...CONTACT, email: '', ...NEW_PLACE, suburb: '', city: '' })
    expect(result.status).toBe(400)
    expect(Object.keys(result.body.result.error).sort()).toEqual(['city', 'email', 'suburb'])
  })
})
