import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import { cartAction } from '~/lib/cart/cart-action.server'
import { cartCount } from '~/lib/cart/cart.server'
import { openStore, type Store } from '~/lib/data/index.server'
import { loader as checkoutLoader, action as checkoutRouteAction } from '~/routes/checkout'
import { loader as payLoader } from '~/routes/checkout_.pay.$id'

/**
 * Placing an order is idempotent per checkout: the page carries a key, and a second post of it
 * (double click, a retry after a dropped response) ends on the order already placed.
 */

let store: Store
let dataDir: string
vi.mock('~/lib/data/index.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...actual, getStore: () => Promise.resolve(store) }
})

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-key-test-'))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([
    makeProduct({ id: 'biltong', name: 'Beef biltong', priceCents: 25000, stock: 40 }),
    makeProduct({ id: 'rusks', name: 'Buttermilk rusks', priceCents: 6500, stock: 20 }),
  ])
})

afterAll(async () => {
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** One browser's session cookie; `drop` forgets a response, as when it never arrived. */
function browser() {
  let cookie = ''
  const keep = (response: Response) => {
    const set = response.headers.getSetCookie().find((line) => line.startsWith('__session='))
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
  acceptTerms: 'on',
}

const stockOf = async (id: string) => (await store.products.get(id))!.stock
const args = (request: Request) => ({ request, params: {}, context: { clientIp: '127.0.0.1' } })

async function fillCart(b: ReturnType<typeof browser>, productId: string, quantity: number) {
  const added = await cartAction({
    request: b.request('/cart', { intent: 'add', productId, quantity: String(quantity) }),
  })
  b.keep(added as Response)
}

/** Renders the checkout page and returns its hidden checkout key. */
async function renderCheckout(b: ReturnType<typeof browser>) {
  const page = (await checkoutLoader(args(b.request('/checkout')))) as { checkoutKey: string }
  return page.checkoutKey
}

/** Posts the checkout form; a thrown redirect (the cartCheck guard) is answered like a returned one. */
async function placeOrder(b: ReturnType<typeof browser>, form: Record<string, string>) {
  try {
    return (await checkoutRouteAction(args(b.request('/checkout', form)))) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

describe('placing an order once per checkout', () => {
  it('answers a retry after a dropped response with the order already placed', async () => {
    const b = browser()
    await fillCart(b, 'biltong', 2)
    const checkoutKey = await renderCheckout(b)
    expect(checkoutKey).toMatch(/^[A-Za-z0-9_-]{22}$/)

    const first = await placeOrder(b, { ...details, checkoutKey })
    expect(first.status).toBe(302)
    const payStep = first.headers.get('Location')!
    expect(payStep).toMatch(/^\/checkout\/pay\/\w+$/)
    expect(await stockOf('biltong')).toBe(38)
    // The response never reached the browser: its cookie still holds the full cart.
    const retry = b.keep(await placeOrder(b, { ...details, checkoutKey }))
    expect(retry.status).toBe(302)
    expect(retry.headers.get('Location')).toBe(payStep)
    expect(await stockOf('biltong')).toBe(38)
    // The retry empties the cart and lets this browser see the order it placed.
    expect(await cartCount(b.request('/'))).toBe(0)
    const id = payStep.split('/').at(-1)!
    const pay = await payLoader({ ...args(b.request(payStep)), params: { id } })
    expect(pay).toMatchObject({ orderId: id })
    // The browser's own back-and-resubmit, once the cart is empty, still ends on the order.
    const again = await placeOrder(b, { ...details, checkoutKey })
    expect(again.headers.get('Location')).toBe(payStep)
  })

  it('places one order for a double click', async () => {
    const b = browser()
    await fillCart(b, 'rusks', 3)
    const checkoutKey = await renderCheckout(b)
    const clicks = await Promise.all([
      placeOrder(b, { ...details, checkoutKey }),
      placeOrder(b, { ...details, checkoutKey }),
    ])
    expect(clicks.map((r) => r.status)).toEqual([302, 302])
    expect(new Set(clicks.map((r) => r.headers.get('Location'))).size).toBe(1)
    expect(await stockOf('rusks')).toBe(17)
  })

  it('gives every rendering of the page a new key, so the next purchase is a new order', async () => {
    const b = browser()
    await fillCart(b, 'biltong', 1)
    const key = await renderCheckout(b)
    const first = b.keep(await placeOrder(b, { ...details, checkoutKey: key }))
    await fillCart(b, 'biltong', 1)
    const nextKey = await renderCheckout(b)
    expect(nextKey).not.toBe(key)
    const second = await placeOrder(b, { ...details, checkoutKey: nextKey })
    expect(second.headers.get('Location')).not.toBe(first.headers.get('Location'))
  })

  it('still places an order from a form without a usable key', async () => {
    const b = browser()
    await fillCart(b, 'rusks', 1)
    const before = await stockOf('rusks')
    const placed = await placeOrder(b, { ...details, checkoutKey: 'not a key' })
    expect(placed.headers.get('Location')).toMatch(/^\/checkout\/pay\//)
    expect(await stockOf('rusks')).toBe(before - 1)
  })
})
