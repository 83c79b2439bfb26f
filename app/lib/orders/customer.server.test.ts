import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import { manualClock } from '~/lib/clock.test-helper'
import { openStore, type Store } from '~/lib/data/index.server'
import type { OrderDraft } from '~/lib/data/types'
import { orderMoves, pendingOrder } from '~/lib/orders/orders.test-helper'

import { listCustomerOrders } from './customer.server'
import { newOrderId } from './id.server'

/** The orders page's data over a real SQLite store in a temp dir. */

let store: Store
let dataDir: string
/** The store's clock: the real time, unless a test places an order in the past. */
const clock = manualClock(Date.now())

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'customer-orders-test-'))
  store = await openStore({ backend: 'sqlite', dataDir, now: clock.now })
  await store.products.upsertMany([
    makeProduct({ id: 'rooibos', priceCents: 8950, stock: 10 }),
    makeProduct({ id: 'honey', priceCents: 12000, stock: 10 }),
  ])
})

afterAll(async () => {
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const draftFor = (userId: string | null): OrderDraft => {
  const {
    id: _id,
    status: _s,
    history: _h,
    pfPaymentId: _p,
    createdAt: _c,
    updatedAt: _u,
    ...draft
  } = pendingOrder({ userId })
  return draft
}
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()
/** Places the order `n` minutes ago (the store's clock set there first). */
const placeMinutesAgo = (draft: OrderDraft, n: number) => {
  clock.set(minutesAgo(n))
  return store.orders.place(draft, newOrderId())
}

describe('listCustomerOrders', () => {
  it('lists only the customer’s orders, newest first, and cancels one left unpaid past 30 minutes', async () => {
    const unpaid = await placeMinutesAgo(draftFor('u1'), 45)
    const paid = await placeMinutesAgo(draftFor('u1'), 40)
    await orderMoves(store.orders, clock).transition(paid.id, 'paid', { at: minutesAgo(39) })
    const recent = await placeMinutesAgo(draftFor('u1'), 5)
    await placeMinutesAgo(draftFor('u2'), 1)
    clock.set(Date.now())

    const listed = await listCustomerOrders(store, 'u1')

    expect(listed.map((o) => o.id)).toEqual([recent.id, paid.id, unpaid.id])
    expect(listed.map((o) => o.statusLabel)).toEqual(['Awaiting payment', 'Paid', 'Cancelled'])
    expect(listed[0]).toEqual({
      id: recent.id,
      createdAt: recent.createdAt,
      status: 'pending_payment',
      statusLabel: 'Awaiting payment',
      itemCount: recent.lines.reduce((n, l) => n + l.quantity, 0),
      totalCents: recent.totalCents,
    })
    expect(await listCustomerOrders(store, 'nobody')).toEqual([])
  })
})
