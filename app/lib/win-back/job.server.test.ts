import { afterEach, describe, expect, it, vi } from 'vitest'

import { shirt } from '~/lib/data/contract.suite'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'

import { backInStockKey, watchRestocks } from './back-in-stock.server'
import { createWinBackJob } from './job.server'

const CONTEXT = async () => ({ shopName: 'Karoo & Co.', appUrl: 'https://shop.example' })
const opened: Store[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

/** Sets one variant's stock through the store, as a refund's or a return's restock does. */
async function setStock(store: Store, variantId: string, stock: number) {
  const tee = (await store.products.get('tee'))!
  const variants = tee.variants.map((v) => (v.id === variantId ? { ...v, stock } : v))
  await store.products.upsertMany([{ ...tee, variants }])
}

describe('the win-back job', () => {
  it('hears a variant come back in stock however it happened, once per sell-out', async () => {
    const store = memoryStore()
    opened.push(store)
    await store.products.upsertMany([shirt('tee', { 'tee--m-black': 0 })])
    const onRestock = vi.fn()
    const watch = watchRestocks(store.products, onRestock)
    await setStock(store, 'tee--m-black', 0)
    expect(watch.take()).not.toContain('tee--m-black')
    await setStock(store, 'tee--m-black', 2)
    expect(watch.take()).toContain('tee--m-black')
    await setStock(store, 'tee--m-black', 3)
    expect(watch.take()).toEqual([])
    expect(onRestock).toHaveBeenCalled()
    watch.stop()
  })

  it('mails a waiting request when stock comes back outside the product editor', async () => {
    const store = memoryStore()
    opened.push(store)
    await store.products.upsertMany([shirt('tee', { 'tee--m-black': 0 })])
    const { alert } = await store.stockAlerts.request({
      email: 'thandi@example.co.za',
      userId: null,
      productId: 'tee',
      variantId: 'tee--m-black',
    })
    const job = createWinBackJob({ store, context: CONTEXT, pollMs: 600_000, log: () => {} })
    job.start()
    try {
      await setStock(store, 'tee--m-black', 0)
      await setStock(store, 'tee--m-black', 1)
      await vi.waitFor(async () => {
        expect(await store.outbox.get(backInStockKey(alert.id))).not.toBeNull()
      })
      expect(await store.stockAlerts.listForEmail('thandi@example.co.za')).toEqual([])
    } finally {
      await job.stop()
    }
  })
})
