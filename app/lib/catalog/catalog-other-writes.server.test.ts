import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'

import { openStore, type Store } from '~/lib/data/index.server'

import { catalogFor } from './catalog.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'

/**
 * Writes by another connection to the same SQLite file (a second process, scripts, the e2e
 * fixtures) fire no change event in this one: the index still shows them on the next search.
 */

const root = mkdtempSync(path.join(tmpdir(), 'shop-catalog-other-'))
let n = 0
let dataDir: string
let store: Store

beforeEach(async () => {
  dataDir = path.join(root, String(n++))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([
    makeProduct({ id: 'rooibos', name: 'Rooibos tea', priceCents: 12_500 }),
    makeProduct({ id: 'rusks', name: 'Buttermilk rusks', priceCents: 4_000 }),
  ])
})
afterEach(() => store.close())
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Runs `write` over a second connection to the same database, then closes it. */
async function fromAnotherProcess(write: (other: Store) => Promise<unknown>) {
  const other = await openStore({ backend: 'sqlite', dataDir })
  try {
    await write(other)
  } finally {
    await other.close()
  }
}

const ids = async (q?: string) =>
  (await catalogFor(store)).search({ q, sort: 'name' }).items.map((item) => item.id)

describe('catalogue index and other connections', () => {
  it('lists a product added by another connection on the very next search', async () => {
    expect(await ids()).toEqual(['rusks', 'rooibos'])
    await fromAnotherProcess((other) =>
      other.products.upsertMany([makeProduct({ id: 'biltong', name: 'Beef biltong' })]),
    )
    expect(await ids()).toEqual(['biltong', 'rusks', 'rooibos'])
    expect(await ids('biltong')).toEqual(['biltong'])
  })

  it('shows a price changed by another connection in listings and price filters', async () => {
    expect((await catalogFor(store)).search({ maxPriceCents: 5_000 }).total).toBe(1)
    await fromAnotherProcess((other) =>
      other.products.upsertMany([
        makeProduct({ id: 'rooibos', name: 'Rooibos tea', priceCents: 3_000 }),
      ]),
    )
    const cheap = (await catalogFor(store)).search({ maxPriceCents: 5_000, sort: 'price-asc' })
    expect(cheap.items.map((item) => [item.id, item.priceCents])).toEqual([
      ['rooibos', 3_000],
      ['rusks', 4_000],
    ])
  })

  it('leaves out of the in-stock listing a product another connection sold out', async () => {
    expect((await catalogFor(store)).search({ inStock: true }).total).toBe(2)
    await fromAnotherProcess((other) =>
      other.products.upsertMany([makeProduct({ id: 'rooibos', name: 'Rooibos tea', stock: 0 })]),
    )
    const inStock = (await catalogFor(store)).search({ inStock: true })
    expect(inStock.items.map((item) => item.id)).toEqual(['rusks'])
  })

  it("keeps applying this connection's own writes through its change events", async () => {
    const index = await catalogFor(store)
    await store.products.upsertMany([makeProduct({ id: 'amarula', name: 'Amarula fudge' })])
    expect(index.search({ q: 'amarula' }).items.map((item) => item.id)).toEqual(['amarula'])
    expect(await catalogFor(store)).toBe(index)
  })
})
