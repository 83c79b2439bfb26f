import { describe, expect, it, vi } from 'vitest'

import type { Store } from '~/lib/data/index.server'

import { getCatalog, isCatalogReady } from './catalog.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'

/** The process's catalogue index: built once per store, and a failed build is tried again. */

const rooibos = makeProduct({ id: 'rooibos', name: 'Rooibos tea' })
let reads = 0
const store = {
  products: {
    subscribe: () => () => {},
    all: async () => {
      reads += 1
      if (reads === 1) throw new Error('store unreachable')
      return [rooibos]
    },
  },
} as unknown as Store

vi.mock('~/lib/data/index.server', () => ({ getStore: () => Promise.resolve(store) }))

describe('getCatalog', () => {
  it('builds the index again after a failed build, then keeps it', async () => {
    await expect(getCatalog()).rejects.toThrow('store unreachable')
    expect(await isCatalogReady()).toBe(false)

    const index = await getCatalog()
    expect(index.search({ q: 'rooibos' }).items.map((p) => p.id)).toEqual(['rooibos'])
    expect(await isCatalogReady()).toBe(true)
    expect(await getCatalog()).toBe(index)
    expect(reads).toBe(2)
  })
})
