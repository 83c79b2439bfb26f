import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { atSystemTime } from '~/lib/clock.test-helper'
import { draft, product } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import { newOrderId } from '~/lib/orders/id.server'
import { answer, get, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as CustomerRoute from './admin.customers.$id'
import type * as ListRoute from './admin.customers._index'

/**
 * /admin/customers over a real SQLite store in a temp DATA_DIR, signed in through the real session
 * cookie: the guard, the search by name or email, paging, the newest privacy requests, and a
 * customer's page with their orders, store credit, consent and privacy requests.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-customers-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let routes: { list: typeof ListRoute; customer: typeof CustomerRoute }
const context = { clientIp: '127.0.0.1' }

/** 30 customers who joined a minute apart in 2025: lerato1 .. lerato30. */
const LERATOS = 30

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  // Signed in now (sessions live on the real clock), so the staff member and Thandi are the newest.
  who = await signInStaffAndCustomer(store)
  await store.products.upsertMany([product('tea', { stock: 100 })])
  for (let n = 1; n <= LERATOS; n++) {
    await atSystemTime(new Date(Date.UTC(2025, 5, 1, 8, n)), () =>
      store.users.create({
        id: `lerato-${n}`,
        email: `Lerato${n}@example.co.za`,
        firstName: 'Lerato',
        lastName: `Khumalo${n}`,
        phone: null,
        address: null,
      }),
    )
  }
  routes = {
    list: await import('./admin.customers._index'),
    customer: await import('./admin.customers.$id'),
  }
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const list = (search = '', cookie = who.staff) =>
  answer(() =>
    routes.list.loader({ request: get(`/admin/customers${search}`, cookie), params: {}, context }),
  )
const open = (id: string, cookie = who.staff) =>
  answer(() =>
    routes.customer.loader({
      request: get(`/admin/customers/${encodeURIComponent(id)}`, cookie),
      params: { id },
      context,
    }),
  )
const emails = (body: { customers: { email: string }[] }) => body.customers.map((c) => c.email)

describe('/admin/customers', () => {
  it('is staff only: a visitor signs in first, a customer gets the 404 page', async () => {
    expect((await list('', '')).location).toBe('/auth?redirectTo=%2Fadmin%2Fcustomers')
    expect((await list('', who.customer)).status).toBe(404)
    expect((await open('customer-1', '')).location).toBe(
      '/auth?redirectTo=%2Fadmin%2Fcustomers%2Fcustomer-1',
    )
    expect((await open('customer-1', who.customer)).status).toBe(404)
  })

  it('lists every customer newest first, 25 to a page', async () => {
    const first = await list()
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ total: LERATOS + 2, page: 1, pageCount: 2, q: '' })
    // The staff member and Thandi joined now (in one millisecond or two), the Leratos in 2025.
    expect(emails(first.body).slice(0, 2).sort()).toEqual([
      'nomsa@shop.example.co.za',
      'thandi@example.co.za',
    ])
    expect(emails(first.body)[2]).toBe('Lerato30@example.co.za')
    expect(first.body.customers).toHaveLength(25)
    const second = await list('?page=2')
    expect(emails(second.body)).toEqual(
      [7, 6, 5, 4, 3, 2, 1].map((n) => `Lerato${n}@example.co.za`),
    )
    // A page past the end is empty, not an error; a page that is not a number is page 1.
    expect((await list('?page=9')).body.customers).toEqual([])
    expect((await list('?page=x')).body.page).toBe(1)
  })

  it('finds customers by email or name in any case, and says when none match', async () => {
    expect(emails((await list('?q=LERATO7%40example.co.za')).body)).toEqual([
      'Lerato7@example.co.za',
    ])
    expect(emails((await list('?q=khumalo12')).body)).toEqual(['Lerato12@example.co.za'])
    expect((await list('?q=lerato')).body.total).toBe(LERATOS)
    expect((await list('?q=%20%20thandi%40%20')).body).toMatchObject({
      q: 'thandi@',
      total: 1,
      customers: [{ id: 'customer-1', email: 'thandi@example.co.za', name: 'Nomsa Zulu' }],
    })
    expect((await list('?q=nobody')).body).toMatchObject({ customers: [], total: 0 })
    // Hostile input is a search like any other, never a 500.
    for (const q of ['%25', '_', "'%20OR%201=1", 'x'.repeat(5000)]) {
      const found = await list(`?q=${q}`)
      expect(found.status).toBe(200)
      expect(found.body.customers).toEqual([])
    }
  })

  it("shows a customer's profile, orders, store credit and marketing consent", async () => {
    const placed = await atSystemTime('2025-06-02T09:00:00.000Z', () =>
      store.orders.place(draft([{ productId: 'tea', quantity: 2 }], 'lerato-3'), newOrderId()),
    )
    await atSystemTime('2025-06-02T10:00:00.000Z', () =>
      store.storeCredit.grant('lerato-3', 15_000, { by: 'nomsa@shop.example.co.za', note: 'Mug' }),
    )
    // Consent is kept by email: what she chose as a guest at checkout counts too.
    await atSystemTime('2025-06-01T09:00:00.000Z', () =>
      store.consents.record({
        email: 'lerato3@example.co.za',
        userId: null,
        optIn: true,
        source: 'checkout',
      }),
    )
    await atSystemTime('2025-06-03T09:00:00.000Z', () =>
      store.consents.record({
        email: 'lerato3@example.co.za',
        userId: 'lerato-3',
        optIn: false,
        source: 'account',
      }),
    )
    const page = await open('lerato-3')
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({
      customer: { id: 'lerato-3', name: 'Lerato Khumalo3', email: 'Lerato3@example.co.za' },
      orders: [{ id: placed.id, itemCount: 2, totalCents: placed.totalCents }],
      orderCount: 1,
      credit: {
        balanceCents: 15_000,
        history: [{ kind: 'credited', amountCents: 15_000, by: 'nomsa@shop.example.co.za' }],
      },
      consents: {
        current: false,
        history: [
          { optIn: false, source: 'account', at: '2025-06-03T09:00:00.000Z' },
          { optIn: true, source: 'checkout', at: '2025-06-01T09:00:00.000Z' },
        ],
      },
    })
  })

  it("lists the newest privacy requests, a deleted account's without a link, and each customer's own", async () => {
    await atSystemTime('2025-06-04T09:00:00.000Z', () =>
      store.privacyRequests.record({
        userId: 'lerato-2',
        email: 'Lerato2@example.co.za',
        kind: 'export',
      }),
    )
    await atSystemTime('2025-06-05T09:00:00.000Z', async () => {
      await store.users.create({
        id: 'gone-1',
        email: 'gone@example.co.za',
        firstName: 'Gone',
        lastName: 'Away',
        phone: null,
        address: null,
      })
      await store.privacyRequests.eraseAccount('gone-1')
    })
    expect((await list()).body.privacy).toEqual({
      total: 2,
      requests: [
        expect.objectContaining({
          kind: 'delete',
          email: 'gone@example.co.za',
          customerHref: null,
        }),
        expect.objectContaining({
          kind: 'export',
          email: 'Lerato2@example.co.za',
          customerHref: '/admin/customers/lerato-2',
        }),
      ],
    })
    expect((await open('lerato-2')).body.privacyRequests).toEqual([
      expect.objectContaining({ kind: 'export', at: '2025-06-04T09:00:00.000Z' }),
    ])
    expect((await open('lerato-1')).body.privacyRequests).toEqual([])
    // A deleted account has no page.
    expect((await open('gone-1')).status).toBe(404)
  })

  it('answers the 404 page for an unknown customer or an id that cannot be one', async () => {
    expect((await open('nobody-here')).status).toBe(404)
    expect((await open('../orders')).status).toBe(404)
    expect((await open('x'.repeat(500))).status).toBe(404)
  })
})
