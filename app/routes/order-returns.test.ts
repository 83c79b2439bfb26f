import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { atSystemTime } from '~/lib/clock.test-helper'
import { draft, product } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import { newOrderId } from '~/lib/orders/id.server'
import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as AdminOrderRoute from './admin.orders.$id'
import type * as OrderRoute from './orders.$id'
import type * as OrderMoves from '~/lib/orders/orders.test-helper'
import type * as OrderLink from '~/lib/orders/order-link.server'

/**
 * Returns through the two order pages over a real SQLite store: the buyer's request on
 * /orders/{id} (signed in, or a guest by the order link, whose form posts back with its key), and
 * staff's decisions on /admin/orders/{id}; every refusal a 400 that names the field and the fix.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'returns-routes-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let routes: { order: typeof OrderRoute; admin: typeof AdminOrderRoute }
let orderMoves: typeof OrderMoves.orderMoves
let orderLinkKey: typeof OrderLink.orderLinkKey
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  orderMoves = (await import('~/lib/orders/orders.test-helper')).orderMoves
  orderLinkKey = (await import('~/lib/orders/order-link.server')).orderLinkKey
  await store.products.upsertMany([
    product('tea', { stock: 100 }),
    product('jam', { stock: 100, priceCents: 5_000 }),
  ])
  who = await signInStaffAndCustomer(store)
  routes = { order: await import('./orders.$id'), admin: await import('./admin.orders.$id') }
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

/** A delivered order of 2 tea and 1 jam: the customer's, or a guest's; delivered `at` (now). */
async function deliveredOrder(buyer: 'customer' | 'guest', at?: string): Promise<Order> {
  const run = async () => {
    const placed = await store.orders.place(
      draft(
        [
          { productId: 'tea', quantity: 2 },
          { productId: 'jam', quantity: 1, unitPriceCents: 5_000 },
        ],
        buyer === 'customer' ? 'customer-1' : null,
      ),
      newOrderId(),
    )
    const moves = orderMoves(store.orders)
    await moves.transition(placed.id, 'paid', { pfPaymentId: `pf-${placed.id}` })
    await moves.transition(placed.id, 'shipped', {
      shipment: { courier: 'The Courier Guy', trackingNumber: 'TCG-1' },
    })
    return moves.transition(placed.id, 'delivered')
  }
  return at ? atSystemTime(at, run) : run()
}

const teaLine = (quantity = '1') => ({
  'lines[0].variantId': 'tea',
  'lines[0].selected': 'on',
  'lines[0].quantity': quantity,
  'lines[1].variantId': 'jam',
  'lines[1].quantity': '1',
})

const ask = (
  order: Order,
  fields: Record<string, string>,
  { cookie = who.customer, key = '' } = {},
) =>
  answer(() =>
    routes.order.action({
      request: post(`/orders/${order.id}${key ? `?key=${key}` : ''}`, fields, cookie || undefined),
      params: { id: order.id },
      context,
    }),
  )
const decide = (order: Order, fields: Record<string, string>) =>
  answer(() =>
    routes.admin.action({
      request: post(`/admin/orders/${order.id}`, fields, who.staff),
      params: { id: order.id },
      context,
    }),
  )

describe('the buyer asks for a return on /orders/{id}', () => {
  it('works for a guest by the order link: the form posts back with the key, the return is stored and mailed', async () => {
    const order = await deliveredOrder('guest')
    const key = orderLinkKey(order.id)
    const page = await answer(() =>
      routes.order.loader({
        request: get(`/orders/${order.id}?key=${key}`),
        params: { id: order.id },
        context,
      }),
    )
    expect(page.body.returns.form).toMatchObject({ open: true })
    expect(page.body.returns.action).toBe(`/orders/${order.id}?key=${key}`)

    // Without the link's key a stranger is sent to sign in, and nothing is asked.
    const stranger = await ask(
      order,
      { intent: 'request-return', reason: 'damaged', ...teaLine() },
      { cookie: '' },
    )
    expect(stranger.status).toBe(302)
    expect(stranger.location).toMatch(/^\/auth\?redirectTo=/)
    expect((await store.orders.get(order.id))!.returns).toEqual([])

    const asked = await ask(
      order,
      { intent: 'request-return', returnKey: 'guest-key-123', reason: 'damaged', ...teaLine('2') },
      { cookie: '', key },
    )
    expect(asked.status).toBe(302)
    expect(asked.location).toBe(`/orders/${order.id}?key=${key}`)
    const stored = (await store.orders.get(order.id))!
    expect(stored.returns).toMatchObject([
      {
        id: 'R1',
        state: 'requested',
        lines: [{ variantId: 'tea', quantity: 2 }],
        reason: 'damaged',
      },
    ])
    expect(await store.outbox.get(`return-requested:${order.id}:R1`)).toMatchObject({
      to: order.email,
    })
  })

  it('refuses a form with nothing ticked, no reason, or more than was bought, naming the fix', async () => {
    const order = await deliveredOrder('customer')
    const nothing = await ask(order, {
      intent: 'request-return',
      reason: '',
      'lines[0].variantId': 'tea',
      'lines[0].quantity': '1',
    })
    expect(nothing.status).toBe(400)
    expect(nothing.body.result.error).toMatchObject({
      lines: ['Tick at least one item to return'],
      reason: ['Choose why you are returning the items'],
    })
    const other = await ask(order, { intent: 'request-return', reason: 'other', ...teaLine() })
    expect(other.body.result.error).toMatchObject({ note: ['Tell us the reason in the note'] })
    const tooMany = await ask(order, {
      intent: 'request-return',
      reason: 'wrong-size',
      ...teaLine('3'),
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.result.error['']).toEqual(['You can return at most 2 of Product tea'])
    const hostile = await ask(order, {
      intent: 'request-return',
      reason: 'wrong-size',
      'lines[0].variantId': '../../etc',
      'lines[0].selected': 'on',
      'lines[0].quantity': '99999999999',
    })
    expect(hostile.status).toBe(400)
    expect((await store.orders.get(order.id))!.returns).toEqual([])
  })

  it('says the window closed once it has, on the page and to a post', async () => {
    const order = await deliveredOrder('customer', '2025-01-10T10:00:00.000Z')
    const page = await answer(() =>
      routes.order.loader({
        request: get(`/orders/${order.id}`, who.customer),
        params: { id: order.id },
        context,
      }),
    )
    expect(page.body.returns.form).toMatchObject({
      open: false,
      reason: 'The 30-day return window closed on 2025-02-09',
    })
    const late = await ask(order, {
      intent: 'request-return',
      reason: 'changed-mind',
      ...teaLine(),
    })
    expect(late.status).toBe(400)
    expect(late.body.result.error['']).toEqual(['The 30-day return window closed on 2025-02-09'])
  })
})

describe('staff decide on /admin/orders/{id}', () => {
  it('approve, receive with a restock, then store credit; a decline after approval is refused', async () => {
    const order = await deliveredOrder('customer')
    expect(
      (await ask(order, { intent: 'request-return', reason: 'wrong-size', ...teaLine('2') }))
        .status,
    ).toBe(302)

    const blankDecline = await decide(order, {
      intent: 'return-decline',
      returnId: 'R1',
      message: ' ',
    })
    expect(blankDecline.status).toBe(400)
    expect(blankDecline.body).toMatchObject({
      form: 'return-decline:R1',
      result: { error: { message: ['Tell the buyer why the return is declined'] } },
    })
    expect(
      (await decide(order, { intent: 'return-approve', returnId: 'R1', message: '' })).status,
    ).toBe(302)
    const late = await decide(order, { intent: 'return-decline', returnId: 'R1', message: 'No' })
    expect(late.status).toBe(400)
    expect(late.body.result.error['']).toEqual(['Return R1 is approved: it cannot be declined now'])

    const teaBefore = (await store.products.get('tea'))!.stock
    expect(
      (await decide(order, { intent: 'return-received', returnId: 'R1', restock: 'tea' })).status,
    ).toBe(302)
    expect((await store.products.get('tea'))!.stock).toBe(teaBefore + 2)

    const tooMuch = await decide(order, {
      intent: 'return-credit',
      returnId: 'R1',
      amount: '258.01',
    })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.result.error[''][0]).toMatch(/^Store credit for return R1 is at most R/)
    expect(
      (await decide(order, { intent: 'return-credit', returnId: 'R1', amount: '258.00' })).status,
    ).toBe(302)
    expect((await store.storeCredit.get('customer-1')).balanceCents).toBe(25_800)

    const page = await answer(() =>
      routes.admin.loader({
        request: get(`/admin/orders/${order.id}`, who.staff),
        params: { id: order.id },
        context,
      }),
    )
    expect(page.body.returns.list).toMatchObject([
      { id: 'R1', state: 'refunded', refundedAs: 'store-credit', refundedCents: 25_800, moves: [] },
    ])
  })

  it('refuses an unknown return or refund, naming what to do', async () => {
    const order = await deliveredOrder('customer')
    const unknown = await decide(order, { intent: 'return-approve', returnId: 'R9' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.result.error['']).toEqual([`Order ${order.id} has no return R9`])
    const badId = await decide(order, { intent: 'return-approve', returnId: 'x'.repeat(5000) })
    expect(badId.status).toBe(400)
    expect(badId.body.result.error.returnId).toEqual(['Choose a return of this order'])
  })
})
