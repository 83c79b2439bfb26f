import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { atSystemTime } from '~/lib/clock.test-helper'
import { draft, product } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import { centsToRandsString } from '~/lib/money'
import { newOrderId } from '~/lib/orders/id.server'
import { COLLECT_SHIPPING } from '~/lib/orders/orders.test-helper'
import { itnParamString, signParamString } from '~/lib/payfast/signature.server'
import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as DashboardRoute from './admin._index'
import type * as LayoutRoute from './admin'
import type * as OrderRoute from './admin.orders.$id'
import type * as OrdersRoute from './admin.orders._index'
import type * as OrderMoves from '~/lib/orders/orders.test-helper'

/**
 * The back office's order pages over a real SQLite store in a temp DATA_DIR, signed in through the
 * real session cookie: the guard, the list and every form of /admin/orders/:id, good and bad.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-orders-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let routes: {
  layout: typeof LayoutRoute
  dashboard: typeof DashboardRoute
  list: typeof OrdersRoute
  order: typeof OrderRoute
}
const context = { clientIp: '127.0.0.1' }
const STAFF_EMAIL = 'nomsa@shop.example.co.za'

let orderMoves: typeof OrderMoves.orderMoves

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  orderMoves = (await import('~/lib/orders/orders.test-helper')).orderMoves
  await store.products.upsertMany([product('tea', { stock: 1000 })])
  who = await signInStaffAndCustomer(store)
  routes = {
    layout: await import('./admin'),
    dashboard: await import('./admin._index'),
    list: await import('./admin.orders._index'),
    order: await import('./admin.orders.$id'),
  }
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

let minute = 0
/** Each order a minute after the last, so "newest first" is well defined. */
const nextTime = () => new Date(Date.UTC(2025, 5, 1, 8, minute++)).toISOString()

/** An order placed (holding stock) and, unless `pending`, paid through PayFast. */
async function order(
  status: 'pending' | 'paid' = 'paid',
  overrides: { email?: string; quantity?: number; shipping?: Order['shipping'] } = {},
): Promise<Order> {
  const placed = await atSystemTime(nextTime(), () =>
    store.orders.place(
      {
        ...draft([{ productId: 'tea', quantity: overrides.quantity ?? 1 }]),
        email: overrides.email ?? 'thandi@example.co.za',
        shipping: overrides.shipping ?? null,
      },
      newOrderId(),
    ),
  )
  if (status === 'pending') return placed
  return atSystemTime(nextTime(), () =>
    orderMoves(store.orders).transition(placed.id, 'paid', { pfPaymentId: `pf-${placed.id}` }),
  )
}

const loadOrder = (id: string, cookie?: string) =>
  answer(() =>
    routes.order.loader({ request: get(`/admin/orders/${id}`, cookie), params: { id }, context }),
  )
const postOrder = (id: string, fields: Record<string, string>, cookie = who.staff) =>
  answer(() =>
    routes.order.action({
      request: post(`/admin/orders/${id}`, fields, cookie),
      params: { id },
      context,
    }),
  )
const loadList = (search: string, cookie = who.staff) =>
  answer(() =>
    routes.list.loader({ request: get(`/admin/orders${search}`, cookie), params: {}, context }),
  )

describe('the /admin guard', () => {
  it('sends a visitor to sign in and back, and gives a customer the 404 page', async () => {
    const paid = await order()
    const visitor = await loadOrder(paid.id)
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe(`/auth?redirectTo=%2Fadmin%2Forders%2F${paid.id}`)
    expect((await loadOrder(paid.id, who.customer)).status).toBe(404)
    expect(
      (await postOrder(paid.id, { intent: 'status', status: 'processing' }, who.customer)).status,
    ).toBe(404)
    expect((await store.orders.get(paid.id))?.status).toBe('paid')
    const layout = await answer(() =>
      routes.layout.loader({ request: get('/admin', who.customer), params: {}, context }),
    )
    expect(layout.status).toBe(404)
  })

  it('marks every back-office response no-store and noindex', async () => {
    const headers = new Headers(
      routes.layout.headers({
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    )
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(headers.get('X-Robots-Tag')).toBe('noindex')
    const paid = await order()
    const moved = await postOrder(paid.id, { intent: 'status', status: 'processing' })
    expect(moved.headers.get('Cache-Control')).toBe('no-store')
    expect(moved.headers.get('X-Robots-Tag')).toBe('noindex')
  })

  it('is a 404 for an unknown or malformed order id', async () => {
    expect((await loadOrder('ZZZZZZZZZZZZ', who.staff)).status).toBe(404)
    expect((await loadOrder('nope', who.staff)).status).toBe(404)
  })
})

describe('/admin/orders/:id moves', () => {
  it('moves a paid order to processing, recording who did it, with a toast after the redirect', async () => {
    const paid = await order()
    const result = await postOrder(paid.id, { intent: 'status', status: 'processing' })
    expect(result.status).toBe(302)
    expect(result.location).toBe(`/admin/orders/${paid.id}`)
    expect(result.headers.get('Set-Cookie')).toMatch(/^en_toast=/)
    const after = await store.orders.get(paid.id)
    expect(after?.status).toBe('processing')
    expect(after?.history.at(-1)).toMatchObject({ status: 'processing', by: STAFF_EMAIL })

    const page = await loadOrder(paid.id, who.staff)
    expect(page.body.order.history.at(-1)).toMatchObject({ label: 'Processing', by: STAFF_EMAIL })
    expect(page.body.order.moves).toEqual(['shipped'])
  })

  it('ships with a courier and tracking number, which the order then carries', async () => {
    const paid = await order()
    const result = await postOrder(paid.id, {
      intent: 'status',
      status: 'shipped',
      courier: ' The Courier Guy ',
      trackingNumber: 'TCG-123456',
    })
    expect(result.status).toBe(302)
    const after = await store.orders.get(paid.id)
    expect(after?.status).toBe('shipped')
    expect(after?.shipment).toEqual({ courier: 'The Courier Guy', trackingNumber: 'TCG-123456' })
    expect(after?.history.at(-1)?.by).toBe(STAFF_EMAIL)
  })

  it('refuses shipping without a courier and tracking number, with a message beside each', async () => {
    const paid = await order()
    const result = await postOrder(paid.id, { intent: 'status', status: 'shipped', courier: '  ' })
    expect(result.status).toBe(400)
    expect(result.body.form).toBe('shipped')
    expect(result.body.result.error).toMatchObject({
      courier: ['Enter the courier'],
      trackingNumber: ['Enter the tracking number'],
    })
    expect((await store.orders.get(paid.id))?.status).toBe('paid')
  })

  it('refuses a move docs/contracts.md does not allow, naming the allowed ones', async () => {
    const paid = await order()
    const result = await postOrder(paid.id, { intent: 'status', status: 'delivered' })
    expect(result.status).toBe(400)
    expect(result.body.form).toBe('delivered')
    expect(result.body.result.error['']).toEqual([
      'A paid order cannot move to delivered. Allowed moves: processing, shipped.',
    ])
    expect((await store.orders.get(paid.id))?.status).toBe('paid')

    await postOrder(paid.id, {
      intent: 'status',
      status: 'shipped',
      courier: 'Aramex',
      trackingNumber: 'A1',
    })
    await postOrder(paid.id, { intent: 'status', status: 'delivered' })
    const done = await postOrder(paid.id, { intent: 'status', status: 'processing' })
    expect(done.status).toBe(400)
    expect(done.body.result.error['']).toEqual([
      'A delivered order cannot move to processing. Allowed moves: none.',
    ])
  })

  it('refuses an unknown status or intent', async () => {
    const paid = await order()
    const bogus = await postOrder(paid.id, { intent: 'status', status: 'paid' })
    expect(bogus.status).toBe(400)
    expect(bogus.body.result.error.status).toEqual([
      'Choose processing, shipped, delivered, ready for collection or collected',
    ])
    const noIntent = await postOrder(paid.id, { intent: 'explode' })
    expect(noIntent.status).toBe(400)
    expect((await store.orders.get(paid.id))?.status).toBe('paid')
  })

  it('cancels an unpaid order and releases the stock it held; a paid one cannot be cancelled', async () => {
    const before = (await store.products.get('tea'))!.variants[0]!.stock
    const pending = await order('pending', { quantity: 3 })
    expect((await store.products.get('tea'))!.variants[0]!.stock).toBe(before - 3)
    const result = await postOrder(pending.id, { intent: 'cancel' })
    expect(result.status).toBe(302)
    const after = await store.orders.get(pending.id)
    expect(after?.status).toBe('cancelled')
    expect(after?.history.at(-1)).toMatchObject({ status: 'cancelled', by: STAFF_EMAIL })
    expect((await store.products.get('tea'))!.variants[0]!.stock).toBe(before)

    const paid = await order()
    const refused = await postOrder(paid.id, { intent: 'cancel' })
    expect(refused.status).toBe(400)
    expect(refused.body.result.error['']).toEqual([
      'A paid order cannot be cancelled. Allowed moves: processing, shipped.',
    ])
  })

  it('makes a collect order ready for collection (mailing the buyer) and then collected; never shipped', async () => {
    const paid = await order('paid', { shipping: COLLECT_SHIPPING })
    expect((await loadOrder(paid.id, who.staff)).body.order.moves).toEqual([
      'processing',
      'ready_for_collection',
    ])
    const ship = await postOrder(paid.id, {
      intent: 'status',
      status: 'shipped',
      courier: 'Aramex',
      trackingNumber: 'A1',
    })
    expect(ship.status).toBe(400)
    expect(ship.body.result.error['']).toEqual([
      'A paid order cannot move to shipped. Allowed moves: processing, ready for collection.',
    ])

    const ready = await postOrder(paid.id, { intent: 'status', status: 'ready_for_collection' })
    expect(ready.status).toBe(302)
    const after = await store.orders.get(paid.id)
    expect(after?.status).toBe('ready_for_collection')
    expect(after?.history.at(-1)).toMatchObject({ status: 'ready_for_collection', by: STAFF_EMAIL })
    const mail = await store.outbox.get(`order-ready:${paid.id}`)
    expect(mail?.subject).toBe(`Order ${paid.id} is ready for collection`)
    expect(mail?.text).toContain('100 Albert Road')

    const page = await loadOrder(paid.id, who.staff)
    expect(page.body.order.moves).toEqual(['collected'])
    expect(page.body.order.shipping).toMatchObject({ kind: 'collect', name: 'Collect in store' })
    const collected = await postOrder(paid.id, { intent: 'status', status: 'collected' })
    expect(collected.status).toBe(302)
    expect((await store.orders.get(paid.id))?.status).toBe('collected')
    expect((await loadOrder(paid.id, who.staff)).body.order.moves).toEqual([])

    // A delivered order is never made ready for collection.
    const delivery = await order()
    const refused = await postOrder(delivery.id, {
      intent: 'status',
      status: 'ready_for_collection',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.result.error['']).toEqual([
      'A paid order cannot move to ready for collection. Allowed moves: processing, shipped.',
    ])
  })

  it('marks a late payment refunded; an order not flagged is refused', async () => {
    const late = await order('pending')
    await atSystemTime(nextTime(), () => orderMoves(store.orders).transition(late.id, 'cancelled'))
    await atSystemTime(nextTime(), () =>
      orderMoves(store.orders).flagLatePayment(late.id, { pfPaymentId: 'pf-late' }),
    )
    expect((await loadOrder(late.id, who.staff)).body.order.moves).toEqual(['refunded'])

    const result = await postOrder(late.id, { intent: 'refunded' })
    expect(result.status).toBe(302)
    const after = await store.orders.get(late.id)
    expect(after?.refundNeeded).toBe(false)
    expect(after?.history.at(-1)?.by).toBe(STAFF_EMAIL)

    const again = await postOrder(late.id, { intent: 'refunded' })
    expect(again.status).toBe(400)
    expect(again.body.result.error['']).toEqual([
      'This order is not flagged for a refund. Allowed moves: none.',
    ])
  })
})

describe('/admin/orders', () => {
  it('lists newest first, filters by status and finds an order by id as typed or by email', async () => {
    const mine = await order('paid', { email: 'Lindiwe@Example.co.za' })
    const byEmail = await loadList('?q=lindiwe%40example.co.za')
    expect(byEmail.body.orders.map((o: { id: string }) => o.id)).toEqual([mine.id])

    const typed = `${mine.id.slice(0, 4).toLowerCase()}-${mine.id.slice(4).toLowerCase()}`
    const byId = await loadList(`?q=${encodeURIComponent(typed)}`)
    expect(byId.body.orders.map((o: { id: string }) => o.id)).toEqual([mine.id])

    const pending = await order('pending')
    const onlyPending = await loadList('?status=pending_payment')
    expect(onlyPending.body.orders.map((o: { status: string }) => o.status)).toEqual(
      onlyPending.body.orders.map(() => 'pending_payment'),
    )
    expect(onlyPending.body.orders[0].id).toBe(pending.id)
  })

  it('pages by 25 and drops empty filter fields with a redirect', async () => {
    for (let i = 0; i < 26; i++) await order('paid', { email: 'many@example.co.za' })
    const first = await loadList('?q=many%40example.co.za')
    expect(first.body.orders).toHaveLength(25)
    expect(first.body).toMatchObject({ total: 26, page: 1, pageCount: 2 })
    const second = await loadList('?q=many%40example.co.za&page=2')
    expect(second.body.orders).toHaveLength(1)

    const tidy = await loadList('?status=&q=many%40example.co.za&page=')
    expect(tidy.status).toBe(302)
    expect(tidy.location).toBe('/admin/orders?q=many%40example.co.za')
  })
})

describe('/admin dashboard', () => {
  it('lists an order paid twice at PayFast for a refund until staff mark it refunded', async () => {
    // NOTE: imported here, after DATA_DIR is stubbed: the ITN handler reads the environment.
    const { handleItn } = await import('~/lib/payfast/itn.server')
    const placed = await order('pending')
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const deps = {
      config: {
        merchantId: '10000100',
        passphrase: undefined,
        baseUrl: '',
        validIps: ['10.0.0.1'],
      },
      orders: store.orders,
      validate: async () => true,
      log,
    }
    // The buyer pressed "Pay now" twice on PayFast's page: two genuine payments.
    for (const pfPaymentId of ['2000001', '2000002']) {
      const params = itnParamString([
        ['m_payment_id', placed.id],
        ['pf_payment_id', pfPaymentId],
        ['payment_status', 'COMPLETE'],
        ['amount_gross', centsToRandsString(placed.totalCents)],
        ['merchant_id', '10000100'],
      ])
      const body = `${params}&signature=${signParamString(params, undefined)}`
      await handleItn({ body, sourceIp: '10.0.0.1' }, deps)
    }
    expect(log.warn).toHaveBeenCalledTimes(1)

    const dashboard = async () =>
      (
        await answer(() =>
          routes.dashboard.loader({ request: get('/admin', who.staff), params: {}, context }),
        )
      ).body
    const flagged = await dashboard()
    expect(flagged.refunds).toContainEqual({
      id: placed.id,
      email: placed.email,
      totalCents: placed.totalCents,
      reason: 'paid more than once',
    })
    expect(flagged.counts.refundsNeeded).toBe(flagged.refunds.length)

    const page = (await loadOrder(placed.id, who.staff)).body.order
    expect(page).toMatchObject({
      status: 'paid',
      pfPaymentId: '2000001',
      refundNeeded: true,
      refundReason: 'paid more than once',
    })
    expect(page.moves).toContain('refunded')
    expect(page.history.at(-1).note).toBe(
      'second payment received (pf_payment_id 2000002): refund needed',
    )

    expect((await postOrder(placed.id, { intent: 'refunded' })).status).toBe(302)
    const after = await dashboard()
    expect(after.refunds.map((r: { id: string }) => r.id)).not.toContain(placed.id)
    expect(after.counts.refundsNeeded).toBe(flagged.counts.refundsNeeded - 1)
  })

  it('counts orders to fulfil and refunds needed', async () => {
    const { body } = await answer(() =>
      routes.dashboard.loader({ request: get('/admin', who.staff), params: {}, context }),
    )
    const byStatus = await store.orders.countByStatus()
    expect(body.counts.toFulfil).toBe(byStatus.paid + byStatus.processing)
    expect(body.counts.refundsNeeded).toBe((await store.orders.listRefundNeeded()).length)
    expect(body.counts).toMatchObject({ unhandledMessages: 0, failedEmails: 0 })
  })
})

describe('/admin/orders/:id gift cards bought', () => {
  it('lists the cards a paid order bought and issues the missing ones once, however often asked', async () => {
    await store.products.upsertMany([
      product('card-250', { stock: 1000, category: 'gift-cards', priceCents: 25_000 }),
    ])
    const placed = await atSystemTime(nextTime(), () =>
      store.orders.place(
        draft([{ productId: 'card-250', quantity: 2, unitPriceCents: 25_000 }]),
        newOrderId(),
      ),
    )
    const refused = await postOrder(placed.id, { intent: 'issue-gift-cards' })
    expect(refused.status).toBe(302)
    expect(
      (await loadOrder(placed.id, who.staff)).body.boughtCards.map(
        (b: { card: unknown }) => b.card,
      ),
    ).toEqual([null, null])
    await orderMoves(store.orders).transition(placed.id, 'paid', { pfPaymentId: 'pf-cards' })
    await Promise.all([
      postOrder(placed.id, { intent: 'issue-gift-cards' }),
      postOrder(placed.id, { intent: 'issue-gift-cards' }),
    ])
    await postOrder(placed.id, { intent: 'issue-gift-cards' })
    const bought = (await loadOrder(placed.id, who.staff)).body.boughtCards as {
      card: { id: string } | null
    }[]
    expect(bought).toHaveLength(2)
    const ids = bought.map((b) => b.card?.id)
    expect(new Set(ids).size).toBe(2)
    const cards = await Promise.all(ids.map((id) => store.giftCards.get(id!)))
    expect(cards.map((c) => [c?.initialCents, c?.orderId, c?.issuedTo])).toEqual([
      [25_000, placed.id, placed.email],
      [25_000, placed.id, placed.email],
    ])
  })
})
