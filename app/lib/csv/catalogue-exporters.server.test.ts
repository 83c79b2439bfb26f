import { parse } from 'csv-parse/sync'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { product, shirt } from '~/lib/data/contract.suite'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'
import { draft } from '~/lib/orders/orders.test-helper'

import { catalogueExporters } from './catalogue-exporters.server'
import { csvResponse } from './export.server'

/** The products and customers exports, read back as a spreadsheet would. */

let store: Store
let now = new Date('2026-11-28T08:00:00.000Z')
beforeEach(() => {
  store = memoryStore({ now: () => now })
})
afterEach(async () => {
  await store.close()
})

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' }

async function download(kind: keyof typeof catalogueExporters, period = NOVEMBER) {
  const response = csvResponse(catalogueExporters[kind](store, period))
  const [header, ...rows] = parse(await response.text()) as string[][]
  return {
    response,
    rows: rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]]))),
  }
}

describe('the products export', () => {
  it('has one row per variant of every product, with stock on hand, over many pages', async () => {
    const many = Array.from({ length: 450 }, (_, i) =>
      product(`p-${String(i).padStart(3, '0')}`, { active: i % 2 === 0 }),
    )
    await store.products.upsertMany([...many, shirt('tee')])
    await store.orders.place(draft([{ productId: 'p-000', quantity: 4 }]), 'HELD000001')

    const { response, rows } = await download('products')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="products.csv"')
    expect(rows).toHaveLength(450 + 6)
    expect(new Set(rows.map((row) => row.sku)).size).toBe(456)
    expect(rows.find((row) => row.sku === 'p-000')).toMatchObject({
      product_id: 'p-000',
      name: 'Product p-000',
      category: 'pantry',
      category_name: 'Pantry',
      tags: 'local, new',
      active: 'yes',
      price: '129.00',
      compare_at_price: '',
      // 6 available and 4 held by the unpaid order.
      stock: '10',
    })
    expect(rows.find((row) => row.sku === 'p-001')?.active).toBe('no')
    expect(rows.find((row) => row.sku === 'tee--m-rainbow')).toMatchObject({
      product_id: 'tee',
      option1_name: 'Size',
      option1_value: 'M',
      option2_name: 'Colour',
      option2_value: 'Rainbow',
      option3_name: '',
      stock: '3',
    })
  })
})

describe('the customers export', () => {
  const person = (id: string, email: string) => ({
    id,
    email,
    firstName: 'Thandi',
    lastName: id,
    phone: null,
    address: null,
  })
  const createdAt = async (iso: string, id: string, email: string) => {
    now = new Date(iso)
    await store.users.create(person(id, email))
  }

  beforeEach(async () => {
    // 23:59 SAST on 31 October, 00:00 on 1 November, 23:59 on 30 November, 00:00 on 1 December.
    await createdAt('2026-10-31T21:59:00.000Z', 'october', 'oct@example.co.za')
    await createdAt('2026-10-31T22:00:00.000Z', 'first', 'first@example.co.za')
    await createdAt('2026-11-15T10:00:00.000Z', 'unsubscribed', 'gone@example.co.za')
    await createdAt('2026-11-30T21:59:00.000Z', 'last', 'last@example.co.za')
    await createdAt('2026-11-30T22:00:00.000Z', 'december', 'dec@example.co.za')
    now = new Date('2026-11-16T06:30:00.000Z')
    await store.consents.record({
      email: 'first@example.co.za',
      userId: 'first',
      optIn: true,
      source: 'sign-up',
    })
    await store.consents.record({
      email: 'gone@example.co.za',
      userId: 'unsubscribed',
      optIn: true,
      source: 'checkout',
    })
    await store.consents.record({
      email: 'gone@example.co.za',
      userId: null,
      optIn: false,
      source: 'unsubscribe',
    })
  })

  it('lists the accounts created in the period (South African days), newest first', async () => {
    const { response, rows } = await download('customers')
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="customers-2026-11-01-to-2026-11-30.csv"',
    )
    expect(rows.map((row) => [row.customer_id, row.created_at])).toEqual([
      ['last', '2026-11-30 23:59'],
      ['unsubscribed', '2026-11-15 12:00'],
      ['first', '2026-11-01 00:00'],
    ])
  })

  it('fills the marketing columns only for a customer whose latest choice is an opt-in', async () => {
    const { rows } = await download('customers')
    const byId = Object.fromEntries(rows.map((row) => [row.customer_id, row]))
    expect(byId.first).toMatchObject({
      email: 'first@example.co.za',
      marketing_opt_in: 'yes',
      marketing_opt_in_since: '2026-11-16 08:30',
      marketing_opt_in_source: 'sign-up',
    })
    for (const id of ['unsubscribed', 'last']) {
      expect(byId[id]).toMatchObject({
        marketing_opt_in: '',
        marketing_opt_in_since: '',
        marketing_opt_in_source: '',
      })
    }
  })
})
