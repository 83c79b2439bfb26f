import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { openStore } from '~/lib/data/index.server'
import type { Store } from '~/lib/data/store'

import { GIFT_CARD_PRODUCT_ID } from './gift-cards'
import { DEFAULT_PRODUCT_COUNT } from './products'
import { SeedRefusedError, seedStore } from './seed.server'
import { DEMO_USERS } from './users'

const root = mkdtempSync(path.join(tmpdir(), 'shop-seed-'))
const opened: Store[] = []
async function freshStore(name: string) {
  const store = await openStore({ backend: 'sqlite', dataDir: path.join(root, name) })
  opened.push(store)
  return store
}

afterAll(async () => {
  for (const store of opened) await store.close()
  rmSync(root, { recursive: true, force: true })
})

const now = new Date('2025-06-01T08:00:00.000Z')

async function expectConsistentRatings(store: Store) {
  for (const product of await store.products.all()) {
    const reviews = (await store.reviews.listForProduct(product.id)).items
    const distribution = [1, 2, 3, 4, 5].map(
      (star) => reviews.filter((r) => r.rating === star).length,
    )
    expect(product.rating, product.id).toEqual({
      count: reviews.length,
      sum: reviews.reduce((sum, r) => sum + r.rating, 0),
      distribution,
    })
  }
}

describe('seedStore on SQLite', () => {
  it('fills an empty store with products, demo customers and reviews whose summaries add up', async () => {
    const store = await freshStore('demo')
    const lines: string[] = []
    const result = await seedStore(store, { now, log: (line) => lines.push(line) })
    expect(result).toMatchObject({
      status: 'seeded',
      // The catalogue and the gift card on sale beside it.
      products: DEFAULT_PRODUCT_COUNT + 1,
      users: DEMO_USERS.length,
    })
    if (result.status !== 'seeded') throw new Error('not seeded')
    expect(result.reviews).toBeGreaterThan(DEFAULT_PRODUCT_COUNT * 2)
    expect(lines.some((line) => line.includes('reviews'))).toBe(true)

    expect(await store.products.count()).toBe(DEFAULT_PRODUCT_COUNT + 1)
    const giftCard = await store.products.get(GIFT_CARD_PRODUCT_ID)
    expect(giftCard).toMatchObject({ category: 'gift-cards', categoryName: 'Gift cards' })
    expect(giftCard?.variants.map((v) => [v.optionValues[0], v.priceCents, v.weightGrams])).toEqual(
      [
        ['R 250', 250_00, 0],
        ['R 500', 500_00, 0],
        ['R 1 000', 1_000_00, 0],
      ],
    )
    expect(giftCard?.rating.count).toBe(0)
    const tea = await store.products.get('rooibos-loose-leaf-tea-classic')
    expect(tea?.categoryName).toBe('Tea & Coffee')
    const thandi = await store.users.getByEmail('thandi.mokoena@example.co.za')
    expect(thandi?.id).toBe('demo-thandi-mokoena')
    await expectConsistentRatings(store)
    const reviewed = (await store.products.all()).filter((p) => p.rating.count > 0)
    expect(reviewed.length).toBeGreaterThan(DEFAULT_PRODUCT_COUNT / 2)
  })

  it('refuses a non-empty store, skips it with ifEmpty and seeds over it with force', async () => {
    const store = await freshStore('again')
    await seedStore(store, { now, products: 40 })
    await expect(seedStore(store, { now, products: 40 })).rejects.toThrow(SeedRefusedError)
    await expect(seedStore(store, { now, products: 40 })).rejects.toThrow(/--if-empty|--force/)
    expect(await seedStore(store, { now, ifEmpty: true })).toEqual({
      status: 'skipped',
      existingProducts: 40,
    })
    expect(await store.products.count()).toBe(40)

    // A customer who is not a demo one reviews a product; a forced re-seed must keep that review counted.
    const product = (await store.products.all())[0]!
    await store.users.create({
      ...DEMO_USERS[0]!,
      id: 'real-customer',
      email: 'real@example.co.za',
    })
    await store.reviews.upsert({
      productId: product.id,
      userId: 'real-customer',
      authorName: 'Real C.',
      rating: 1,
      title: 'Meh',
      body: 'Not for me.',
    })
    const forced = await seedStore(store, { now, products: 60, force: true })
    expect(forced).toMatchObject({ status: 'seeded', products: 60 })
    expect(await store.products.count()).toBe(60)
    await expectConsistentRatings(store)
    const ratingAfter = (await store.products.get(product.id))!.rating
    expect(ratingAfter.distribution[0]).toBeGreaterThanOrEqual(1)
  })

  it('reuses a demo customer whose email already has an account', async () => {
    const store = await freshStore('taken')
    const demo = DEMO_USERS[1]!
    await store.users.create({ ...demo, id: 'signed-up-before' })
    await seedStore(store, { now, products: 120 })
    expect((await store.users.getByEmail(demo.email))!.id).toBe('signed-up-before')
    expect(await store.users.get(demo.id)).toBeNull()
    await expectConsistentRatings(store)
  })
})
