import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import { shirt } from '~/lib/data/contract.suite'
import { openStore, type Store } from '~/lib/data/index.server'
import { sessionStorage } from '~/lib/cookie-session.server'

import { cartAction } from '~/lib/cart/cart-action.server'
import { cartCount, loadCart, mergeVisitorCart } from '~/lib/cart/cart.server'
import { requireCartItems } from '~/lib/cart/guard.server'
import { expireStalePending } from '~/lib/orders/orders.server'
import { NO_ORDER_MESSAGE, trackAction } from '~/lib/orders/track.server'
import { getToast } from '~/lib/toast.server'
import { loader as checkoutLoader } from '~/routes/checkout'
import { loader as cancelLoader } from '~/routes/checkout_.cancel.$id'
import { loader as payLoader } from '~/routes/checkout_.pay.$id'
import { loader as orderLoader } from '~/routes/orders.$id'

import { checkoutAction } from './checkout.server'

/**
 * The buying flow over a real SQLite store in a temp dir: cart actions with the session cookie,
 * checkout placing the order, the PayFast hand-over, cancel, the order page's access rules and
 * tracking. Route modules and lib functions are called as Remix calls them.
 */

let store: Store
let dataDir: string
vi.mock('~/lib/data/index.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...actual, getStore: () => Promise.resolve(store) }
})

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buying-test-'))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([
    makeProduct({ id: 'rooibos', name: 'Rooibos tea', priceCents: 8950, stock: 3 }),
    makeProduct({ id: 'honey', name: 'Fynbos honey', priceCents: 12000, stock: 0 }),
    makeProduct({ id: 'biltong', name: 'Beef biltong', priceCents: 25000, stock: 40 }),
    makeProduct({ id: 'rusks', name: 'Buttermilk rusks', priceCents: 6500, stock: 20 }),
    makeProduct({ id: 'chutney', name: 'Peach chutney', priceCents: 5500, stock: 20 }),
    shirt('tee', { 'tee--m-black': 4, 'tee--l-rainbow': 0 }, { 'tee--m-black': 27_500 }),
  ])
})

afterAll(async () => {
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
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
  return {
    request,
    keep,
    get cookie() {
      return cookie
    },
  }
}

/** The flash message a response sets, as the next page would show it. */
async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ')
  return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } })))
    .toast
}

type DataResult = { data: Record<string, unknown>; init: ResponseInit | null }
const asData = (result: unknown) => result as DataResult

/** Conform's answer to a form (cart, checkout, tracking): its status, the values kept and the messages by field ('' for the whole form). */
const cartResult = (result: DataResult) =>
  result.data.result as { status?: string; initialValue?: unknown; error?: unknown }
const cartErrors = (result: DataResult) => cartResult(result).error

async function addToCart(b: ReturnType<typeof browser>, productId: string, quantity: number) {
  const result = await cartAction({
    request: b.request('/cart', { intent: 'add', productId, quantity: String(quantity) }),
  })
  if (result instanceof Response) b.keep(result)
  return result
}

const checkoutForm = {
  email: 'Thandi@Example.co.za',
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

async function checkout(
  b: ReturnType<typeof browser>,
  form: Record<string, string> = checkoutForm,
) {
  const result = await checkoutAction({ request: b.request('/checkout', form) })
  if (result instanceof Response) b.keep(result)
  return result
}

const stockOf = async (id: string) => (await store.products.get(id))!.stock

describe('cart', () => {
  it('adds within the rules and explains refusals', async () => {
    const b = browser()
    const added = await addToCart(b, 'rooibos', 2)
    expect(added).toBeInstanceOf(Response)
    expect((added as Response).status).toBe(302)
    expect((added as Response).headers.get('Location')).toBe('/cart')
    expect(await cartCount(b.request('/'))).toBe(2)

    const tooMany = asData(await addToCart(b, 'rooibos', 2))
    expect(tooMany.init?.status).toBe(400)
    expect(cartErrors(tooMany)).toEqual({
      quantity: ['Only 3 left of Rooibos tea; you already have 2 in your cart'],
    })

    const soldOut = asData(await addToCart(b, 'honey', 1))
    expect(cartErrors(soldOut)).toEqual({ '': ['Fynbos honey is sold out'] })

    const eleven = asData(await addToCart(b, 'biltong', 11))
    expect(cartErrors(eleven)).toEqual({ quantity: ['Choose a quantity from 1 to 10'] })
    expect(cartResult(eleven).initialValue).toMatchObject({ productId: 'biltong', quantity: '11' })
    expect(await cartCount(b.request('/'))).toBe(2)
  })

  it('answers a fetcher with data and a no-JS post with a redirect to a same-origin path only', async () => {
    const b = browser()
    const fetched = asData(
      await cartAction({
        request: b.request('/cart', {
          intent: 'add',
          productId: 'rusks',
          quantity: '3',
          fetcher: '1',
        }),
      }),
    )
    expect(cartResult(fetched).status).toBe('success')
    expect(fetched.data.done).toEqual({
      quantity: 3,
      count: 3,
      message: 'Added 3 × Buttermilk rusks to your cart',
    })
    const offsite = await cartAction({
      request: b.request('/cart', {
        intent: 'add',
        productId: 'rusks',
        redirectTo: '//evil.example/x',
      }),
    })
    expect((offsite as Response).headers.get('Location')).toBe('/cart')
    const back = await cartAction({
      request: b.request('/cart', { intent: 'add', productId: 'rusks', redirectTo: '/shop/rusks' }),
    })
    expect((back as Response).headers.get('Location')).toBe('/shop/rusks')
  })

  it('updates and removes lines, prices fresh, pointing out a changed price', async () => {
    const b = browser()
    await addToCart(b, 'biltong', 1)
    b.keep(
      (await cartAction({
        request: b.request('/cart', { intent: 'update', productId: 'biltong', quantity: '4' }),
      })) as Response,
    )
    await store.products.upsertMany([
      makeProduct({ id: 'biltong', name: 'Beef biltong', priceCents: 26000, stock: 40 }),
    ])
    const cart = await loadCart(b.request('/cart'))
    expect(cart.lines).toEqual([
      expect.objectContaining({
        productId: 'biltong',
        quantity: 4,
        unitPriceCents: 26000,
        previousPriceCents: 25000,
        lineTotalCents: 104000,
      }),
    ])
    expect(cart.totals).toMatchObject({
      subtotalCents: 104000,
      shippingCents: 0,
      totalCents: 104000,
      vatCents: 13565,
    })
    b.keep(
      (await cartAction({
        request: b.request('/cart', { intent: 'remove', productId: 'biltong' }),
      })) as Response,
    )
    expect((await loadCart(b.request('/cart'))).lines).toEqual([])
  })

  it('sends checkout with an empty cart to /cart with a notice', async () => {
    const b = browser()
    const thrown = await requireCartItems(b.request('/checkout')).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('Location')).toBe('/cart')
    expect(await toastOf(thrown as Response)).toMatchObject({ title: 'Your cart is empty' })
  })

  it('merges a visitor cart into the customer cart on sign-in', async () => {
    await store.carts.set('customer-1', [{ productId: 'rusks', quantity: 8 }])
    const b = browser()
    await addToCart(b, 'rusks', 5)
    await addToCart(b, 'rooibos', 3)
    const session = await sessionStorage.getSession(b.cookie)
    const merged = await mergeVisitorCart(session, 'customer-1', store)
    expect(merged).toEqual([
      { productId: 'rusks', variantId: 'rusks', quantity: 10 },
      { productId: 'rooibos', variantId: 'rooibos', quantity: 3 },
    ])
    expect(await store.carts.get('customer-1')).toEqual(merged)
    expect(session.get('cart')).toBeUndefined()
  })
})

describe('product options in the cart and the order', () => {
  const add = async (b: ReturnType<typeof browser>, variantId: string | null, quantity = 1) => {
    const form: Record<string, string> = {
      intent: 'add',
      productId: 'tee',
      quantity: String(quantity),
    }
    if (variantId) form.variantId = variantId
    const result = await cartAction({ request: b.request('/cart', form) })
    if (result instanceof Response) b.keep(result)
    return result
  }

  it('adds a variant at its own price and stock, and carries its options to the order and PayFast', async () => {
    const b = browser()
    const added = await add(b, 'tee--m-black', 2)
    expect(await toastOf(added as Response)).toMatchObject({
      title: 'Added 2 × Product tee (Size: M, Colour: Black) to your cart',
    })
    const cart = await loadCart(b.request('/cart'))
    expect(cart.lines).toEqual([
      expect.objectContaining({
        productId: 'tee',
        variantId: 'tee--m-black',
        options: [
          { name: 'Size', value: 'M' },
          { name: 'Colour', value: 'Black' },
        ],
        unitPriceCents: 27_500,
        maxQuantity: 4,
      }),
    ])
    // More than the variant has is refused, though the product as a whole has plenty.
    expect(cartErrors(asData(await add(b, 'tee--m-black', 3)))).toEqual({
      quantity: [
        'Only 4 left of Product tee (Size: M, Colour: Black); you already have 2 in your cart',
      ],
    })

    const placed = (await checkout(b)) as Response
    const id = placed.headers.get('Location')!.split('/').pop()!
    const order = await store.orders.get(id)
    expect(order?.lines).toEqual([
      expect.objectContaining({
        variantId: 'tee--m-black',
        options: [
          { name: 'Size', value: 'M' },
          { name: 'Colour', value: 'Black' },
        ],
        unitPriceCents: 27_500,
        quantity: 2,
      }),
    ])
    const variants = (await store.products.get('tee'))!.variants
    expect(variants.find((v) => v.id === 'tee--m-black')?.stock).toBe(2)
    expect(variants.find((v) => v.id === 'tee--s-black')?.stock).toBe(3)

    const pay = await payLoader({
      request: b.request(`/checkout/pay/${id}`),
      params: { id },
      context: { clientIp: '127.0.0.1' },
    })
    expect(new Map(pay.form.fields).get('item_description')).toBe(
      '2 x Product tee (Size: M, Colour: Black)',
    )
  })

  it('refuses a sold-out variant and an option that is not sold, naming them', async () => {
    const b = browser()
    expect(cartErrors(asData(await add(b, 'tee--l-rainbow')))).toEqual({
      '': ['Product tee (Size: L, Colour: Rainbow) is sold out'],
    })
    expect(cartErrors(asData(await add(b, 'tee--xl-black')))).toEqual({
      '': ['That option is not sold; choose another'],
    })
    expect((await loadCart(b.request('/cart'))).lines).toEqual([])
  })

  it('keeps a line stored without a variant working: it is the product’s default variant', async () => {
    await store.carts.set('customer-old', [{ productId: 'rooibos', quantity: 2 }])
    const b = browser()
    await addToCart(b, 'rooibos', 1)
    const session = await sessionStorage.getSession(b.cookie)
    expect(await mergeVisitorCart(session, 'customer-old', store)).toEqual([
      { productId: 'rooibos', variantId: 'rooibos', quantity: 3 },
    ])
  })
})

describe('checkout, payment hand-over and cancel', () => {
  it('keeps the values and names each bad field', async () => {
    const b = browser()
    await addToCart(b, 'rusks', 1)
    const result = asData(
      await checkout(b, {
        ...checkoutForm,
        phone: '12345',
        postalCode: '80',
        province: 'Atlantis',
      }),
    )
    expect(result.init?.status).toBe(400)
    const reply = cartResult(result)
    expect(Object.keys(reply.error as object).sort()).toEqual(['phone', 'postalCode', 'province'])
    expect(reply.initialValue).toMatchObject({ email: 'Thandi@Example.co.za', phone: '12345' })
  })

  it('places the order, reserves stock, empties the cart and hands over to PayFast', async () => {
    const before = await stockOf('rusks')
    const b = browser()
    await addToCart(b, 'rusks', 2)
    const result = await checkout(b)
    expect(result).toBeInstanceOf(Response)
    const location = (result as Response).headers.get('Location')!
    const id = /^\/checkout\/pay\/([A-Z2-9]{12})$/.exec(location)?.[1]
    expect(id).toBeDefined()
    expect(await stockOf('rusks')).toBe(before - 2)
    expect(await cartCount(b.request('/'))).toBe(0)

    const order = (await store.orders.get(id!))!
    expect(order).toMatchObject({
      status: 'pending_payment',
      email: 'thandi@example.co.za',
      subtotalCents: 13000,
      // Standard delivery to Cape Town (8001, main centres): 2 kg at the shop's default weight.
      shippingCents: 8900,
      totalCents: 21900,
      shipping: { id: 'standard', kind: 'standard', name: 'Standard delivery' },
    })

    const pay = await payLoader({
      request: b.request(location),
      params: { id: id! },
      context: { clientIp: '127.0.0.1' },
    })
    const fields = new Map(pay.form.fields)
    expect(fields.get('m_payment_id')).toBe(id)
    expect(fields.get('amount')).toBe('219.00')
    expect(fields.get('return_url')).toBe(`http://localhost:3000/orders/${id}`)
    expect(fields.get('cancel_url')).toBe(`http://localhost:3000/checkout/cancel/${id}`)
    expect(fields.get('notify_url')).toBe('http://localhost:3000/payfast/notify')

    // Another browser cannot see the payment page.
    await expect(
      payLoader({
        request: browser().request(location),
        params: { id: id! },
        context: { clientIp: '127.0.0.1' },
      }),
    ).rejects.toMatchObject({ status: 404 })
  })

  it('refuses an order the stock cannot meet, naming the product', async () => {
    const first = browser()
    const second = browser()
    await addToCart(first, 'rooibos', 3)
    await addToCart(second, 'rooibos', 2)
    expect(await checkout(first)).toBeInstanceOf(Response)
    const refused = asData(await checkout(second))
    expect(refused.init?.status).toBe(409)
    expect(cartErrors(refused)).toEqual({
      '': ['Rooibos tea is sold out. Change the quantity in your cart and try again.'],
    })
    expect(await cartCount(second.request('/'))).toBe(2)
  })

  it('cancels for the browser that placed the order: stock back, cart restored, notice on /checkout', async () => {
    const b = browser()
    await addToCart(b, 'biltong', 2)
    const before = await stockOf('biltong')
    const placed = (await checkout(b)) as Response
    const id = placed.headers.get('Location')!.split('/').pop()!
    expect(await stockOf('biltong')).toBe(before - 2)

    const args = (who: ReturnType<typeof browser>) => ({
      request: who.request(`/checkout/cancel/${id}`),
      params: { id },
      context: { clientIp: '127.0.0.1' },
    })
    const stranger = await cancelLoader(args(browser()))
    expect(stranger.headers.get('Location')).toBe('/checkout')
    expect((await store.orders.get(id))!.status).toBe('pending_payment')

    const cancelled = b.keep(await cancelLoader(args(b)))
    expect(cancelled.headers.get('Location')).toBe(`/checkout?cancelled=${id}`)
    expect((await store.orders.get(id))!.status).toBe('cancelled')
    expect(await stockOf('biltong')).toBe(before)
    expect(await cartCount(b.request('/'))).toBe(2)
    expect(await toastOf(cancelled)).toMatchObject({ title: 'Payment cancelled' })

    // Again (a reload): nothing changes, the cart is not doubled.
    b.keep(await cancelLoader(args(b)))
    expect(await cartCount(b.request('/'))).toBe(2)
    expect(await stockOf('biltong')).toBe(before)
  })

  it('comes back from "Cancel payment" to a checkout filled in as the order was placed, for that browser only', async () => {
    const b = browser()
    await addToCart(b, 'biltong', 1)
    const id = (
      (await checkout(b, {
        ...checkoutForm,
        line2: 'Flat 3',
        vatNumber: '4123456789',
      })) as Response
    ).headers
      .get('Location')!
      .split('/')
      .pop()!
    const back = b.keep(
      await cancelLoader({
        request: b.request(`/checkout/cancel/${id}`),
        params: { id },
        context: { clientIp: '127.0.0.1' },
      }),
    )
    const page = async (who: ReturnType<typeof browser>) =>
      (await checkoutLoader({
        request: who.request(back.headers.get('Location')!),
        params: {},
        context: { clientIp: '127.0.0.1' },
      })) as { prefill: Record<string, string>; delivery: { selected: string } }
    const mine = await page(b)
    expect(mine.prefill).toEqual({
      email: 'thandi@example.co.za',
      firstName: 'Thandi',
      lastName: 'Mokoena',
      phone: '082 123 4567',
      addressId: '',
      line1: '12 Long Street',
      line2: 'Flat 3',
      suburb: 'Gardens',
      city: 'Cape Town',
      province: 'Western Cape',
      postalCode: '8001',
      vatNumber: '4123456789',
    })
    expect(mine.delivery.selected).toBe('standard')

    // Another browser with the same link (and a cart of its own) starts blank.
    const stranger = browser()
    await addToCart(stranger, 'rusks', 1)
    expect((await page(stranger)).prefill).toMatchObject({ email: '', line1: '' })
  })

  it('shows the order in full to the browser that placed it, to strangers the answer an unknown id gets, 404 for bad ids', async () => {
    const b = browser()
    await addToCart(b, 'rusks', 1)
    const id = ((await checkout(b)) as Response).headers.get('Location')!.split('/').pop()!
    const args = (who: ReturnType<typeof browser>, orderId = id) => ({
      request: who.request(`/orders/${orderId}`),
      params: { id: orderId },
      context: { clientIp: '127.0.0.1' },
    })
    const mine = await orderLoader(args(b))
    expect(mine).toMatchObject({
      kind: 'full',
      // R 65,00 of rusks and R 89,00 of standard delivery to Cape Town.
      order: { id, status: 'pending_payment', totalCents: 15400 },
    })
    // A stranger gets what a made-up id gets: nothing tells which ids exist.
    const answer = async (orderId: string) => {
      const thrown: unknown = await orderLoader(args(browser(), orderId)).catch((e: unknown) => e)
      if (!(thrown instanceof Response)) throw new Error('expected a thrown response')
      return [thrown.status, thrown.headers.get('Location')?.replace(orderId, ':id')]
    }
    expect(await answer(id)).toEqual([302, '/auth?redirectTo=%2Forders%2F:id'])
    expect(await answer('ZZZZZZZZZZZZ')).toEqual(await answer(id))
    await expect(orderLoader(args(b, 'not-an-id'))).rejects.toMatchObject({ status: 404 })
  })

  it('expires pending orders older than 30 minutes, releasing their stock', async () => {
    const b = browser()
    await addToCart(b, 'chutney', 1)
    const id = ((await checkout(b)) as Response).headers.get('Location')!.split('/').pop()!
    const stock = await stockOf('chutney')
    expect(await expireStalePending(store, Date.now() + 29 * 60_000)).toBe(0)
    expect(await expireStalePending(store, Date.now() + 31 * 60_000)).toBeGreaterThanOrEqual(1)
    expect((await store.orders.get(id))!.status).toBe('cancelled')
    expect(await stockOf('chutney')).toBe(stock + 1)
  })
})

describe('track_order', () => {
  it('finds an order by id and email (any case), the same message for every wrong pair, 10 lookups per IP per 10 minutes', async () => {
    const b = browser()
    await addToCart(b, 'rusks', 1)
    const id = ((await checkout(b)) as Response).headers.get('Location')!.split('/').pop()!
    const track = (form: Record<string, string>, ip = '203.0.113.7') =>
      trackAction({ request: b.request('/track_order', form), clientIp: ip, store }).then(asData)

    const found = await track({ orderId: id.toLowerCase(), email: 'THANDI@example.co.za' })
    expect(found.data).toMatchObject({
      ok: true,
      order: {
        id,
        status: 'pending_payment',
        history: [expect.objectContaining({ label: 'Awaiting payment' })],
      },
    })
    expect(found.data.order).not.toHaveProperty('shippingAddress')

    const wrongEmail = await track({ orderId: id, email: 'someone@example.co.za' })
    const unknownId = await track({ orderId: 'K7M2P9QRTWXY', email: 'thandi@example.co.za' })
    const malformed = await track({ orderId: 'nope', email: 'thandi@example.co.za' })
    for (const miss of [wrongEmail, unknownId, malformed]) {
      expect(cartErrors(miss)).toEqual({ '': [NO_ORDER_MESSAGE] })
      expect(miss.init?.status).toBe(404)
    }

    const invalid = await track({ orderId: '', email: 'x' })
    expect(invalid.init?.status).toBe(400)

    for (let i = 0; i < 6; i++) await track({ orderId: id, email: 'thandi@example.co.za' })
    const limited = await track({ orderId: id, email: 'thandi@example.co.za' })
    expect(limited.init?.status).toBe(429)
    expect(cartErrors(limited)).toEqual({
      '': [
        expect.stringMatching(
          /^Too many lookups: at most 10 every 10 minutes\. Try again in \d+ minutes?\.$/,
        ),
      ],
    })
    expect(
      (await track({ orderId: id, email: 'thandi@example.co.za' }, '203.0.113.8')).data.ok,
    ).toBe(true)
  })
})
