import { beforeEach, describe, expect, it } from 'vitest'

import { formatRand } from '~/lib/money'

import {
  draft,
  manualClock,
  product,
  productUpsert,
  shirt,
  watchProducts,
  type ContractHarness,
  storePerTest,
} from './contract.suite'
import {
  OutOfStockError,
  StockBelowHeldError,
  type Audit,
  type ProductEdit,
  type Store,
} from './store'
import type { Product } from './types'
import { variantIdFor } from './variants'
import { orderMoves } from '~/lib/orders/orders.test-helper'

/**
 * The back office's product and review behaviour every data adapter must show (issue 12): the
 * paged product list, saves with stock on hand against stock held by unpaid orders, the change
 * log, pictures, products off sale, and hidden reviews. Run by each adapter's *.contract.test.ts
 * beside describeStoreContract, with the same harness.
 */

const T0 = '2025-06-02T08:00:00.000Z'
const STAFF = 'nomsa@karoo.example'
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString()

let orderSeq = 0
const orderId = () =>
  `BO${Date.now().toString(36).toUpperCase()}${(orderSeq++).toString().padStart(4, '0')}`

/** What the edit form holds for a product: on hand = available + `held` per variant. */
function editOf(p: Product, held: Record<string, number> = {}): ProductEdit {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    category: p.category,
    categoryName: p.categoryName,
    tags: [...p.tags],
    options: p.options.map((option) => ({ name: option.name, values: [...option.values] })),
    active: p.active,
    variants: p.variants.map((v) => ({
      id: v.id,
      optionValues: [...v.optionValues],
      priceCents: v.priceCents,
      compareAtCents: v.compareAtCents,
      onHand: v.stock + (held[v.id] ?? 0),
    })),
  }
}

/** The edit with one variant's fields changed. */
function withVariant(
  edit: ProductEdit,
  variantId: string,
  change: Partial<ProductEdit['variants'][number]>,
): ProductEdit {
  return {
    ...edit,
    variants: edit.variants.map((v) => (v.id === variantId ? { ...v, ...change } : v)),
  }
}

const names = (products: readonly Product[]) => products.map((p) => p.name)

export function describeBackOfficeProductsContract(name: string, harness: ContractHarness): void {
  describe(`data store contract, back office products and reviews: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    const audit = (): Audit => ({ by: STAFF })
    const get = async (id: string) => {
      const found = await store.products.get(id)
      if (!found) throw new Error(`${id} is not stored`)
      return found
    }

    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })

    const tee = variantIdFor('tee', ['M', 'Black'])
    const teeSmall = variantIdFor('tee', ['S', 'Black'])

    describe('the product list', () => {
      beforeEach(async () => {
        await store.products.upsertMany([
          product('biltong', { name: 'Beef Biltong', stock: 6 }),
          product('rooibos', { name: 'Rooibos Tea', stock: 5 }),
          product('chakalaka', { name: 'Chakalaka Relish', stock: 50, active: false }),
          { ...shirt('tee', { [teeSmall]: 2 }), name: 'Rainbow Tee' },
        ])
      })

      it('lists every product, on sale or not, by name, a page at a time with the total', async () => {
        const all = await store.products.list({ offset: 0, limit: 10 })
        expect(names(all.items)).toEqual([
          'Beef Biltong',
          'Chakalaka Relish',
          'Rainbow Tee',
          'Rooibos Tea',
        ])
        expect(all.total).toBe(4)
        expect(all.items[1]).toMatchObject({ id: 'chakalaka', active: false })
        expect(all.items[2]).toEqual(await get('tee'))

        const second = await store.products.list({ offset: 1, limit: 2 })
        expect(names(second.items)).toEqual(['Chakalaka Relish', 'Rainbow Tee'])
        expect(second.total).toBe(4)
        expect((await store.products.list({ offset: 4, limit: 2 })).items).toEqual([])
      })

      it('finds products by id or by the words of their name, in any case', async () => {
        const search = async (q: string) =>
          names((await store.products.list({ q, offset: 0, limit: 10 })).items)
        expect(await search('TEA')).toEqual(['Rooibos Tea'])
        expect(await search('tea rooibos')).toEqual(['Rooibos Tea'])
        expect(await search('tee')).toEqual(['Rainbow Tee'])
        expect(await search('chakalaka')).toEqual(['Chakalaka Relish'])
        expect(await search('  ')).toHaveLength(4)
        expect(await search('rooibos coffee')).toEqual([])
        const paged = await store.products.list({ q: 'e', offset: 1, limit: 2 })
        expect(names(paged.items)).toEqual(['Chakalaka Relish', 'Rainbow Tee'])
        expect(paged.total).toBe(4)
      })

      it('keeps products with a variant at 5 or fewer units for low stock, and counts them', async () => {
        const low = await store.products.list({ lowStock: true, offset: 0, limit: 10 })
        expect(names(low.items)).toEqual(['Rainbow Tee', 'Rooibos Tea'])
        expect(low.total).toBe(2)
        expect(await store.products.countLowStock()).toBe(2)
        const lowTea = await store.products.list({ lowStock: true, q: 'tea', offset: 0, limit: 10 })
        expect(names(lowTea.items)).toEqual(['Rooibos Tea'])

        // Restocking the rooibos takes it off the list.
        await store.products.save(
          withVariant(editOf(await get('rooibos')), 'rooibos', { onHand: 12 }),
          audit(),
        )
        expect(await store.products.countLowStock()).toBe(1)
      })

      it('refuses a page that is not a whole offset and limit', async () => {
        await expect(store.products.list({ offset: -1, limit: 10 })).rejects.toThrow(RangeError)
        await expect(store.products.list({ offset: 0, limit: 0 })).rejects.toThrow(RangeError)
      })
    })

    describe('saving a product', () => {
      it('creates a product on sale with no pictures or reviews yet, and logs who made it', async () => {
        const edit: ProductEdit = {
          id: 'mohair-throw',
          name: 'Mohair Throw',
          description: 'Warm.',
          category: 'homeware',
          categoryName: 'Homeware',
          tags: ['winter'],
          options: [{ name: 'Colour', values: ['Grey', 'Cream'] }],
          active: true,
          variants: [
            {
              id: variantIdFor('mohair-throw', ['Grey']),
              optionValues: ['Grey'],
              priceCents: 89_900,
              compareAtCents: 99_900,
              onHand: 4,
            },
            {
              id: variantIdFor('mohair-throw', ['Cream']),
              optionValues: ['Cream'],
              priceCents: 79_900,
              compareAtCents: null,
              onHand: 0,
            },
          ],
        }
        const saved = await store.products.save(edit, audit())
        expect(saved).toMatchObject({
          id: 'mohair-throw',
          name: 'Mohair Throw',
          active: true,
          images: [],
          featuredRank: null,
          rating: { count: 0, sum: 0, distribution: [0, 0, 0, 0, 0] },
          // The cheapest variant in stock.
          priceCents: 89_900,
          compareAtCents: 99_900,
          stock: 4,
          createdAt: T0,
          updatedAt: T0,
        })
        expect(saved.variants.map((v) => [v.id, v.stock, v.image])).toEqual([
          ['mohair-throw--grey', 4, null],
          ['mohair-throw--cream', 0, null],
        ])
        expect(await store.products.get('mohair-throw')).toEqual(saved)
        const log = await store.products.changeLog('mohair-throw')
        expect(log).toHaveLength(1)
        expect(log[0]).toMatchObject({ productId: 'mohair-throw', at: T0, by: STAFF })
        expect(log[0]?.change).toMatch(/created/)
      })

      it('updates price, stock and options, keeping pictures, rating, rank and creation time, and logs each change', async () => {
        await store.products.upsertMany([
          {
            ...shirt('tee'),
            featuredRank: 2,
            rating: { count: 1, sum: 4, distribution: [0, 0, 0, 1, 0] },
          },
        ])
        const before = await get('tee')
        clock.advance(5)
        let edit = withVariant(editOf(before), tee, { priceCents: 27_900 })
        edit = withVariant(edit, teeSmall, { onHand: 10 })
        const saved = await store.products.save(edit, audit())
        expect(saved.variants.find((v) => v.id === tee)?.priceCents).toBe(27_900)
        expect(saved.variants.find((v) => v.id === teeSmall)?.stock).toBe(10)
        expect(saved).toMatchObject({
          images: before.images,
          rating: before.rating,
          featuredRank: 2,
          createdAt: before.createdAt,
          updatedAt: minutes(5),
          stock: before.stock + 7,
        })
        // A variant keeps its own picture.
        const rainbow = variantIdFor('tee', ['M', 'Rainbow'])
        expect(saved.variants.find((v) => v.id === rainbow)?.image).toEqual(
          before.variants.find((v) => v.id === rainbow)?.image,
        )
        expect(await store.products.get('tee')).toEqual(saved)

        clock.advance(5)
        const xl = variantIdFor('tee', ['XL', 'Black'])
        const bigger: ProductEdit = {
          ...editOf(saved),
          options: [
            { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
            { name: 'Colour', values: ['Black', 'Rainbow'] },
          ],
          variants: [
            ...editOf(saved).variants.filter((v) => v.id !== teeSmall),
            {
              id: xl,
              optionValues: ['XL', 'Black'],
              priceCents: 29_900,
              compareAtCents: null,
              onHand: 2,
            },
          ],
        }
        const grown = await store.products.save(bigger, audit())
        expect(grown.variants.map((v) => v.id)).toContain(xl)
        expect(grown.variants.map((v) => v.id)).not.toContain(teeSmall)

        const log = await store.products.changeLog('tee')
        expect(log.map((entry) => [entry.at, entry.by])).toEqual([
          [minutes(5), STAFF],
          [minutes(10), STAFF],
        ])
        expect(log[0]?.change).toContain(
          `price of Size: M, Colour: Black ${formatRand(25_000)} -> ${formatRand(27_900)}`,
        )
        expect(log[0]?.change).toContain('stock of Size: S, Colour: Black 3 -> 10')
        expect(log[0]?.change).not.toContain('Rainbow')
        expect(log[1]?.change).toContain('options')
        expect(log[1]?.change).toContain('XL')
        expect(log[1]?.change).toContain('variant Size: XL, Colour: Black added')
        expect(log[1]?.change).toContain('variant Size: S, Colour: Black removed')
      })

      it('names the price of a product without options plainly, and logs nothing for a save that changes nothing', async () => {
        await store.products.upsertMany([product('biltong')])
        const before = await get('biltong')
        clock.advance(1)
        expect(await store.products.save(editOf(before), audit())).toEqual(before)
        expect(await store.products.get('biltong')).toEqual(before)
        expect(await store.products.changeLog('biltong')).toEqual([])

        await store.products.save(
          withVariant(editOf(before), 'biltong', { priceCents: 9_900, compareAtCents: 12_900 }),
          audit(),
        )
        const [entry] = await store.products.changeLog('biltong')
        expect(entry?.change).toContain(`price ${formatRand(12_900)} -> ${formatRand(9_900)}`)
        expect(entry?.change).toContain(`compare-at price none -> ${formatRand(12_900)}`)
      })

      it('refuses prices that are not positive whole cents and stock below zero, changing nothing', async () => {
        await store.products.upsertMany([product('biltong')])
        const edit = editOf(await get('biltong'))
        for (const bad of [{ priceCents: 0 }, { priceCents: 12.5 }, { onHand: -1 }]) {
          await expect(
            store.products.save(withVariant(edit, 'biltong', bad), audit()),
          ).rejects.toThrow(RangeError)
        }
        expect(await store.products.changeLog('biltong')).toEqual([])
      })
    })

    describe('stock on hand and stock held by unpaid orders', () => {
      beforeEach(async () => {
        await store.products.upsertMany([shirt('tee')])
        await store.orders.place(
          draft([{ productId: 'tee', variantId: tee, quantity: 2 }]),
          orderId(),
        )
      })

      it('counts units of unpaid orders as held, and paid ones no longer', async () => {
        expect(await store.products.heldStock('tee')).toEqual({ [tee]: 2 })
        const paid = await store.orders.place(
          draft([{ productId: 'tee', variantId: teeSmall, quantity: 1 }]),
          orderId(),
        )
        expect(await store.products.heldStock('tee')).toEqual({ [tee]: 2, [teeSmall]: 1 })
        await orderMoves(store.orders).transition(paid.id, 'paid', { pfPaymentId: 'pf-1' })
        expect(await store.products.heldStock('tee')).toEqual({ [tee]: 2 })
        expect(await store.products.heldStock('nothing')).toEqual({})
      })

      it('counts the units held of every product at once', async () => {
        await store.products.upsertMany([product('biltong', { stock: 10 })])
        await store.orders.place(
          draft([
            { productId: 'tee', variantId: teeSmall, quantity: 1 },
            { productId: 'biltong', quantity: 3 },
          ]),
          orderId(),
        )
        expect(await store.products.allHeldStock()).toEqual({
          [tee]: 2,
          [teeSmall]: 1,
          biltong: 3,
        })
      })

      it('sets available stock to on hand less held, and refuses on hand below held', async () => {
        const before = await get('tee')
        expect(before.variants.find((v) => v.id === tee)?.stock).toBe(1)
        const edit = editOf(before, { [tee]: 2 })

        const refused = store.products.save(withVariant(edit, tee, { onHand: 1 }), audit())
        await expect(refused).rejects.toBeInstanceOf(StockBelowHeldError)
        await expect(refused).rejects.toMatchObject({
          shortfalls: [{ variantId: tee, onHand: 1, held: 2 }],
        })
        // Removing a variant unpaid orders hold is refused the same way.
        const without = { ...edit, variants: edit.variants.filter((v) => v.id !== tee) }
        await expect(store.products.save(without, audit())).rejects.toMatchObject({
          shortfalls: [{ variantId: tee, onHand: 0, held: 2 }],
        })
        expect(await store.products.get('tee')).toEqual(before)
        expect(await store.products.changeLog('tee')).toEqual([])

        const saved = await store.products.save(withVariant(edit, tee, { onHand: 2 }), audit())
        expect(saved.variants.find((v) => v.id === tee)?.stock).toBe(0)
        const [entry] = await store.products.changeLog('tee')
        expect(entry?.change).toBe('stock of Size: M, Colour: Black 3 -> 2')
      })

      it('does not give back a unit sold while the form was open', async () => {
        // Staff open the form: 3 on hand, 2 of them held.
        const edit = editOf(await get('tee'), { [tee]: 2 })
        // A shopper buys the last available one meanwhile.
        await store.orders.place(
          draft([{ productId: 'tee', variantId: tee, quantity: 1 }]),
          orderId(),
        )
        const saved = await store.products.save(
          withVariant(edit, tee, { priceCents: 26_000 }),
          audit(),
        )
        expect(saved.variants.find((v) => v.id === tee)?.stock).toBe(0)
        await expect(
          store.orders.place(draft([{ productId: 'tee', variantId: tee, quantity: 1 }]), orderId()),
        ).rejects.toBeInstanceOf(OutOfStockError)
      })

      it('ends with on hand less held whichever of a restock and a sale lands first', async () => {
        const edit = withVariant(editOf(await get('tee'), { [tee]: 2 }), tee, { onHand: 10 })
        await Promise.all([
          store.products.save(edit, audit()),
          store.orders.place(draft([{ productId: 'tee', variantId: tee, quantity: 1 }]), orderId()),
        ])
        expect((await get('tee')).variants.find((v) => v.id === tee)?.stock).toBe(10 - 2 - 1)
        expect(await store.products.heldStock('tee')).toEqual({ [tee]: 3 })
      })
    })

    describe('products off sale', () => {
      it('refuses an order line of an inactive product as sold out, and keeps it on past orders', async () => {
        await store.products.upsertMany([product('biltong', { stock: 10 })])
        const placed = await store.orders.place(
          draft([{ productId: 'biltong', quantity: 1 }]),
          orderId(),
        )
        await store.products.save(
          { ...editOf(await get('biltong'), { biltong: 1 }), active: false },
          audit(),
        )
        expect(await get('biltong')).toMatchObject({ active: false, stock: 9 })
        const [entry] = await store.products.changeLog('biltong')
        expect(entry?.change).toMatch(/inactive/)

        const refused = store.orders.place(
          draft([{ productId: 'biltong', quantity: 1 }]),
          orderId(),
        )
        await expect(refused).rejects.toBeInstanceOf(OutOfStockError)
        await expect(refused).rejects.toMatchObject({
          shortages: [{ productId: 'biltong', variantId: 'biltong', requested: 1, available: 0 }],
        })
        expect((await store.orders.get(placed.id))?.lines.map((l) => l.productId)).toEqual([
          'biltong',
        ])
        // Its unpaid order can still be paid.
        await orderMoves(store.orders).transition(placed.id, 'paid', { pfPaymentId: 'pf-2' })

        await store.products.save({ ...editOf(await get('biltong')), active: true }, audit())
        await store.orders.place(draft([{ productId: 'biltong', quantity: 1 }]), orderId())
        expect((await get('biltong')).stock).toBe(8)
      })
    })

    describe('pictures and the change log', () => {
      it('sets pictures without touching stock or rating, logs adds, removals and moves, oldest first', async () => {
        await store.products.upsertMany([product('biltong', { stock: 4 })])
        await store.reviews.upsert({
          productId: 'biltong',
          userId: 'u1',
          authorName: 'Thandi M.',
          rating: 5,
          title: 'Lekker',
          body: 'Tasty',
        })
        const before = await get('biltong')
        const photo = {
          url: '/images/b-2.webp',
          alt: 'Sliced',
          width: 1600,
          height: 1200,
          id: 'h2',
        }
        clock.advance(1)
        const added = await store.products.setImages('biltong', [...before.images, photo], audit())
        expect(added.images).toEqual([...before.images, photo])
        expect(added).toMatchObject({ stock: 4, rating: before.rating, updatedAt: minutes(1) })
        expect(await store.products.get('biltong')).toEqual(added)

        clock.advance(1)
        await store.products.setImages('biltong', [photo, ...before.images], audit())
        clock.advance(1)
        await store.products.setImages('biltong', [photo], audit())
        // The same pictures again change nothing.
        await store.products.setImages('biltong', [photo], audit())
        expect((await get('biltong')).images).toEqual([photo])

        const log = await store.products.changeLog('biltong')
        expect(log.map((e) => e.at)).toEqual([minutes(1), minutes(2), minutes(3)])
        expect(log.map((e) => e.by)).toEqual([STAFF, STAFF, STAFF])
        expect(log[0]?.change).toBe('image added: "Sliced"')
        expect(log[1]?.change).toBe('images reordered')
        expect(log[2]?.change).toBe('image removed: "biltong"')
        await expect(store.products.setImages('missing', [], audit())).rejects.toThrow()
      })
    })

    describe('change events', () => {
      it('tells subscribers about saves, pictures and hidden reviews', async () => {
        await store.products.upsertMany([product('biltong')])
        await store.reviews.upsert({
          productId: 'biltong',
          userId: 'u1',
          authorName: 'Thandi M.',
          rating: 2,
          title: 'Tough',
          body: 'Too dry',
        })
        const watcher = watchProducts(store)
        try {
          const edit = editOf(await get('biltong'))
          await store.products.save(withVariant(edit, 'biltong', { priceCents: 8_800 }), audit())
          await watcher.heard(productUpsert('biltong', (p) => p.priceCents === 8_800))

          await store.products.save({ ...edit, active: false }, audit())
          await watcher.heard(productUpsert('biltong', (p) => !p.active))

          await store.products.setImages('biltong', [], audit())
          await watcher.heard(productUpsert('biltong', (p) => p.images.length === 0))

          const [review] = (await store.reviews.list({ offset: 0, limit: 1 })).items
          await store.reviews.setHidden(review!.id, true, audit())
          await watcher.heard(productUpsert('biltong', (p) => p.rating.count === 0))

          await store.products.save(
            { ...editOf(await get('biltong')), name: 'Beef Biltong' },
            audit(),
          )
          await watcher.heard(productUpsert('biltong', (p) => p.name === 'Beef Biltong'))
        } finally {
          watcher.stop()
        }
      })
    })

    describe('hiding reviews', () => {
      const review = (userId: string, rating: 1 | 2 | 3 | 4 | 5) => ({
        productId: 'rooibos',
        userId,
        authorName: `Customer ${userId}`,
        rating,
        title: 'Tea',
        body: 'About the tea.',
      })

      beforeEach(async () => {
        await store.products.upsertMany([product('rooibos'), product('biltong')])
      })

      it('moves a hidden review out of the statistics and the product page, and back when shown', async () => {
        const abusive = await store.reviews.upsert(review('u1', 1))
        expect(abusive.hidden).toBe(false)
        clock.advance(1)
        await store.reviews.upsert(review('u2', 4))
        clock.advance(1)

        const hidden = await store.reviews.setHidden(abusive.id, true, audit())
        expect(hidden).toMatchObject({ id: abusive.id, hidden: true, updatedAt: abusive.updatedAt })
        expect((await get('rooibos')).rating).toEqual({
          count: 1,
          sum: 4,
          distribution: [0, 0, 0, 1, 0],
        })
        expect((await store.reviews.listForProduct('rooibos')).items.map((r) => r.userId)).toEqual([
          'u2',
        ])
        expect(
          (await store.reviews.listForProduct('rooibos', { limit: 1 })).items.map((r) => r.userId),
        ).toEqual(['u2'])
        expect(await store.reviews.getByUser('rooibos', 'u1')).toMatchObject({ hidden: true })

        // Hiding it again changes nothing.
        await store.reviews.setHidden(abusive.id, true, audit())
        expect((await get('rooibos')).rating.count).toBe(1)

        const log = await store.products.changeLog('rooibos')
        expect(log).toHaveLength(1)
        expect(log[0]).toMatchObject({ by: STAFF, at: minutes(2) })
        expect(log[0]?.change).toMatch(/hidden/)

        await store.reviews.setHidden(abusive.id, false, audit())
        expect((await get('rooibos')).rating).toEqual({
          count: 2,
          sum: 5,
          distribution: [1, 0, 0, 1, 0],
        })
        expect((await store.reviews.listForProduct('rooibos')).items).toHaveLength(2)
        expect(await store.reviews.setHidden('no-such-review', true, audit())).toBeNull()
      })

      it('keeps a resubmitted review hidden, and the statistics right either way', async () => {
        const first = await store.reviews.upsert(review('u1', 1))
        await store.reviews.upsert(review('u2', 5))
        await store.reviews.setHidden(first.id, true, audit())

        clock.advance(1)
        const again = await store.reviews.upsert({ ...review('u1', 2), title: 'Still bad' })
        expect(again).toMatchObject({ id: first.id, hidden: true, title: 'Still bad' })
        expect((await get('rooibos')).rating).toEqual({
          count: 1,
          sum: 5,
          distribution: [0, 0, 0, 0, 1],
        })

        await store.reviews.setHidden(first.id, false, audit())
        expect((await get('rooibos')).rating).toEqual({
          count: 2,
          sum: 7,
          distribution: [0, 1, 0, 0, 1],
        })
        clock.advance(1)
        await store.reviews.upsert(review('u1', 3))
        expect((await get('rooibos')).rating).toEqual({
          count: 2,
          sum: 8,
          distribution: [0, 0, 1, 0, 1],
        })
      })

      it('lists every review for staff, hidden ones included, newest first, a page at a time', async () => {
        const ids: string[] = []
        for (const [i, user] of ['u1', 'u2', 'u3'].entries()) {
          ids.push((await store.reviews.upsert(review(user, 4))).id)
          clock.advance(1 + i)
        }
        await store.reviews.upsert({ ...review('u4', 3), productId: 'biltong' })
        await store.reviews.setHidden(ids[1]!, true, audit())

        const first = await store.reviews.list({ offset: 0, limit: 3 })
        expect(first.total).toBe(4)
        expect(first.items.map((r) => [r.userId, r.hidden])).toEqual([
          ['u4', false],
          ['u3', false],
          ['u2', true],
        ])
        const rest = await store.reviews.list({ offset: 3, limit: 3 })
        expect(rest.items.map((r) => r.userId)).toEqual(['u1'])
        expect(rest.total).toBe(4)
      })
    })
  })
}
