import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { atSystemTime } from '~/lib/clock.test-helper'
import { draft, product } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import type { ReturnDecisionForm } from '~/lib/orders/return-fields'
import { newOrderId } from '~/lib/orders/id.server'
import type * as OrderMoves from '~/lib/orders/orders.test-helper'
import { simulatedRefunds } from '~/lib/payfast/refunds.server'

import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'
import type * as OrderRoute from './admin.orders.$id'
import type * as CustomerOrderRoute from './orders.$id'

/**
 * Staff's refund form on /admin/orders/:id over a real SQLite store and the PayFast simulator
 * (PAYFAST_MODE unset outside production): a plain post refunds once per key and redirects, a
 * refusal answers 400 with the reason beside the field, and the buyer's page by its link lists it.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-refunds-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let routes: { order: typeof OrderRoute; customer: typeof CustomerOrderRoute }
let orderMoves: typeof OrderMoves.orderMoves
let orderLinkPath: (id: string) => string
const context = { clientIp: '127.0.0.1' }
const STAFF_EMAIL = 'nomsa@shop.example.co.za'

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  orderMoves = (await import('~/lib/orders/orders.test-helper')).orderMoves
  orderLinkPath = (await import('~/lib/orders/order-link.server')).orderLinkPath
  await store.products.upsertMany([product('tea', { stock: 1000 })])
  who = await signInStaffAndCustomer(store)
  routes = { order: await import('./admin.orders.$id'), customer: await import('./orders.$id') }
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

let minute = 0
const nextTime = () => new Date(Date.UTC(2025, 5, 1, 8, minute++)).toISOString()

/** A guest's order of 2 tea (R 100,00 each), paid through PayFast. */
async function paidOrder(): Promise<Order> {
  const placed = await atSystemTime(nextTime(), () =>
    store.orders.place(
      { ...draft([{ productId: 'tea', quantity: 2, unitPriceCents: 10_000 }]) },
      newOrderId(),
    ),
  )
  return atSystemTime(nextTime(), () =>
    orderMoves(store.orders).transition(placed.id, 'paid', { pfPaymentId: `pf-${placed.id}` }),
  )
}

const loadOrder = (id: string) =>
  answer(() =>
    routes.order.loader({
      request: get(`/admin/orders/${id}`, who.staff),
      params: { id },
      context,
    }),
  )
const postRefund = (id: string, fields: Record<string, string>) =>
  answer(() =>
    routes.order.action({
      request: post(`/admin/orders/${id}`, { intent: 'refund', ...fields }, who.staff),
      params: { id },
      context,
    }),
  )

describe('/admin/orders/:id refund', () => {
  it('offers the refund form with what is left and a fresh key', async () => {
    const paid = await paidOrder()
    const page = await loadOrder(paid.id)
    expect(page.body.refund.form).toMatchObject({
      paidCents: paid.totalCents,
      leftCents: paid.totalCents,
      lines: [{ variantId: 'tea', quantity: 2 }],
    })
    expect(page.body.refund.key).toMatch(/^[A-Za-z0-9_-]{16}$/)
  })

  it('refunds part through the simulator once per key, restocks, and the buyer sees it by link', async () => {
    const paid = await paidOrder()
    const stockBefore = (await store.products.get('tea'))?.stock
    const form = {
      refundKey: 'refund-key-0001',
      amount: '150.00',
      reason: 'Damaged in transit',
      restock: 'tea',
    }
    const first = await postRefund(paid.id, form)
    expect(first.status).toBe(302)
    expect(first.location).toBe(`/admin/orders/${paid.id}`)
    expect(simulatedRefunds[0]).toMatchObject({ pfPaymentId: `pf-${paid.id}`, amountCents: 15_000 })
    const simulated = simulatedRefunds.length
    // A double submit (the same key) records nothing more and asks PayFast nothing.
    expect((await postRefund(paid.id, form)).status).toBe(302)
    expect(simulatedRefunds).toHaveLength(simulated)

    const after = (await store.orders.get(paid.id))!
    expect(after.status).toBe('partially_refunded')
    expect(after.refunds).toHaveLength(1)
    expect(after.refunds[0]).toMatchObject({ amountCents: 15_000, by: STAFF_EMAIL })
    expect((await store.products.get('tea'))?.stock).toBe(stockBefore! + 2)

    const page = await loadOrder(paid.id)
    expect(page.body.refund.form.leftCents).toBe(paid.totalCents - 15_000)

    const link = new URL(orderLinkPath(paid.id), 'http://localhost')
    const buyer = await answer(() =>
      routes.customer.loader({
        request: get(`${link.pathname}${link.search}`),
        params: { id: paid.id },
        context,
      }),
    )
    expect(buyer.body.refunds).toEqual([
      expect.objectContaining({
        amountCents: 15_000,
        reason: 'Damaged in transit',
        payfastCents: 15_000,
      }),
    ])
  })

  it('a refund for a received return (?return=R1) starts at its value and settles it', async () => {
    const { requestReturn, staffReturnMove } = await import('~/lib/orders/returns.server')
    const mail = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' }
    const paid = await paidOrder()
    const moves = orderMoves(store.orders)
    await atSystemTime(nextTime(), () =>
      moves.transition(paid.id, 'shipped', { shipment: { courier: 'TCG', trackingNumber: 'T1' } }),
    )
    await atSystemTime(nextTime(), () => moves.transition(paid.id, 'delivered'))
    const asked = await atSystemTime(nextTime(), () =>
      requestReturn(
        store,
        paid.id,
        {
          key: 'return-key-1',
          lines: [{ variantId: 'tea', quantity: 1 }],
          reason: 'damaged',
          note: null,
        },
        { windowDays: 30, mail },
      ),
    )
    expect(asked.ok).toBe(true)
    const decisions: ReturnDecisionForm[] = [
      { intent: 'return-approve', returnId: 'R1', message: null },
      { intent: 'return-received', returnId: 'R1', restock: [] },
    ]
    for (const form of decisions) {
      const order = (await store.orders.get(paid.id))!
      expect((await staffReturnMove(store, order, form, STAFF_EMAIL, mail)).ok).toBe(true)
    }
    const page = await answer(() =>
      routes.order.loader({
        request: get(`/admin/orders/${paid.id}?return=R1`, who.staff),
        params: { id: paid.id },
        context,
      }),
    )
    expect(page.body.refund.form.prefill).toMatchObject({ returnId: 'R1', amountCents: 10_000 })
    const result = await postRefund(paid.id, {
      refundKey: 'refund-key-0003',
      amount: '100.00',
      reason: 'Return R1: damaged',
      returnId: 'R1',
    })
    expect(result.status).toBe(302)
    const after = (await store.orders.get(paid.id))!
    expect(after.returns[0]).toMatchObject({ state: 'refunded', refundId: 'refund-key-0003' })
  })

  it('refuses more than is left, beside the amount, and changes nothing', async () => {
    const paid = await paidOrder()
    const result = await postRefund(paid.id, {
      refundKey: 'refund-key-0002',
      amount: '99999',
      reason: 'Too much',
    })
    expect(result.status).toBe(400)
    expect(result.body.form).toBe('refund')
    expect(result.body.result.error.amount?.[0]).toMatch(/^Amount: at most R.* is left to refund/)
    const after = (await store.orders.get(paid.id))!
    expect(after.status).toBe('paid')
    expect(after.refunds).toEqual([])
  })

  it('names each field to fix: a blank reason, an amount that is not money, a missing key', async () => {
    const paid = await paidOrder()
    const result = await postRefund(paid.id, { amount: 'lots', reason: ' ' })
    expect(result.status).toBe(400)
    expect(result.body.result.error).toMatchObject({
      amount: ['Enter the amount to refund in rands, e.g. 1299.00'],
      reason: ['Enter the reason, e.g. "Damaged in transit"'],
      refundKey: ['Reload the page and try again'],
    })
    expect((await store.orders.get(paid.id))?.refunds).toEqual([])
  })
})
