import { getStore } from '~/lib/data/index.server'
import type { Review } from '~/lib/data/types'

/** A review as pages show it: no customer ids. `writtenAt` is when it was last (re)written. */
export type ReviewView = Pick<Review, 'id' | 'authorName' | 'rating' | 'title' | 'body'> & {
  writtenAt: string
}

/** The review a customer writes; one per customer per product, a second replaces the first. */
export type ReviewInput = Pick<
  Review,
  'productId' | 'userId' | 'authorName' | 'rating' | 'title' | 'body'
>

export const reviews = {
  /**
   * The product's reviews in the store's order, newest written first: the one order every page
   * shows, so no caller re-sorts them.
   */
  async forProduct(productId: string, options: { limit: number }): Promise<ReviewView[]> {
    const list = await (await getStore()).reviews.listForProduct(productId, options)
    return list.map(({ id, authorName, rating, title, body, updatedAt }) => ({
      id,
      authorName,
      rating,
      title,
      body,
      writtenAt: updatedAt,
    }))
  },

  /** Stores the review and updates the product's statistics in the same transaction. */
  async write(review: ReviewInput): Promise<void> {
    await (await getStore()).reviews.upsert(review)
  },
}
