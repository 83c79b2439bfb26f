import { describe, expect, it } from 'vitest'

import { manualClock, product, type ContractHarness, storePerTest } from './contract.suite'
import type { Page, ReviewSort, Store } from './store'
import type { Review } from './types'

/**
 * The product page's review list every data adapter must give (issue 13): sorted newest, highest
 * or lowest, a page at a time, with the total of visible reviews; hidden reviews in neither. Run
 * by each adapter's *.contract.test.ts with the same harness as describeStoreContract.
 */
export function describeReviewPagesContract(name: string, harness: ContractHarness): void {
  describe(`data store contract, a product's reviews a page at a time: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>

    storePerTest(harness, async () => {
      clock = manualClock('2025-07-01T08:00:00.000Z')
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([product('rooibos'), product('biltong')])
      // Written a minute apart, u1 first; u3's one-star review is hidden by staff.
      const ratings: [string, Review['rating']][] = [
        ['u1', 3],
        ['u2', 5],
        ['u3', 1],
        ['u4', 5],
        ['u5', 2],
      ]
      for (const [userId, rating] of ratings) {
        await store.reviews.upsert({
          productId: 'rooibos',
          userId,
          authorName: `Customer ${userId}`,
          rating,
          title: `${rating} stars`,
          body: 'About the tea.',
        })
        clock.advance(1)
      }
      const hidden = await store.reviews.getByUser('rooibos', 'u3')
      await store.reviews.setHidden(hidden!.id, true, { by: 'staff@karoo.example' })
      return store
    })

    const authors = (page: Page<Review>) => page.items.map((review) => review.userId)
    const list = (sort?: ReviewSort, offset?: number, limit?: number) =>
      store.reviews.listForProduct('rooibos', { sort, offset, limit })

    it('sorts newest written first by default, and by rating with the newest first within one', async () => {
      expect(authors(await list())).toEqual(['u5', 'u4', 'u2', 'u1'])
      expect(authors(await list('newest'))).toEqual(['u5', 'u4', 'u2', 'u1'])
      expect(authors(await list('highest'))).toEqual(['u4', 'u2', 'u1', 'u5'])
      expect(authors(await list('lowest'))).toEqual(['u5', 'u1', 'u4', 'u2'])
    })

    it('gives a page at a time with the total of visible reviews, under every sort', async () => {
      expect(await list('newest', 0, 2)).toMatchObject({ total: 4 })
      expect(authors(await list('newest', 0, 2))).toEqual(['u5', 'u4'])
      expect(authors(await list('newest', 2, 2))).toEqual(['u2', 'u1'])
      expect(authors(await list('highest', 1, 2))).toEqual(['u2', 'u1'])
      expect(authors(await list('lowest', 3, 2))).toEqual(['u2'])
      expect(await list('lowest', 3, 2)).toMatchObject({ total: 4 })
      expect(await list('newest', 10, 2)).toEqual({ items: [], total: 4 })
    })

    it('counts a review shown again, and a rewritten review moves to the front', async () => {
      const u3 = await store.reviews.getByUser('rooibos', 'u3')
      await store.reviews.setHidden(u3!.id, false, { by: 'staff@karoo.example' })
      expect(await list('lowest', 0, 1)).toMatchObject({ total: 5 })
      expect(authors(await list('lowest', 0, 1))).toEqual(['u3'])
      await store.reviews.upsert({
        productId: 'rooibos',
        userId: 'u1',
        authorName: 'Customer u1',
        rating: 4,
        title: 'Better on a second cup',
        body: 'About the tea.',
      })
      expect(authors(await list('newest', 0, 2))).toEqual(['u1', 'u5'])
    })

    it('lists nothing for a product without reviews', async () => {
      expect(await store.reviews.listForProduct('biltong', { sort: 'highest' })).toEqual({
        items: [],
        total: 0,
      })
    })
  })
}
