import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { signInStaffAndCustomer } from '../../../test/admin-requests'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import { openStore, type Store } from '~/lib/data/index.server'
import type { Order } from '~/lib/data/types'
import { centsToRandsString } from '~/lib/money'
import { giftCardsAfterPayment } from '~/lib/orders/gift-card-products.server'
import { handleItn } from '~/lib/payfast/itn.server'
import { markPaidOrderForBobgo } from '~/lib/shipping/bobgo-sync.server'
import { itnParamString, signParamString } from '~/lib/payfast/signature.server'
import { discountDraft } from '~/lib/promotions/promotions.test-helper'
import type { DiscountDraft } from '~/lib/promotions/types'
import { getToast } from '~/lib/toast.server'
import { action as cartRouteAction, loader as cartLoader } from '~/routes/cart'
import { action as checkoutRouteAction, loader as checkoutLoader } from '~/routes/checkout'
import { loader as cancelLoader } from '~/routes/checkout_.cancel.$id'

import { paymentFormFor } from './checkout.server'

/**
 * The shopper's side of promotions over a real SQLite store, through the /cart and /checkout
 * route modules as Remix calls them: discount codes applied and refused in plain words, the
 * discount as its own line and on the order, gift cards and store credit paying part or all of an
 * order, and PayFast asked (and its ITN checked) for the rest only.
 */

let store: Store
let dataDir: string
vi.mock('~/lib/data/index.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...actual, getStore: () => Promise.resolve(store) }
})

const STAFF = { by: 'nomsa@shop.example.co.za' }

function discount(over: Partial<DiscountDraft>) {
  return store.discounts.create(discountDraft({ code: null, ...over }), STAFF)
}

let customerCookie = ''

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotions-test-'))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([
    makeProduct({ id: 'biltong', name: 'Beef biltong', priceCents: 250_00, stock: 90 }),
    makeProduct({
      id: 'rusks',
      name: 'Buttermilk rusks',
      category: 'pantry',
      categoryName: 'Pantry',
      priceCents: 65_00,
      stock: 90,
    }),
    makeProduct({
      id: 'gift-card',
      name: 'Karoo & Co. Gift Card',
      category: 'gift-cards',
      categoryName: 'Gift cards',
      priceCents: 250_00,
      stock: 100_000,
    }),
  ])
  await discount({ code: 'SAVE10', kind: 'percent', value: 10 })
  await discount({ code: 'OLD', endsAt: '2019-12-31T22:00:00.000Z' })
  await discount({ code: 'SOON', startsAt: '2099-01-01T00:00:00.000Z' })
  await discount({ code: 'BIG', kind: 'amount', value: 100_00, minSpendCents: 1_000_00 })
  await discount({ code: 'PANTRY', value: 20, scope: { categories: ['pantry'], productIds: [] } })
  await discount({ code: 'ONCE', kind: 'amount', value: 50_00, usageLimit: 1 })
  await discount({ code: 'MINE', kind: 'amount', value: 20_00, perCustomerLimit: 1 })
  customerCookie = (await signInStaffAndCustomer(store)).customer
})

afterAll(async () => {
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** One browser: keeps every cookie the shop sets, by name, between requests. */
function browser(startWith = '') {
  const jar = new Map<string, string>()
  if (startWith) jar.set(startWith.split('=')[0]!, startWith)
  const cookie = () => [...jar.values()].join('; ')
  const keep = (response: unknown) => {
    const headers =
      response instanceof Response
        ? response.headers
        : new Headers((response as { init?: ResponseInit | null }).init?.headers)
    for (const line of headers.getSetCookie()) {
      const pair = line.split(';')[0]!
      jar.set(pair.split('=')[0]!, pair)
    }
    return response
  }
  const request = (url: string, form?: Record<string, string>) =>
    new Request(`http://localhost:3000${url}`, {
      method: form ? 'POST' : 'GET',
      headers: cookie() ? { Cookie: cookie() } : {},
      ...(form ? { body: new URLSearchParams(form) } : {}),
    })
  const args = (url: string, form?: Record<string, string>, clientIp = '127.0.0.1') => ({
    request: request(url, form),
    params: {},
    context: { clientIp },
  })
  return {
    async cart(form: Record<string, string>) {
      return keep(await cartRouteAction(args('/cart', form)))
    },
    async checkout(form: Record<string, string>, clientIp?: string) {
      return keep(await checkoutRouteAction(args('/checkout', form, clientIp)))
    },
    async cartPage() {
      return (await cartLoader(args('/cart'))) as Awaited<ReturnType<typeof cartLoader>>
    },
    async checkoutPage() {
      return (await checkoutLoader(args('/checkout'))) as Awaited<ReturnType<typeof checkoutLoader>>
    },
    async cancelPayment(orderId: string) {
      return keep(
        await cancelLoader({
          request: request(`/checkout/cancel/${orderId}`),
          params: { id: orderId },
          context: { clientIp: '127.0.0.1' },
        }),
      ) as Response
    },
    /** A post with repeated or odd field names, as a hand-made request sends it. */
    async post(url: '/cart' | '/checkout', pairs: [string, string][], clientIp = '127.0.0.1') {
      const run = url === '/cart' ? cartRouteAction : checkoutRouteAction
      return run({
        request: new Request(`http://localhost:3000${url}`, {
          method: 'POST',
          headers: { Cookie: cookie() },
          body: new URLSearchParams(pairs),
        }),
        params: {},
        context: { clientIp },
      }).catch((thrown: unknown) => thrown)
    },
    async add(productId: string, quantity: number) {
      return this.cart({ intent: 'add', productId, quantity: String(quantity) })
    },
  }
}

type Answer = { data: Record<string, unknown>; init: ResponseInit | null }
const asData = (result: unknown) => result as Answer
/** Money reads "R 1 000,00" with no-break spaces; tests write plain ones. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/\u00a0/g, ' ')) as T
const errorsOf = (result: unknown) =>
  plain((asData(result).data.result as { error?: Record<string, string[]> }).error)

const details = {
  email: 'lindiwe@example.co.za',
  firstName: 'Lindiwe',
  lastName: 'Dlamini',
  phone: '082 555 0101',
  line1: '5 Church Street',
  line2: '',
  suburb: 'Hatfield',
  city: 'Pretoria',
  province: 'Gauteng',
  postalCode: '0083',
  acceptTerms: 'on',
}

async function placeOrder(
  b: ReturnType<typeof browser>,
  email = details.email,
): Promise<{ response: Response; order: Order }> {
  const response = (await b.checkout({ ...details, email })) as Response
  expect(response).toBeInstanceOf(Response)
  const id = response.headers.get('Location')!.split('/').pop()!
  return { response, order: (await store.orders.get(id))! }
}

const amountOf = (order: Order) =>
  paymentFormFor(order).fields.find(([name]) => name === 'amount')?.[1]

describe('discount codes on the cart', () => {
  it('refuses a code in plain words on the code field, applied or not, with JS and without', async () => {
    const b = browser()
    await b.add('biltong', 1)
    const refused = async (code: string, fetcher = false) => {
      const result = await b.cart({
        intent: 'apply-discount',
        code,
        ...(fetcher ? { fetcher: '1' } : {}),
      })
      expect(asData(result).init?.status).toBe(400)
      return errorsOf(result)?.code
    }
    expect(await refused('nope1')).toEqual(['We do not know that code: check it and try again'])
    expect(await refused('')).toEqual(['Enter your discount code'])
    expect(await refused('old', true)).toEqual([
      'Code OLD ran until 31 December 2019 and has ended',
    ])
    expect((await refused('SOON'))?.[0]).toMatch(/^Code SOON starts on 1 January 2099/)
    expect(await refused('big')).toEqual([
      'Code BIG needs a spend of R 1 000,00 or more; your items come to R 250,00 (add R 750,00 more)',
    ])
    expect(await refused('pantry')).toEqual([
      'Code PANTRY is only for selected products, and none of them is in your cart',
    ])
    expect((await b.cartPage()).appliedCode).toBeNull()
  })

  it('applies a code as its own line with why, keeps it in the session, and takes it off', async () => {
    const b = browser()
    await b.add('biltong', 2)
    const applied = (await b.cart({ intent: 'apply-discount', code: ' save10 ' })) as Response
    expect(applied.status).toBe(302)
    expect(applied.headers.get('Location')).toBe('/cart')
    const cookies = applied.headers
      .getSetCookie()
      .map((l) => l.split(';')[0]!)
      .join('; ')
    const { toast } = await getToast(
      new Request('http://localhost:3000/', { headers: { Cookie: cookies } }),
    )
    expect(toast).toMatchObject({ title: 'Code SAVE10: 10% off applied' })

    const page = await b.cartPage()
    expect(page.appliedCode).toBe('SAVE10')
    expect(plain(page.summary.lines)).toEqual([
      expect.objectContaining({
        label: 'Code SAVE10: 10% off',
        amountCents: 50_00,
        why: 'Your code SAVE10: 10% of R 500,00 for your items is R 50,00, rounded to the cent',
      }),
    ])
    // R 500 of items less R 50, and the cart's delivery estimate by the zones (R 89 to the main
    // centres for 2 kg, under R 1 000).
    expect(page.summary.totals).toMatchObject({ subtotalCents: 500_00, totalCents: 539_00 })

    const removed = asData(await b.cart({ intent: 'remove-discount', fetcher: '1' }))
    expect(removed.data.done).toBe('Code SAVE10 removed')
    const after = await b.cartPage()
    expect(after.appliedCode).toBeNull()
    expect(after.summary.lines).toEqual([])
  })

  it('shows the best automatic offer without being asked, saying why', async () => {
    const fivePercent = await discount({ automatic: true, value: 5 })
    const tenRand = await discount({ automatic: true, kind: 'amount', value: 10_00 })
    try {
      const b = browser()
      await b.add('biltong', 1)
      const page = await b.cartPage()
      // 5% of R 250 is R 12,50, more than R 10 off.
      expect(plain(page.summary.lines)).toEqual([
        expect.objectContaining({
          label: 'Offer: 5% off',
          amountCents: 12_50,
          why: expect.stringMatching(/^Applied automatically: 5% of R 250,00/),
        }),
      ])
    } finally {
      await store.discounts.setActive(fivePercent.id, false, STAFF)
      await store.discounts.setActive(tenRand.id, false, STAFF)
    }
  })
})

describe('discount codes at checkout', () => {
  it('places the order with the discount as its own line, and asks PayFast for the total after it', async () => {
    const b = browser()
    await b.add('biltong', 2)
    await b.cart({ intent: 'apply-discount', code: 'SAVE10' })
    const checkout = await b.checkoutPage()
    expect(checkout.promotions.inputs.code).toBe('SAVE10')

    const { response, order } = await placeOrder(b)
    expect(response.headers.get('Location')).toBe(`/checkout/pay/${order.id}`)
    expect(order.discounts).toEqual([
      expect.objectContaining({ code: 'SAVE10', amountCents: 50_00, on: 'items' }),
    ])
    expect(order.totalCents).toBe(order.subtotalCents - 50_00 + order.shippingCents)
    expect(amountOf(order)).toBe(centsToRandsString(order.totalCents))
    // Placed, the code belongs to the order: the next cart starts without it.
    expect((await b.cartPage()).appliedCode).toBeNull()
  })

  it('re-renders checkout with the reason when the code was used up meanwhile, and takes it off', async () => {
    const first = browser()
    const second = browser()
    for (const b of [first, second]) {
      await b.add('biltong', 1)
      expect(await b.cart({ intent: 'apply-discount', code: 'ONCE' })).toBeInstanceOf(Response)
    }
    const { order } = await placeOrder(first)
    expect(order.discounts).toEqual([expect.objectContaining({ code: 'ONCE', amountCents: 50_00 })])

    const refused = asData(await second.checkout(details))
    expect(refused.init?.status).toBe(409)
    expect(errorsOf(refused)?.['']).toEqual([
      'Code ONCE has been used up. We took it off your order: check the new total and place your order again.',
    ])
    expect((await second.checkoutPage()).promotions.inputs.code).toBeNull()
  })

  it('refuses at placing a code this email has already used', async () => {
    const first = browser()
    await first.add('rusks', 1)
    await first.cart({ intent: 'apply-discount', code: 'MINE' })
    await placeOrder(first, 'sipho@example.co.za')

    const again = browser()
    await again.add('rusks', 1)
    await again.cart({ intent: 'apply-discount', code: 'MINE' })
    const refused = asData(await again.checkout({ ...details, email: 'Sipho@Example.co.za' }))
    expect(refused.init?.status).toBe(409)
    expect(errorsOf(refused)?.['']?.[0]).toMatch(
      /^You have already used code MINE\. We took it off/,
    )
  })
})

describe('a signed-in customer', () => {
  it('is told on the cart that they have already used a code once each', async () => {
    await discount({ code: 'WELCOME', kind: 'amount', value: 25_00, perCustomerLimit: 1 })
    const b = browser(customerCookie)
    await b.add('rusks', 1)
    await b.cart({ intent: 'apply-discount', code: 'welcome' })
    const { order } = await placeOrder(b, 'thandi@example.co.za')
    expect(order.discounts).toEqual([expect.objectContaining({ code: 'WELCOME' })])

    await b.add('rusks', 1)
    const again = await b.cart({ intent: 'apply-discount', code: 'WELCOME' })
    expect(asData(again).init?.status).toBe(400)
    expect(errorsOf(again)?.code).toEqual(['You have already used code WELCOME'])
  })
})

describe('odd posts to the promotion forms', () => {
  it('answers each with a refusal naming the field, never an error page', async () => {
    const b = browser()
    await b.add('rusks', 1)
    const odd: [string, string][][] = [
      [
        ['intent', 'apply-discount'],
        ['code', 'x'.repeat(5_000)],
      ],
      [
        ['intent', 'apply-discount'],
        ['code', '💥; DROP TABLE discounts;--'],
      ],
      [
        ['intent', 'apply-discount'],
        ['code', 'SAVE10'],
        ['code', 'OLD'],
      ],
      [
        ['intent', 'apply-discount'],
        ['code[0]', 'SAVE10'],
      ],
      [
        ['intent', 'apply-gift-card'],
        ['giftCardCode', '\u0000'.repeat(20)],
      ],
      [
        ['intent', 'apply-gift-card'],
        ['giftCardCode', 'ЅAVE-ЅAVE-ЅAVE-ЅAVE'],
      ],
      [
        ['intent', 'remove-gift-card'],
        ['giftCardCode', 'anything'],
      ],
      [
        ['intent', 'apply-coupon'],
        ['code', 'SAVE10'],
      ],
    ]
    for (const pairs of odd) {
      for (const page of ['/cart', '/checkout'] as const) {
        const result = await b.post(page, pairs, '10.1.1.1')
        const status =
          result instanceof Response ? result.status : (asData(result).init?.status ?? 200)
        expect(status, `${page} ${JSON.stringify(pairs).slice(0, 80)}`).toBeLessThan(500)
        // The cart is still there: checkout answered the form, not "your cart is empty".
        if (page === '/checkout' && result instanceof Response)
          expect(result.headers.get('Location')).not.toBe('/cart')
      }
    }
  })
})

/** An ITN for `order` as PayFast signs it, for `amount` cents. */
function itn(order: Order, amountCents: number) {
  const params = itnParamString([
    ['m_payment_id', order.id],
    ['pf_payment_id', '1089250'],
    ['payment_status', 'COMPLETE'],
    ['amount_gross', centsToRandsString(amountCents)],
    ['merchant_id', '10000100'],
  ])
  return {
    body: `${params}&signature=${signParamString(params, 'secret-phrase')}`,
    sourceIp: '127.0.0.1',
  }
}

const itnDeps = () => ({
  config: {
    merchantId: '10000100',
    passphrase: 'secret-phrase',
    baseUrl: 'https://sandbox.payfast.co.za',
    validIps: ['127.0.0.1'],
  },
  orders: store.orders,
  validate: async () => true,
  log: { info: () => {}, warn: () => {}, error: () => {} },
})

describe('gift cards and store credit at checkout', () => {
  it('says on the field when a card code is wrong, and throttles guessing per address', async () => {
    const b = browser()
    await b.add('rusks', 1)
    const shape = asData(
      await b.checkout({ intent: 'apply-gift-card', giftCardCode: 'abc' }, '10.9.9.9'),
    )
    expect(shape.init?.status).toBe(400)
    expect(errorsOf(shape)?.giftCardCode).toEqual([
      'Enter the 16-character code from the gift card, e.g. ABCD-EFGH-JKMN-PQRS',
    ])
    const wrong = () =>
      b.checkout({ intent: 'apply-gift-card', giftCardCode: 'ABCD-EFGH-JKMN-PQRS' }, '10.9.9.9')
    for (let i = 0; i < 10; i++) {
      const answer = asData(await wrong())
      expect(answer.init?.status).toBe(400)
      expect(errorsOf(answer)?.giftCardCode).toEqual([
        'We do not know that gift card code: check the 16 characters and try again',
      ])
    }
    const blocked = asData(await wrong())
    expect(blocked.init?.status).toBe(429)
    expect(errorsOf(blocked)?.giftCardCode?.[0]).toMatch(
      /^Too many gift card codes tried from here: at most 10 wrong ones in 10 minutes\. Try again in/,
    )
    // Another address is not held back, and a right code does not count against it.
    const card = await store.giftCards.issue(
      { amountCents: 20_00, issuedTo: null, message: null, note: null },
      STAFF.by,
    )
    const right = asData(
      await b.checkout(
        { intent: 'apply-gift-card', giftCardCode: card.code.toLowerCase(), fetcher: '1' },
        '10.9.9.10',
      ),
    )
    expect(plain(right.data.done)).toMatch(
      /^Gift card ••••-••••-••••-.{4} applied: R 20,00 to spend$/,
    )
  })

  it('judges at most 10 of 40 wrong card codes sent at once from one address', async () => {
    const b = browser()
    await b.add('rusks', 1)
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        b.checkout({ intent: 'apply-gift-card', giftCardCode: 'WXYZ-WXYZ-WXYZ-WXYZ' }, '10.7.7.7'),
      ),
    )
    const statuses = answers.map((answer) => asData(answer).init?.status)
    expect(statuses.filter((status) => status === 400)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(30)
  })

  it('pays part with a gift card: PayFast is asked for the rest, and its ITN is checked against the rest', async () => {
    const card = await store.giftCards.issue(
      { amountCents: 100_00, issuedTo: null, message: null, note: null },
      STAFF.by,
    )
    const b = browser()
    await b.add('biltong', 1)
    await b.checkout({ intent: 'apply-gift-card', giftCardCode: card.code })
    const page = await b.checkoutPage()
    expect(page.promotions.sources.giftCard).toMatchObject({ availableCents: 100_00 })

    const { order } = await placeOrder(b)
    expect(order.giftCards).toEqual([expect.objectContaining({ amountCents: 100_00 })])
    const rest = order.totalCents - 100_00
    expect(amountOf(order)).toBe(centsToRandsString(rest))
    expect((await store.giftCards.get(card.id))?.heldCents).toBe(100_00)

    const whole = await handleItn(itn(order, order.totalCents), itnDeps())
    expect(whole).toMatchObject({ outcome: 'rejected' })
    expect(whole.reason).toMatch(/differs from the R?.*left to pay by PayFast/)
    const paid = await handleItn(itn(order, rest), itnDeps())
    expect(paid).toMatchObject({ outcome: 'accepted', status: 'paid' })
    expect(await store.giftCards.get(card.id)).toMatchObject({ balanceCents: 0, heldCents: 0 })
  })

  it('puts the code and the gift card back with the cart when the payment is cancelled', async () => {
    const card = await store.giftCards.issue(
      { amountCents: 30_00, issuedTo: null, message: null, note: null },
      STAFF.by,
    )
    const b = browser()
    await b.add('biltong', 1)
    await b.cart({ intent: 'apply-discount', code: 'SAVE10' })
    await b.checkout({ intent: 'apply-gift-card', giftCardCode: card.code })
    const { order } = await placeOrder(b)
    expect((await b.cartPage()).appliedCode).toBeNull()

    const cancelled = await b.cancelPayment(order.id)
    expect(cancelled.headers.get('Location')).toBe(`/checkout?cancelled=${order.id}`)
    const page = await b.checkoutPage()
    expect(page.promotions.inputs.code).toBe('SAVE10')
    // The cancelled order gave its hold back: the whole card can pay again.
    expect(page.promotions.sources.giftCard).toMatchObject({ availableCents: 30_00 })
  })

  it('pays an order in full by gift card at once, without PayFast', async () => {
    const card = await store.giftCards.issue(
      { amountCents: 2_000_00, issuedTo: null, message: null, note: null },
      STAFF.by,
    )
    const b = browser()
    await b.add('rusks', 2)
    await b.checkout({ intent: 'apply-gift-card', giftCardCode: card.code })
    const { response, order } = await placeOrder(b)
    expect(response.headers.get('Location')).toBe(`/orders/${order.id}`)
    expect(order.status).toBe('paid')
    expect(order.pfPaymentId).toBeNull()
    expect(order.giftCards).toEqual([expect.objectContaining({ amountCents: order.totalCents })])
    expect(await store.giftCards.get(card.id)).toMatchObject({
      balanceCents: 2_000_00 - order.totalCents,
      heldCents: 0,
    })
  })

  it("spends a signed-in customer's store credit automatically", async () => {
    await store.storeCredit.grant('customer-1', 30_00, { ...STAFF, note: 'A late parcel' })
    const b = browser(customerCookie)
    await b.add('rusks', 1)
    const page = await b.checkoutPage()
    expect(page.promotions.sources.storeCreditCents).toBe(30_00)
    const { order } = await placeOrder(b, 'thandi@example.co.za')
    expect(order.userId).toBe('customer-1')
    expect(order.storeCreditCents).toBe(30_00)
    expect(amountOf(order)).toBe(centsToRandsString(order.totalCents - 30_00))
    expect(await store.storeCredit.get('customer-1')).toMatchObject({ heldCents: 30_00 })
  })
})

describe('a cart of gift cards only', () => {
  it('has no delivery to choose or pay, takes no discount, and is delivered by email once paid', async () => {
    const b = browser()
    await b.add('gift-card', 2)
    const cart = await b.cartPage()
    expect(cart.delivery).toEqual({ kind: 'email', priceCents: 0 })
    expect(cart.summary.totals.totalCents).toBe(500_00)
    // A discount never lowers a gift card: the code is refused, saying why.
    const refused = await b.cart({ intent: 'apply-discount', code: 'SAVE10', fetcher: '1' })
    expect(errorsOf(refused)?.code).toEqual([
      'Code SAVE10 does not apply to gift cards, and your cart holds only gift cards',
    ])

    // Checkout offers one method, free, whatever the address; none to choose.
    const page = await b.checkoutPage()
    expect(page.delivery).toEqual({
      addressKnown: true,
      province: null,
      options: [
        expect.objectContaining({
          id: 'email',
          kind: 'email',
          name: 'Delivered by email',
          priceCents: 0,
        }),
      ],
      selected: 'email',
    })
    const { order } = await placeOrder(b)
    expect(order).toMatchObject({
      shippingCents: 0,
      totalCents: 500_00,
      discounts: [],
      shipping: expect.objectContaining({ kind: 'email', name: 'Delivered by email' }),
    })
    expect(amountOf(order)).toBe('500.00')
    // A standard method posted from a stale page is refused, naming the one there is.
    const b2 = browser()
    await b2.add('gift-card', 1)
    const stale = await b2.checkout({ ...details, shippingMethod: 'standard' })
    expect(errorsOf(stale)?.shippingMethod).toEqual([
      'Choose a delivery option for this address: Delivered by email.',
    ])

    // PayFast's ITN pays it: both cards are issued, and the order is delivered, not left waiting
    // for a shipment; nothing is sent to Bob Go (even with Bob Go configured).
    const paid = await handleItn(itn(order, order.totalCents), itnDeps())
    expect(paid).toMatchObject({ outcome: 'accepted', status: 'paid' })
    await giftCardsAfterPayment(store, paid)
    const after = (await store.orders.get(order.id))!
    expect(after.status).toBe('delivered')
    expect(after.history.at(-1)).toMatchObject({
      status: 'delivered',
      note: 'Gift card codes emailed to the buyer: nothing to ship',
    })
    const cards = (await store.giftCards.list({ offset: 0, limit: 100 })).items.filter(
      (card) => card.orderId === order.id,
    )
    expect(cards.map((card) => card.initialCents)).toEqual([250_00, 250_00])
    expect(await markPaidOrderForBobgo(store, order.id, true)).toBe(false)
  })

  it('a gift card beside anything else is delivered as usual, and only the other items are discounted', async () => {
    const b = browser()
    await b.add('gift-card', 1)
    await b.add('rusks', 2)
    await b.cart({ intent: 'apply-discount', code: 'SAVE10' })
    const cart = await b.cartPage()
    expect(cart.delivery).toMatchObject({ kind: 'parcel' })
    // 10% of the rusks' R 130,00; the R 250 card stays at its face value.
    expect(cart.summary.lines.map((line) => line.amountCents)).toEqual([13_00])
    const page = await b.checkoutPage()
    expect(page.delivery.options.map((option) => option.kind)).not.toContain('email')
  })
})

describe('an automatic offer for one province', () => {
  it('free delivery over R 600 in Gauteng: the cart says at checkout, checkout applies it to a Gauteng address only', async () => {
    const gauteng = await discount({
      automatic: true,
      kind: 'free_shipping',
      value: 0,
      minSpendCents: 600_00,
      scope: { categories: [], productIds: [], provinces: ['Gauteng'] },
    })
    try {
      const b = browser()
      await b.add('biltong', 3)
      const cart = await b.cartPage()
      expect(plain(cart.summary.lines)).toEqual([
        expect.objectContaining({
          label: 'Offer: free delivery in Gauteng',
          amountCents: 0,
          pending: true,
          why: 'Applied automatically: free delivery at checkout, for delivery to Gauteng (your items come to R 750,00, at least the R 600,00 minimum)',
        }),
      ])
      // The delivery estimate is still to pay on the cart.
      expect(cart.summary.totals.totalCents).toBe(750_00 + cart.delivery!.priceCents)

      // Delivered to Pretoria (Gauteng): free.
      const { order } = await placeOrder(b)
      expect(order.shippingAddress.province).toBe('Gauteng')
      expect(order.discounts).toEqual([
        expect.objectContaining({
          discountId: gauteng.id,
          on: 'delivery',
          amountCents: order.shippingCents,
        }),
      ])
      expect(order.totalCents).toBe(750_00)

      // Delivered to Cape Town: the delivery is paid.
      const elsewhere = browser()
      await elsewhere.add('biltong', 3)
      const response = (await elsewhere.checkout({
        ...details,
        suburb: 'Gardens',
        city: 'Cape Town',
        province: 'Western Cape',
        postalCode: '8001',
      })) as Response
      const id = response.headers.get('Location')!.split('/').pop()!
      const capeOrder = (await store.orders.get(id))!
      expect(capeOrder.discounts).toEqual([])
      expect(capeOrder.totalCents).toBe(750_00 + capeOrder.shippingCents)
      expect(capeOrder.shippingCents).toBeGreaterThan(0)
    } finally {
      await store.discounts.setActive(gauteng.id, false, STAFF)
    }
  })
})
