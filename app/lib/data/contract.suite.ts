import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'

import { manualClock } from '~/lib/clock.test-helper'
import {
  draft,
  InvalidTransitionError,
  orderMoves,
  SHOPPER_ADDRESS,
} from '~/lib/orders/orders.test-helper'

import { DuplicateEmailError, OutOfStockError, type ProductChange, type Store } from './store'
import type { OrderDraft, Product, ProductVariant } from './types'
import { variantIdFor, withVariants, type ProductInput } from './variants'

/**
 * The behaviour every data adapter must show. Written once; each adapter's *.contract.test.ts runs
 * it with a harness that hands each test an empty store.
 */
export type ContractHarness = {
  /** An empty store for one test, stamping its writes with `now`. */
  fresh(options: { now: () => Date }): Promise<Store>
  /** Called after each test with the store `fresh()` returned. */
  release(store: Store): Promise<void>
  /** Called once after the last test. */
  dispose(): Promise<void>
}

/**
 * The hooks of every contract suite: `setUp` makes (and fills) the store before each test and
 * returns it; after each test the harness releases it, and after the last disposes of itself.
 * NOTE: the first call to a freshly started emulator can take several seconds (JVM warm-up, gRPC
 * channel), more than vitest's 10 s hook default allows on a busy two-core machine.
 */
export function storePerTest(harness: ContractHarness, setUp: () => Promise<Store>): void {
  const HOOK_TIMEOUT = 60_000
  let store: Store | undefined
  beforeEach(async () => {
    store = await setUp()
  }, HOOK_TIMEOUT)
  afterEach(async () => {
    if (store) await harness.release(store)
  }, HOOK_TIMEOUT)
  afterAll(() => harness.dispose(), HOOK_TIMEOUT)
}

const T0 = '2025-03-01T10:00:00.000Z'
const minutes = (n: number, from = T0) => new Date(Date.parse(from) + n * 60_000).toISOString()

// The hand-moved clock the suites open their stores with.
export { manualClock }

/** A whole product as the stores read it back; without `variants`, its one default variant. */
export function product(id: string, overrides: Partial<ProductInput> = {}): Product {
  return withVariants({
    id,
    name: `Product ${id}`,
    description: `About ${id}`,
    category: 'pantry',
    categoryName: 'Pantry',
    tags: ['local', 'new'],
    priceCents: 12_900,
    compareAtCents: null,
    stock: 10,
    images: [{ url: `/images/${id}.jpg`, alt: id, width: 800, height: 600 }],
    featuredRank: null,
    rating: { count: 0, sum: 0, distribution: [0, 0, 0, 0, 0] },
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  })
}

/** A T-shirt in sizes S, M and L and colours Black and Rainbow, with `stock` of each (default 3). */
export function shirt(
  id: string,
  stock: Partial<Record<string, number>> = {},
  prices: Partial<Record<string, number>> = {},
): Product {
  const options = [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Colour', values: ['Black', 'Rainbow'] },
  ]
  const variants: ProductVariant[] = []
  for (const size of options[0]!.values) {
    for (const colour of options[1]!.values) {
      const variantId = variantIdFor(id, [size, colour])
      variants.push({
        id: variantId,
        optionValues: [size, colour],
        priceCents: prices[variantId] ?? 25_000,
        compareAtCents: null,
        stock: stock[variantId] ?? 3,
        image:
          colour === 'Rainbow'
            ? { url: `/images/${id}-rainbow.jpg`, alt: `${id} in rainbow`, width: 800, height: 800 }
            : null,
        weightGrams: null,
      })
    }
  }
  return product(id, { options, variants })
}

/** The order fixture's address, for the user tests. */
const address = SHOPPER_ADDRESS

// The order draft is the orders' shared fixture; the suites and many tests import it from here.
export { draft }

let orderSeq = 0
const orderId = () =>
  `ORD${Date.now().toString(36).toUpperCase()}${(orderSeq++).toString().padStart(4, '0')}`

type ChangeTest = (change: ProductChange) => boolean

/**
 * Subscribes and records every product change heard. A remote database delivers changes
 * asynchronously, so a test awaits the change it expects rather than polling on a timer.
 */
export function watchProducts(store: Store) {
  const seen: ProductChange[] = []
  const waiters = new Set<{ test: ChangeTest; resolve: () => void }>()
  const stop = store.products.subscribe((changes) => {
    seen.push(...changes)
    for (const waiter of waiters) {
      if (changes.some(waiter.test)) {
        waiters.delete(waiter)
        waiter.resolve()
      }
    }
  })
  return {
    seen,
    stop,
    /** Resolves once a change passing `test` has been heard, now or earlier. */
    heard(test: ChangeTest): Promise<void> {
      if (seen.some(test)) return Promise.resolve()
      return new Promise((resolve) => waiters.add({ test, resolve }))
    },
  }
}

export const productUpsert =
  (id: string, test: (p: Product) => boolean): ChangeTest =>
  (change) =>
    change.type === 'upsert' && change.product.id === id && test(change.product)

const stockOf = async (store: Store, id: string) => (await store.products.get(id))?.stock

export function describeStoreContract(name: string, harness: ContractHarness): void {
  describe(`data store contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    /** Uses a reset token at the time `at` (the store's clock set there first). */
    const consumeAt = (at: string, tokenHash: string) => {
      clock.set(at)
      return store.credentials.consumeResetToken(tokenHash)
    }
    /** Places the order at the time `at` (the store's clock set there first). */
    const placeAt = (input: OrderDraft, id: string, at: string) => {
      clock.set(at)
      return store.orders.place(input, id)
    }

    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })

    describe('products', () => {
      it('starts empty', async () => {
        expect(await store.products.count()).toBe(0)
        expect(await store.products.all()).toEqual([])
        expect(await store.products.get('nothing')).toBeNull()
        expect(await store.products.getMany(['nothing'])).toEqual([])
      })

      it('stores products and reads them back whole', async () => {
        const rooibos = product('rooibos', {
          compareAtCents: 15_000,
          featuredRank: 1,
          rating: { count: 2, sum: 9, distribution: [0, 0, 0, 1, 1] },
        })
        await store.products.upsertMany([product('biltong'), rooibos, product('chakalaka')])
        expect(await store.products.count()).toBe(3)
        expect(await store.products.get('rooibos')).toEqual(rooibos)
        expect((await store.products.all()).map((p) => p.id)).toEqual([
          'biltong',
          'chakalaka',
          'rooibos',
        ])
        const many = await store.products.getMany(['chakalaka', 'missing', 'biltong', 'chakalaka'])
        expect(many.map((p) => p.id)).toEqual(['chakalaka', 'biltong'])
      })

      it('replaces a product on a second upsert', async () => {
        await store.products.upsertMany([product('biltong')])
        await store.products.upsertMany([
          product('biltong', { priceCents: 9_900, stock: 3, tags: [] }),
        ])
        const stored = await store.products.get('biltong')
        expect(stored).toMatchObject({ priceCents: 9_900, stock: 3, tags: [] })
        expect(await store.products.count()).toBe(1)
      })

      it('reads more products than one batch holds', async () => {
        const ids = Array.from({ length: 130 }, (_, i) => `p-${String(i).padStart(3, '0')}`)
        await store.products.upsertMany(ids.map((id) => product(id)))
        const many = await store.products.getMany([...ids].reverse())
        expect(many.map((p) => p.id)).toEqual([...ids].reverse())
      })

      it('tells subscribers about price, stock and rating changes, and stops when unsubscribed', async () => {
        await store.products.upsertMany([product('biltong', { stock: 5 })])
        const watcher = watchProducts(store)

        await store.products.upsertMany([product('biltong', { stock: 5, priceCents: 7_500 })])
        await watcher.heard(productUpsert('biltong', (p) => p.priceCents === 7_500))

        await placeAt(draft([{ productId: 'biltong', quantity: 2 }]), orderId(), T0)
        await watcher.heard(productUpsert('biltong', (p) => p.stock === 3))

        await store.reviews.upsert({
          productId: 'biltong',
          userId: 'u1',
          authorName: 'Thandi M.',
          rating: 4,
          title: 'Good',
          body: 'Tasty',
        })
        await watcher.heard(
          productUpsert('biltong', (p) => p.rating.count === 1 && p.rating.sum === 4),
        )

        watcher.stop()
        // A second subscriber hearing the next change proves it was delivered; the first must not hear it.
        const later = watchProducts(store)
        const cheaper = productUpsert('biltong', (p) => p.priceCents === 1_000)
        await store.products.upsertMany([product('biltong', { priceCents: 1_000 })])
        await later.heard(cheaper)
        later.stop()
        expect(watcher.seen.some(cheaper)).toBe(false)
      })
    })

    describe('product options', () => {
      const variantStock = async (id: string) => {
        const stored = await store.products.get(id.split('--')[0]!)
        return Object.fromEntries(stored?.variants.map((v) => [v.id, v.stock]) ?? [])
      }

      it('gives a product without options one variant whose id is the product id', async () => {
        await store.products.upsertMany([product('biltong', { priceCents: 9_900, stock: 4 })])
        const stored = await store.products.get('biltong')
        expect(stored?.options).toEqual([])
        expect(stored?.variants).toEqual([
          {
            id: 'biltong',
            optionValues: [],
            priceCents: 9_900,
            compareAtCents: null,
            stock: 4,
            image: null,
            weightGrams: null,
          },
        ])
      })

      it('stores options and variants and reads them back whole, priced from the cheapest in stock', async () => {
        const tee = shirt(
          'tee',
          { 'tee--s-black': 0, 'tee--m-black': 5 },
          { 'tee--s-black': 9_000, 'tee--m-black': 19_000 },
        )
        await store.products.upsertMany([tee])
        const stored = await store.products.get('tee')
        expect(stored).toEqual(tee)
        expect(stored?.variants.map((v) => v.id)).toEqual([
          'tee--s-black',
          'tee--s-rainbow',
          'tee--m-black',
          'tee--m-rainbow',
          'tee--l-black',
          'tee--l-rainbow',
        ])
        // S/Black is cheaper but sold out: the product is "from" the cheapest one that can be bought.
        expect(stored).toMatchObject({ priceCents: 19_000, stock: 17 })
        expect((await store.products.all())[0]).toEqual(tee)
        expect(await store.products.getMany(['tee'])).toEqual([tee])
      })

      it('refuses variants that do not match the options', async () => {
        const bad = {
          ...shirt('tee'),
          variants: [{ ...shirt('tee').variants[0]!, optionValues: ['XXL', 'Black'] }],
        }
        await expect(store.products.upsertMany([bad])).rejects.toThrow(RangeError)
        expect(await store.products.get('tee')).toBeNull()
      })

      it('reserves and releases stock per variant, leaving its siblings alone', async () => {
        await store.products.upsertMany([shirt('tee', { 'tee--m-black': 4 })])
        const line = {
          productId: 'tee',
          variantId: 'tee--m-black',
          options: [
            { name: 'Size', value: 'M' },
            { name: 'Colour', value: 'Black' },
          ],
          quantity: 3,
        }
        const order = await placeAt(draft([line]), orderId(), T0)
        expect(order.lines[0]).toMatchObject({ variantId: 'tee--m-black', options: line.options })
        expect((await store.orders.get(order.id))?.lines[0]).toEqual(order.lines[0])
        expect(await variantStock('tee')).toMatchObject({
          'tee--m-black': 1,
          'tee--s-black': 3,
          'tee--m-rainbow': 3,
        })
        expect(await stockOf(store, 'tee')).toBe(4 + 5 * 3 - 3)

        await orderMoves(store.orders, clock).transition(order.id, 'cancelled', { at: minutes(1) })
        expect(await variantStock('tee')).toMatchObject({ 'tee--m-black': 4, 'tee--s-black': 3 })
        expect(await stockOf(store, 'tee')).toBe(4 + 5 * 3)
      })

      it('refuses a sold-out variant, or a variant of another product, naming the variant', async () => {
        await store.products.upsertMany([shirt('tee', { 'tee--l-rainbow': 0 }), product('mug')])
        const error = await placeAt(
          draft([
            { productId: 'tee', variantId: 'tee--l-rainbow', quantity: 1 },
            { productId: 'mug', variantId: 'tee--s-black', quantity: 1 },
          ]),
          orderId(),
          T0,
        ).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(OutOfStockError)
        expect((error as OutOfStockError).shortages).toEqual(
          expect.arrayContaining([
            { productId: 'tee', variantId: 'tee--l-rainbow', requested: 1, available: 0 },
            { productId: 'mug', variantId: 'tee--s-black', requested: 1, available: 0 },
          ]),
        )
        expect(await variantStock('tee')).toMatchObject({ 'tee--s-black': 3 })
      })

      it('sells the last 5 units of one variant exactly once to 20 concurrent buyers', async () => {
        await store.products.upsertMany([shirt('tee', { 'tee--m-rainbow': 5 })])
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, () =>
            placeAt(
              draft([{ productId: 'tee', variantId: 'tee--m-rainbow', quantity: 1 }]),
              orderId(),
              T0,
            ),
          ),
        )
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
        expect(refused).toHaveLength(15)
        for (const r of refused) expect(r.reason).toBeInstanceOf(OutOfStockError)
        expect(await variantStock('tee')).toEqual({
          'tee--s-black': 3,
          'tee--s-rainbow': 3,
          'tee--m-black': 3,
          'tee--m-rainbow': 0,
          'tee--l-black': 3,
          'tee--l-rainbow': 3,
        })
        expect(await stockOf(store, 'tee')).toBe(15)
      }, 90_000)
    })

    describe('reviews', () => {
      const review = (userId: string, rating: 1 | 2 | 3 | 4 | 5, title = 'Lekker') => ({
        productId: 'rooibos',
        userId,
        authorName: `Customer ${userId}`,
        rating,
        title,
        body: 'Would buy again.',
      })

      beforeEach(async () => {
        await store.products.upsertMany([product('rooibos'), product('biltong')])
      })

      it('stores a review and keeps one per customer per product, updating the rating summary', async () => {
        const first = await store.reviews.upsert(review('u1', 5))
        expect(first).toMatchObject({
          productId: 'rooibos',
          userId: 'u1',
          rating: 5,
          title: 'Lekker',
        })
        expect(first.id).toBeTruthy()
        expect(first).toMatchObject({ createdAt: T0, updatedAt: T0 })
        clock.advance(1)
        await store.reviews.upsert(review('u2', 3))
        expect((await store.products.get('rooibos'))?.rating).toEqual({
          count: 2,
          sum: 8,
          distribution: [0, 0, 1, 0, 1],
        })

        clock.advance(1)
        const again = await store.reviews.upsert(review('u1', 2, 'Changed my mind'))
        expect(again.id).toBe(first.id)
        expect(again.createdAt).toBe(T0)
        expect(again.updatedAt).toBe(minutes(2))
        expect((await store.products.get('rooibos'))?.rating).toEqual({
          count: 2,
          sum: 5,
          distribution: [0, 1, 1, 0, 0],
        })
        expect(await store.reviews.getByUser('rooibos', 'u1')).toEqual(again)
        expect(await store.reviews.getByUser('rooibos', 'u3')).toBeNull()
        expect(await store.reviews.getByUser('biltong', 'u1')).toBeNull()
        expect((await store.products.get('biltong'))?.rating.count).toBe(0)
      })

      it('lists a product’s reviews newest first, with a limit', async () => {
        for (const user of ['u1', 'u2', 'u3']) {
          await store.reviews.upsert(review(user, 4))
          clock.advance(1)
        }
        const listed = (await store.reviews.listForProduct('rooibos')).items
        expect(listed.map((r) => r.userId)).toEqual(['u3', 'u2', 'u1'])
        expect(
          (await store.reviews.listForProduct('rooibos', { limit: 2 })).items.map((r) => r.userId),
        ).toEqual(['u3', 'u2'])
        expect(await store.reviews.listForProduct('biltong')).toEqual({ items: [], total: 0 })
      })

      it('refuses a rating outside 1-5 and a review of an unknown product, changing nothing', async () => {
        await expect(store.reviews.upsert({ ...review('u1', 5), rating: 6 as 5 })).rejects.toThrow()
        await expect(
          store.reviews.upsert({ ...review('u1', 5), productId: 'missing' }),
        ).rejects.toThrow()
        expect(await store.reviews.listForProduct('rooibos')).toEqual({ items: [], total: 0 })
        expect((await store.products.get('rooibos'))?.rating.count).toBe(0)
      })
    })

    describe('users and credentials', () => {
      const newUser = (id: string, email: string) => ({
        id,
        email,
        firstName: 'Sipho',
        lastName: 'Dlamini',
        phone: null,
        address: null,
      })

      it('creates a user and finds it by id and by email in any case', async () => {
        const created = await store.users.create(newUser('u1', 'Sipho@Example.co.za'))
        expect(created).toMatchObject({
          id: 'u1',
          email: 'Sipho@Example.co.za',
          phone: null,
          address: null,
          createdAt: T0,
          updatedAt: T0,
        })
        expect(await store.users.get('u1')).toEqual(created)
        expect(await store.users.getByEmail('sipho@example.CO.ZA')).toEqual(created)
        expect(await store.users.getByEmail('nobody@example.co.za')).toBeNull()
        expect(await store.users.get('u2')).toBeNull()
      })

      it('refuses a second account for the same email, whatever its case', async () => {
        await store.users.create(newUser('u1', 'sipho@example.co.za'))
        await expect(
          store.users.create(newUser('u2', '  SIPHO@example.co.za')),
        ).rejects.toBeInstanceOf(DuplicateEmailError)
        expect(await store.users.get('u2')).toBeNull()
        expect((await store.users.getByEmail('sipho@example.co.za'))?.id).toBe('u1')
      })

      it('updates the profile and the address', async () => {
        await store.users.create(newUser('u1', 'sipho@example.co.za'))
        clock.advance(5)
        const profiled = await store.users.updateProfile('u1', {
          firstName: 'S',
          lastName: 'D',
          phone: '082 000 1111',
        })
        expect(profiled).toMatchObject({
          firstName: 'S',
          lastName: 'D',
          phone: '082 000 1111',
          address: null,
          createdAt: T0,
          updatedAt: minutes(5),
        })
        clock.advance(5)
        const addressed = await store.users.updateAddress('u1', address)
        expect(addressed).toMatchObject({ firstName: 'S', address, updatedAt: minutes(10) })
        expect(await store.users.get('u1')).toEqual(addressed)
        await expect(
          store.users.updateProfile('missing', { firstName: 'a', lastName: 'b', phone: null }),
        ).rejects.toThrow()
        await expect(store.users.updateAddress('missing', address)).rejects.toThrow()
      })

      it('keeps and replaces a password hash', async () => {
        await store.users.create(newUser('u1', 'sipho@example.co.za'))
        expect(await store.credentials.getPasswordHash('u1')).toBeNull()
        await store.credentials.setPasswordHash('u1', 'scrypt$one')
        await store.credentials.setPasswordHash('u1', 'scrypt$two')
        expect(await store.credentials.getPasswordHash('u1')).toBe('scrypt$two')
      })

      it('honours a reset token once and only before it expires', async () => {
        await store.users.create(newUser('u1', 'sipho@example.co.za'))
        await store.credentials.createResetToken({
          tokenHash: 'hash/one+=',
          userId: 'u1',
          expiresAt: minutes(60),
        })

        expect(await consumeAt(minutes(60), 'hash/one+=')).toBeNull()
        expect(await consumeAt(minutes(10), 'hash/one+=')).toBe('u1')
        expect(await consumeAt(minutes(11), 'hash/one+=')).toBeNull()
        expect(await consumeAt(minutes(1), 'unknown')).toBeNull()
      })

      it('keeps one reset link valid at a time: a newer link voids the older ones', async () => {
        await store.users.create(newUser('u1', 'sipho@example.co.za'))
        await store.users.create(newUser('u2', 'anna@example.co.za'))
        const token = (tokenHash: string, userId = 'u1') =>
          store.credentials.createResetToken({ tokenHash, userId, expiresAt: minutes(60) })
        await token('first')
        await token('theirs', 'u2')
        await token('second')
        await token('third')

        expect(await consumeAt(minutes(1), 'first')).toBeNull()
        expect(await consumeAt(minutes(1), 'second')).toBeNull()
        expect(await consumeAt(minutes(1), 'third')).toBe('u1')
        // Another customer's link is not theirs to void.
        expect(await consumeAt(minutes(1), 'theirs')).toBe('u2')
      })

      it('leaves no older link working after a reset with the newer one', async () => {
        await store.users.create(newUser('u1', 'sipho@example.co.za'))
        const token = (tokenHash: string) =>
          store.credentials.createResetToken({ tokenHash, userId: 'u1', expiresAt: minutes(60) })
        await token('older')
        await token('newer')
        expect(await consumeAt(minutes(1), 'newer')).toBe('u1')
        expect(await consumeAt(minutes(2), 'older')).toBeNull()
        expect(await consumeAt(minutes(2), 'newer')).toBeNull()
        await token('after')
        expect(await consumeAt(minutes(3), 'after')).toBe('u1')
      })
    })

    describe('sessions', () => {
      const device = (
        userId: string,
        userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
      ) => store.sessions.create({ userId, userAgent, token: null })

      it('creates a session with a long random id, created and last seen now', async () => {
        const a = await device('u1')
        const b = await store.sessions.create({
          userId: 'u1',
          userAgent: 'curl/8',
          token: 'jwt.x.y',
        })
        expect(a.id).toMatch(/^[A-Za-z0-9_-]{40,}$/)
        expect(a.id).not.toBe(b.id)
        expect(a).toEqual({
          id: a.id,
          userId: 'u1',
          createdAt: T0,
          lastSeenAt: T0,
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
          token: null,
          othersRevokedAt: null,
        })
        expect(await store.sessions.get(a.id)).toEqual(a)
        expect(await store.sessions.get(b.id)).toMatchObject({
          userAgent: 'curl/8',
          token: 'jwt.x.y',
        })
        expect(await store.sessions.get('no-such-session')).toBeNull()
      })

      it('updates last seen at most once per five minutes', async () => {
        const { id } = await device('u1')
        clock.advance(4)
        await store.sessions.touch(id)
        expect((await store.sessions.get(id))?.lastSeenAt).toBe(T0)
        clock.advance(1)
        await store.sessions.touch(id)
        expect((await store.sessions.get(id))?.lastSeenAt).toBe(minutes(5))
        clock.advance(3)
        await store.sessions.touch(id)
        expect(await store.sessions.get(id)).toMatchObject({
          createdAt: T0,
          lastSeenAt: minutes(5),
        })
        await store.sessions.touch('no-such-session')
        expect(await store.sessions.get('no-such-session')).toBeNull()
      })

      it('ends a session on delete, and on its own after 30 days', async () => {
        const ended = await device('u1')
        const old = await device('u1')
        await store.sessions.delete(ended.id)
        await store.sessions.delete(ended.id)
        expect(await store.sessions.get(ended.id)).toBeNull()
        clock.advance(30 * 24 * 60 - 1)
        const fresh = await device('u1')
        expect(await store.sessions.get(old.id)).not.toBeNull()
        clock.advance(1)
        expect(await store.sessions.get(old.id)).toBeNull()
        expect((await store.sessions.listForUser('u1')).map((s) => s.id)).toEqual([fresh.id])
      })

      it('lists a customer’s sessions, most recently seen first', async () => {
        const first = await device('u1', 'first')
        clock.advance(1)
        const second = await device('u1', 'second')
        await device('u2', 'someone else')
        clock.advance(10)
        await store.sessions.touch(first.id)
        expect((await store.sessions.listForUser('u1')).map((s) => s.userAgent)).toEqual([
          'first',
          'second',
        ])
        expect(await store.sessions.listForUser('u1')).toContainEqual(second)
        expect(await store.sessions.listForUser('nobody')).toEqual([])
      })

      it('ends every other session of the customer, or all of them', async () => {
        const kept = await device('u1')
        const other = await device('u1')
        const another = await device('u1')
        const theirs = await device('u2')
        expect(await store.sessions.deleteAllForUserExcept('u1', kept.id)).toBe(2)
        expect(await store.sessions.get(other.id)).toBeNull()
        expect(await store.sessions.get(another.id)).toBeNull()
        expect(await store.sessions.get(kept.id)).toEqual(kept)
        expect(await store.sessions.get(theirs.id)).toEqual(theirs)
        expect(await store.sessions.deleteAllForUserExcept('u1', null)).toBe(1)
        expect(await store.sessions.listForUser('u1')).toEqual([])
        expect(await store.sessions.get(theirs.id)).toEqual(theirs)
      })

      it('keeps the identity provider’s state per session', async () => {
        const a = await store.sessions.create({ userId: 'u1', userAgent: 'ua', token: 'old' })
        const b = await store.sessions.create({ userId: 'u1', userAgent: 'ua', token: 'b' })
        await store.sessions.updateProvider(a.id, { token: 'new', othersRevokedAt: minutes(1) })
        expect(await store.sessions.get(a.id)).toMatchObject({
          token: 'new',
          othersRevokedAt: minutes(1),
        })
        expect(await store.sessions.get(b.id)).toEqual(b)
        await store.sessions.delete(a.id)
        await store.sessions.updateProvider(a.id, { token: 'again', othersRevokedAt: null })
        expect(await store.sessions.get(a.id)).toBeNull()
      })
    })

    describe('carts and liked products', () => {
      it('stores a cart per user and replaces it whole', async () => {
        expect(await store.carts.get('u1')).toEqual([])
        await store.carts.set('u1', [
          { productId: 'biltong', quantity: 2 },
          { productId: 'rooibos', quantity: 1 },
        ])
        await store.carts.set('u2', [{ productId: 'rooibos', quantity: 9 }])
        expect(await store.carts.get('u1')).toEqual([
          { productId: 'biltong', quantity: 2 },
          { productId: 'rooibos', quantity: 1 },
        ])
        await store.carts.set('u1', [{ productId: 'rooibos', quantity: 3 }])
        expect(await store.carts.get('u1')).toEqual([{ productId: 'rooibos', quantity: 3 }])
        await store.carts.set('u1', [])
        expect(await store.carts.get('u1')).toEqual([])
        expect(await store.carts.get('u2')).toEqual([{ productId: 'rooibos', quantity: 9 }])
      })

      it('keeps each cart line’s variant, and lines stored without one', async () => {
        const lines = [
          { productId: 'tee', variantId: 'tee--m-black', quantity: 2 },
          { productId: 'tee', variantId: 'tee--l-black', quantity: 1 },
          { productId: 'rooibos', quantity: 1 },
        ]
        await store.carts.set('u1', lines)
        expect(await store.carts.get('u1')).toEqual(lines)
      })

      it('lists liked products most recent first without duplicates', async () => {
        expect(await store.liked.list('u1')).toEqual([])
        await store.liked.add('u1', ['a'])
        await store.liked.add('u1', ['b'])
        expect(await store.liked.list('u1')).toEqual(['b', 'a'])
        // A merged visitor list arrives most recent first, as list() returns it.
        await store.liked.add('u1', ['c', 'd', 'c'])
        expect(await store.liked.list('u1')).toEqual(['c', 'd', 'b', 'a'])
        await store.liked.add('u1', ['a'])
        expect(await store.liked.list('u1')).toEqual(['a', 'c', 'd', 'b'])
        await store.liked.remove('u1', 'd')
        await store.liked.remove('u1', 'never-liked')
        expect(await store.liked.list('u1')).toEqual(['a', 'c', 'b'])
        expect(await store.liked.list('u2')).toEqual([])
      })
    })

    describe('orders', () => {
      beforeEach(async () => {
        await store.products.upsertMany([
          product('biltong', { stock: 10 }),
          product('rooibos', { stock: 4 }),
        ])
      })

      it('places an order: snapshots the lines, reserves stock, starts pending_payment', async () => {
        const id = orderId()
        const input = draft(
          [
            { productId: 'biltong', quantity: 3 },
            { productId: 'rooibos', quantity: 1, unitPriceCents: 5_000 },
          ],
          'u1',
        )
        const order = await placeAt(input, id, minutes(1))
        expect(order).toMatchObject({
          ...input,
          id,
          status: 'pending_payment',
          pfPaymentId: null,
          createdAt: minutes(1),
          updatedAt: minutes(1),
          history: [{ status: 'pending_payment', at: minutes(1), note: null }],
        })
        expect(await store.orders.get(id)).toEqual(order)
        expect(await stockOf(store, 'biltong')).toBe(7)
        expect(await stockOf(store, 'rooibos')).toBe(3)
        expect(await store.orders.get('NOSUCHORDER1')).toBeNull()
      })

      it('refuses an order it cannot fill, naming every shortage and changing nothing', async () => {
        const id = orderId()
        const error = await placeAt(
          draft([
            { productId: 'biltong', quantity: 2 },
            { productId: 'rooibos', quantity: 3 },
            { productId: 'rooibos', quantity: 2 },
            { productId: 'ghost', quantity: 1 },
          ]),
          id,
          T0,
        ).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(OutOfStockError)
        expect((error as OutOfStockError).shortages).toEqual(
          expect.arrayContaining([
            { productId: 'rooibos', variantId: 'rooibos', requested: 5, available: 4 },
            { productId: 'ghost', variantId: 'ghost', requested: 1, available: 0 },
          ]),
        )
        expect((error as OutOfStockError).shortages).toHaveLength(2)
        expect(await store.orders.get(id)).toBeNull()
        expect(await stockOf(store, 'biltong')).toBe(10)
        expect(await stockOf(store, 'rooibos')).toBe(4)
      })

      it('refuses a line with a quantity below 1', async () => {
        await expect(
          placeAt(draft([{ productId: 'biltong', quantity: 0 }]), orderId(), T0),
        ).rejects.toThrow()
        await expect(
          placeAt(draft([{ productId: 'biltong', quantity: -2 }]), orderId(), T0),
        ).rejects.toThrow()
        expect(await stockOf(store, 'biltong')).toBe(10)
      })

      it('sells the last 5 units exactly once to 20 concurrent buyers', async () => {
        await store.products.upsertMany([product('last-five', { stock: 5 })])
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, () =>
            placeAt(draft([{ productId: 'last-five', quantity: 1 }]), orderId(), T0),
          ),
        )
        const placed = results.filter((r) => r.status === 'fulfilled')
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        expect(placed).toHaveLength(5)
        expect(refused).toHaveLength(15)
        for (const r of refused) expect(r.reason).toBeInstanceOf(OutOfStockError)
        expect(await stockOf(store, 'last-five')).toBe(0)
        // Firestore retries contended transactions with a growing back-off, so a 20-way rush on
        // one document takes seconds; the default per-test limit is too tight for it.
      }, 90_000)

      it('lists a customer’s orders newest first', async () => {
        const a = await placeAt(
          draft([{ productId: 'biltong', quantity: 1 }], 'u1'),
          orderId(),
          minutes(1),
        )
        const b = await placeAt(
          draft([{ productId: 'biltong', quantity: 1 }], 'u1'),
          orderId(),
          minutes(5),
        )
        await placeAt(draft([{ productId: 'biltong', quantity: 1 }], 'u2'), orderId(), minutes(3))
        await placeAt(draft([{ productId: 'biltong', quantity: 1 }], null), orderId(), minutes(4))
        expect((await store.orders.listForUser('u1')).map((o) => o.id)).toEqual([b.id, a.id])
        expect(await store.orders.listForUser('nobody')).toEqual([])
      })

      it('walks the happy path, recording history and the PayFast reference', async () => {
        const { id } = await placeAt(
          draft([{ productId: 'biltong', quantity: 2 }], 'u1'),
          orderId(),
          minutes(0),
        )
        const paid = await orderMoves(store.orders, clock).transition(id, 'paid', {
          at: minutes(2),
          pfPaymentId: '1234567',
          note: 'ITN COMPLETE',
        })
        expect(paid).toMatchObject({
          status: 'paid',
          pfPaymentId: '1234567',
          updatedAt: minutes(2),
        })
        await orderMoves(store.orders, clock).transition(id, 'processing', { at: minutes(3) })
        await orderMoves(store.orders, clock).transition(id, 'shipped', {
          at: minutes(4),
          shipment: { courier: 'The Courier Guy', trackingNumber: 'TCG123' },
        })
        const delivered = await orderMoves(store.orders, clock).transition(id, 'delivered', {
          at: minutes(5),
        })
        expect(delivered.history).toEqual([
          { status: 'pending_payment', at: minutes(0), note: null, by: null },
          { status: 'paid', at: minutes(2), note: 'ITN COMPLETE', by: null },
          { status: 'processing', at: minutes(3), note: null, by: null },
          { status: 'shipped', at: minutes(4), note: null, by: null },
          { status: 'delivered', at: minutes(5), note: null, by: null },
        ])
        expect(delivered.pfPaymentId).toBe('1234567')
        expect(await store.orders.get(id)).toEqual(delivered)
        // Paying does not give stock back.
        expect(await stockOf(store, 'biltong')).toBe(8)
      })

      it('refuses a transition the rules do not allow, changing nothing', async () => {
        const { id } = await placeAt(draft([{ productId: 'biltong', quantity: 2 }]), orderId(), T0)
        await expect(
          orderMoves(store.orders, clock).transition(id, 'shipped', { at: minutes(1) }),
        ).rejects.toBeInstanceOf(InvalidTransitionError)
        await orderMoves(store.orders, clock).transition(id, 'paid', {
          at: minutes(1),
          pfPaymentId: 'pf-1',
        })
        const before = await store.orders.get(id)
        await expect(
          orderMoves(store.orders, clock).transition(id, 'cancelled', { at: minutes(2) }),
        ).rejects.toBeInstanceOf(InvalidTransitionError)
        await expect(
          orderMoves(store.orders, clock).transition(id, 'paid', {
            at: minutes(2),
            pfPaymentId: 'pf-2',
          }),
        ).rejects.toBeInstanceOf(InvalidTransitionError)
        expect(await store.orders.get(id)).toEqual(before)
        expect(await stockOf(store, 'biltong')).toBe(8)
        await expect(
          orderMoves(store.orders, clock).transition('NOSUCHORDER1', 'paid', { at: minutes(2) }),
        ).rejects.toThrow()
      })

      it('gives the stock back when an order is cancelled or its payment fails', async () => {
        const cancelled = await placeAt(
          draft([
            { productId: 'biltong', quantity: 3 },
            { productId: 'rooibos', quantity: 4 },
          ]),
          orderId(),
          T0,
        )
        const failed = await placeAt(draft([{ productId: 'biltong', quantity: 2 }]), orderId(), T0)
        expect(await stockOf(store, 'biltong')).toBe(5)
        expect(await stockOf(store, 'rooibos')).toBe(0)

        const after = await orderMoves(store.orders, clock).transition(cancelled.id, 'cancelled', {
          at: minutes(1),
          note: 'Cancelled at PayFast',
        })
        expect(after.status).toBe('cancelled')
        expect(after.history.at(-1)).toEqual({
          status: 'cancelled',
          at: minutes(1),
          note: 'Cancelled at PayFast',
          by: null,
        })
        expect(await stockOf(store, 'biltong')).toBe(8)
        expect(await stockOf(store, 'rooibos')).toBe(4)

        await orderMoves(store.orders, clock).transition(failed.id, 'payment_failed', {
          at: minutes(1),
        })
        expect(await stockOf(store, 'biltong')).toBe(10)
        // A settled order cannot be released twice.
        await expect(
          orderMoves(store.orders, clock).transition(cancelled.id, 'cancelled', { at: minutes(2) }),
        ).rejects.toBeInstanceOf(InvalidTransitionError)
        expect(await stockOf(store, 'biltong')).toBe(10)
      })

      it('expires pending orders older than the cut-off and gives their stock back', async () => {
        const stale = await placeAt(
          draft([{ productId: 'biltong', quantity: 3 }]),
          orderId(),
          minutes(0),
        )
        const paid = await placeAt(
          draft([{ productId: 'biltong', quantity: 1 }]),
          orderId(),
          minutes(1),
        )
        await orderMoves(store.orders, clock).transition(paid.id, 'paid', { at: minutes(2) })
        const recent = await placeAt(
          draft([{ productId: 'rooibos', quantity: 2 }]),
          orderId(),
          minutes(20),
        )
        expect(await stockOf(store, 'biltong')).toBe(6)

        const now = minutes(35)
        expect(await orderMoves(store.orders, clock).expirePending(minutes(-30, now), now)).toBe(1)
        const expired = await store.orders.get(stale.id)
        expect(expired?.status).toBe('cancelled')
        expect(expired?.history.at(-1)).toEqual({
          status: 'cancelled',
          at: now,
          note: 'Payment not completed within 30 minutes',
          by: null,
        })
        expect(await stockOf(store, 'biltong')).toBe(9)
        expect((await store.orders.get(paid.id))?.status).toBe('paid')
        expect((await store.orders.get(recent.id))?.status).toBe('pending_payment')
        expect(await stockOf(store, 'rooibos')).toBe(2)

        expect(await orderMoves(store.orders, clock).expirePending(minutes(-30, now), now)).toBe(0)
        expect(await stockOf(store, 'biltong')).toBe(9)
      })

      it('places one order per checkout key: a repeat finds it and reserves nothing', async () => {
        const input = {
          ...draft([{ productId: 'biltong', quantity: 3 }], 'u1'),
          checkoutKey: 'k-1',
        }
        const first = await placeAt(input, orderId(), minutes(1))
        expect(first.refundNeeded).toBe(false)
        const again = await placeAt(input, orderId(), minutes(2))
        expect(again).toEqual(first)
        expect(await stockOf(store, 'biltong')).toBe(7)
        expect(await store.orders.findByCheckoutKey('k-1')).toEqual(first)
        expect(await store.orders.findByCheckoutKey('k-2')).toBeNull()
        // Another checkout, and orders without a key, place as usual.
        const other = await placeAt({ ...input, checkoutKey: 'k-2' }, orderId(), T0)
        expect(other.id).not.toBe(first.id)
        await placeAt(draft([{ productId: 'biltong', quantity: 1 }]), orderId(), T0)
        await placeAt(draft([{ productId: 'biltong', quantity: 1 }]), orderId(), T0)
        expect(await stockOf(store, 'biltong')).toBe(2)
      })

      it('places one order and reserves stock once for concurrent posts of one checkout', async () => {
        const input = {
          ...draft([
            { productId: 'biltong', quantity: 2 },
            { productId: 'rooibos', quantity: 1 },
          ]),
          checkoutKey: 'double-click',
        }
        const placed = await Promise.all(
          Array.from({ length: 5 }, () => placeAt(input, orderId(), T0)),
        )
        expect(new Set(placed.map((order) => order.id)).size).toBe(1)
        expect(await stockOf(store, 'biltong')).toBe(8)
        expect(await stockOf(store, 'rooibos')).toBe(3)
        expect(await store.orders.findByCheckoutKey('double-click')).toEqual(placed[0])
      }, 90_000)

      it('does not claim a checkout key for an order it could not fill', async () => {
        const input = { ...draft([{ productId: 'rooibos', quantity: 9 }]), checkoutKey: 'short' }
        await expect(placeAt(input, orderId(), T0)).rejects.toBeInstanceOf(OutOfStockError)
        expect(await store.orders.findByCheckoutKey('short')).toBeNull()
        const fixed = { ...input, lines: draft([{ productId: 'rooibos', quantity: 2 }]).lines }
        const order = await placeAt(fixed, orderId(), T0)
        expect(await store.orders.findByCheckoutKey('short')).toEqual(order)
        expect(await stockOf(store, 'rooibos')).toBe(2)
      })

      it('flags a payment for a cancelled or failed order for a refund, once per pf_payment_id', async () => {
        const cancelled = await placeAt(
          draft([{ productId: 'biltong', quantity: 3 }]),
          orderId(),
          minutes(0),
        )
        const failed = await placeAt(
          draft([{ productId: 'rooibos', quantity: 1 }]),
          orderId(),
          minutes(1),
        )
        await orderMoves(store.orders, clock).transition(failed.id, 'payment_failed', {
          at: minutes(2),
        })
        const now = minutes(40)
        expect(await orderMoves(store.orders, clock).expirePending(minutes(-30, now), now)).toBe(1)
        expect(await store.orders.listRefundNeeded()).toEqual([])

        const late = 'payment received after cancellation: refund needed (pf_payment_id 555)'
        const { order, flagged } = await orderMoves(store.orders, clock).flagLatePayment(
          cancelled.id,
          {
            at: minutes(41),
            pfPaymentId: '555',
          },
        )
        expect(flagged).toBe(true)
        expect(order).toMatchObject({
          status: 'cancelled',
          refundNeeded: true,
          pfPaymentId: '555',
          updatedAt: minutes(41),
        })
        expect(order.history.at(-1)).toEqual({
          status: 'cancelled',
          at: minutes(41),
          note: late,
          by: null,
        })
        expect(await store.orders.get(cancelled.id)).toEqual(order)
        // The stock released on cancellation stays released.
        expect(await stockOf(store, 'biltong')).toBe(10)

        const repeat = await orderMoves(store.orders, clock).flagLatePayment(cancelled.id, {
          at: minutes(42),
          pfPaymentId: '555',
        })
        expect(repeat).toEqual({ order, flagged: false })
        expect(await store.orders.get(cancelled.id)).toEqual(order)

        // A second, different payment is noted too; the first reference stays on the order.
        const second = await orderMoves(store.orders, clock).flagLatePayment(cancelled.id, {
          at: minutes(43),
          pfPaymentId: '556',
        })
        expect(second.flagged).toBe(true)
        expect(second.order.pfPaymentId).toBe('555')
        expect(second.order.history.map((h) => h.note).slice(-2)).toEqual([
          late,
          'payment received after cancellation: refund needed (pf_payment_id 556)',
        ])

        await orderMoves(store.orders, clock).flagLatePayment(failed.id, {
          at: minutes(44),
          pfPaymentId: '557',
        })
        expect((await store.orders.listRefundNeeded()).map((o) => o.id)).toEqual([
          cancelled.id,
          failed.id,
        ])
      })

      it('refuses to flag an order still waiting for its payment', async () => {
        const pending = await placeAt(draft([{ productId: 'biltong', quantity: 1 }]), orderId(), T0)
        await expect(
          orderMoves(store.orders, clock).flagLatePayment(pending.id, {
            at: minutes(1),
            pfPaymentId: '1',
          }),
        ).rejects.toBeInstanceOf(InvalidTransitionError)
        expect(await store.orders.get(pending.id)).toEqual(pending)
        expect(await store.orders.listRefundNeeded()).toEqual([])
      })

      it('notes a second payment for a paid order and flags a refund; its own payment changes nothing', async () => {
        const placed = await placeAt(draft([{ productId: 'biltong', quantity: 1 }]), orderId(), T0)
        const paid = await orderMoves(store.orders, clock).transition(placed.id, 'paid', {
          at: minutes(1),
          pfPaymentId: '1',
        })
        // PayFast repeating the ITN that paid it: nothing to refund.
        expect(
          await orderMoves(store.orders, clock).flagLatePayment(paid.id, {
            at: minutes(2),
            pfPaymentId: '1',
          }),
        ).toEqual({ order: paid, flagged: false })
        expect(await store.orders.get(paid.id)).toEqual(paid)

        const shipped = await orderMoves(store.orders, clock).transition(paid.id, 'shipped', {
          at: minutes(3),
          shipment: { courier: 'Pargo', trackingNumber: 'PGO-1' },
        })
        const { order, flagged } = await orderMoves(store.orders, clock).flagLatePayment(paid.id, {
          at: minutes(4),
          pfPaymentId: '2',
        })
        expect(flagged).toBe(true)
        expect(order).toEqual({
          ...shipped,
          refundNeeded: true,
          updatedAt: minutes(4),
          history: [
            ...shipped.history,
            {
              status: 'shipped',
              at: minutes(4),
              note: 'second payment received (pf_payment_id 2): refund needed',
              by: null,
            },
          ],
        })
        expect(await store.orders.get(paid.id)).toEqual(order)
        expect(await store.orders.listRefundNeeded()).toEqual([order])
        // The stock the order holds is untouched: the second payment bought nothing more.
        expect(await stockOf(store, 'biltong')).toBe(9)
      })

      it('notes every one of many payments raced for a paid order once, with one flag', async () => {
        const placed = await placeAt(draft([{ productId: 'biltong', quantity: 1 }]), orderId(), T0)
        await orderMoves(store.orders, clock).transition(placed.id, 'paid', {
          at: minutes(1),
          pfPaymentId: '100',
        })
        // Ten presses of "Pay now" (the first paid it), each ITN delivered twice, all at once.
        const ids = Array.from({ length: 10 }, (_, i) => String(100 + i))
        const results = await Promise.all(
          [...ids, ...ids].map((pfPaymentId) =>
            orderMoves(store.orders, clock).flagLatePayment(placed.id, {
              at: minutes(2),
              pfPaymentId,
            }),
          ),
        )
        expect(results.filter((r) => r.flagged)).toHaveLength(9)
        const order = (await store.orders.get(placed.id))!
        expect(order).toMatchObject({ status: 'paid', pfPaymentId: '100', refundNeeded: true })
        expect(
          order.history
            .slice(2)
            .map((h) => h.note)
            .sort(),
        ).toEqual(
          ids.slice(1).map((id) => `second payment received (pf_payment_id ${id}): refund needed`),
        )
        expect((await store.orders.listRefundNeeded()).map((o) => o.id)).toEqual([placed.id])
      })
    })

    describe('contact messages', () => {
      it('stores messages and lists them newest first', async () => {
        const base = {
          name: 'Lerato',
          email: 'lerato@example.co.za',
          subject: 'Delivery',
          ip: '127.0.0.1',
        }
        clock.set(minutes(1))
        const first = await store.messages.create({ ...base, message: 'Where is my parcel?' })
        clock.set(minutes(2))
        const second = await store.messages.create({ ...base, message: 'Found it, thanks.' })
        expect(first).toMatchObject({
          ...base,
          message: 'Where is my parcel?',
          createdAt: minutes(1),
        })
        expect(first.id).not.toBe(second.id)
        expect(await store.messages.list()).toEqual([second, first])
      })
    })
  })
}
