import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { draft, product } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import { moveOrder } from '~/lib/orders/move.server'
import { answer, get, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as ExportRoute from './admin.export.$kind[.]csv'
import type * as ReportsRoute from './admin.reports._index'
import type * as VatRoute from './admin.reports.vat'

/**
 * /admin/reports, /admin/reports/vat and /admin/export/{kind}.csv over a real SQLite store in a
 * temp DATA_DIR, signed in through the real session cookie: staff only, a bad period a 400 naming
 * its field, an unknown export a 404, and this week's paid order in the figures, the VAT summary and
 * the CSV files.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-reports-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let routes: { reports: typeof ReportsRoute; vat: typeof VatRoute; csv: typeof ExportRoute }
let orderId: string
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  who = await signInStaffAndCustomer(store)
  await store.products.upsertMany([product('tea', { stock: 100 })])
  const placed = await store.orders.place(
    draft([{ productId: 'tea', quantity: 2, unitPriceCents: 12_900 }]),
    'REPORTS001',
  )
  // Never paid: counts nowhere.
  await store.orders.place(draft([{ productId: 'tea', quantity: 1 }]), 'REPORTS002')
  await moveOrder({ orders: store.orders }, placed.id, { move: 'pay', pfPaymentId: 'pf-1' })
  orderId = placed.id
  routes = {
    reports: await import('./admin.reports._index'),
    vat: await import('./admin.reports.vat'),
    csv: await import('./admin.export.$kind[.]csv'),
  }
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const reports = (search = '', cookie = who.staff) =>
  answer(() =>
    routes.reports.loader({ request: get(`/admin/reports${search}`, cookie), params: {}, context }),
  )
const vat = (search = '', cookie = who.staff) =>
  answer(() =>
    routes.vat.loader({ request: get(`/admin/reports/vat${search}`, cookie), params: {}, context }),
  )
const csv = async (kind: string, search = '', cookie = who.staff) => {
  try {
    return await routes.csv.loader({
      request: get(`/admin/export/${kind}.csv${search}`, cookie),
      params: { kind },
      context,
    })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

describe('reports are staff only', () => {
  it('sends a visitor to sign in and gives a customer the 404 page, for every report and export', async () => {
    expect((await reports('', '')).location).toBe('/auth?redirectTo=%2Fadmin%2Freports')
    expect((await reports('', who.customer)).status).toBe(404)
    expect((await vat('', who.customer)).status).toBe(404)
    expect((await csv('orders', '', who.customer)).status).toBe(404)
    expect((await csv('orders', '', '')).headers.get('Location')).toMatch(/^\/auth\?redirectTo=/)
  })
})

describe('/admin/reports', () => {
  it("shows this week's paid order, not the unpaid one, at the prices it was placed at", async () => {
    const { status, body } = await reports('?period=7d')
    expect(status).toBe(200)
    expect(body.report.totals).toMatchObject({
      orders: 1,
      units: 2,
      grossCents: 25_800,
      deliveryCents: 9_900,
      totalCents: 35_700,
      vatCents: Math.round((35_700 * 15) / 115),
    })
    expect(body.report.products).toEqual([
      expect.objectContaining({ productId: 'tea', units: 2, salesCents: 25_800 }),
    ])
    expect(body.report.customers).toEqual({ customers: 1, new: 1, returning: 0 })
  })

  it('answers a bad period with 400, naming the field and keeping what was typed', async () => {
    const bad = await reports('?from=2026-02-30&to=2026-03-01')
    expect(bad.status).toBe(400)
    expect(bad.headers.get('Cache-Control')).toBe('no-store')
    expect(bad.body).toMatchObject({
      ok: false,
      errors: { from: expect.stringMatching(/YYYY-MM-DD/) },
      values: { from: '2026-02-30', to: '2026-03-01' },
    })
    expect((await reports('?from=2026-03-05&to=2026-03-01')).body.errors).toEqual({
      to: 'The last day must be on or after the first day',
    })
  })
})

describe('/admin/reports/vat', () => {
  it("lists this week's invoice with its VAT, and answers a bad period with 400", async () => {
    const { status, body } = await vat('?period=7d')
    expect(status).toBe(200)
    expect(body.summary.documents).toEqual([
      expect.objectContaining({ kind: 'invoice', orderId, totalCents: 35_700 }),
    ])
    expect((await vat('?period=fortnight')).status).toBe(400)
  })
})

describe('/admin/export/{kind}.csv', () => {
  it('streams the orders paid in the period as CSV, money in rands', async () => {
    const response = await csv('order-lines', '?period=7d')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="order-lines-/,
    )
    const lines = (await response.text()).trim().split('\n')
    expect(lines[0]).toBe(
      'order_id,invoice_number,paid_at,product_id,variant_id,name,options,quantity,unit_price,line_total',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${orderId},INV-000001,`)
    expect(lines[1]).toContain(',2,129.00,258.00')
  })

  it('writes one row per invoice and none for an empty period', async () => {
    const invoices = (await (await csv('invoices', '?period=7d')).text()).trim().split('\n')
    expect(invoices).toHaveLength(2)
    expect(invoices[1]).toMatch(/^INV-000001,.*,357\.00,46\.57,310\.43$/)
    const none = (await (await csv('credit-notes', '?from=2020-01-01&to=2020-01-31')).text()).trim()
    expect(none.split('\n')).toEqual([
      'credit_note_number,issued_at,invoice_number,order_id,reason,amount,vat,excl_vat,to_payfast,to_gift_cards,to_store_credit',
    ])
  })

  it('serves the products and customers exports from the same route', async () => {
    const products = await csv('products')
    expect(products.status).toBe(200)
    expect(products.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const header = (await products.text()).split('\n')[0]
    expect(header).toMatch(/^product_id,/)
    const customers = await csv('customers', '?period=7d')
    expect(customers.status).toBe(200)
    expect((await customers.text()).split('\n')[0]).toContain('email')
  })

  it('is a 404 for an unknown kind and a 400 naming the field for a bad period', async () => {
    expect((await csv('passwords', '?period=7d')).status).toBe(404)
    expect((await csv('__proto__')).status).toBe(404)
    const bad = await csv('orders', '?from=2026-13-01&to=2026-12-31')
    expect(bad.status).toBe(400)
    expect(await bad.text()).toMatch(/^from: Give the first day as YYYY-MM-DD/)
  })
})
