import type { ReviewSort, Store } from '~/lib/data/store'
import type { Review } from '~/lib/data/types'

import { REVIEWS_PER_PAGE } from './review-query'

/** A review as pages show it: no customer ids. `writtenAt` is when it was last (re)written. */
export type ReviewView = Pick<Review, 'id' | 'authorName' | 'rating' | 'title' | 'body'> & {
  writtenAt: string
}

/** The review a customer writes; one per customer per product, a second replaces the first. */
export type ReviewInput = Pick<
  Review,
  'productId' | 'userId' | 'authorName' | 'rating' | 'title' | 'body'
>

/** The signed-in customer's own review of a product, for the form that edits it. */
export type OwnReview = Pick<Review, 'rating' | 'title' | 'body' | 'hidden'> & {
  /** When it was last (re)written: "You reviewed this on ...". */
  writtenAt: string
}

/** One page of a product's reviews as the product page shows it. */
export type ReviewPage = {
  items: ReviewView[]
  /** Visible reviews in all. */
  total: number
  sort: ReviewSort
  /** 1-based, within 1..pageCount. */
  page: number
  pageCount: number
}

export const reviews = {
  /**
   * One page of the product's visible reviews in the asked order. A page past the last is the
   * last page, so a stale link (a review hidden since) still shows reviews.
   */
  async pageForProduct(
    store: Store,
    productId: string,
    { sort, page }: { sort: ReviewSort; page: number },
  ): Promise<ReviewPage> {
    const at = (n: number) =>
      store.reviews.listForProduct(productId, {
        sort,
        offset: (n - 1) * REVIEWS_PER_PAGE,
        limit: REVIEWS_PER_PAGE,
      })
    let shown = page
    let found = await at(shown)
    const pageCount = Math.max(1, Math.ceil(found.total / REVIEWS_PER_PAGE))
    if (shown > pageCount) {
      shown = pageCount
      found = await at(shown)
    }
    return { items: found.items.map(toView), total: found.total, sort, page: shown, pageCount }
  },

  /** The customer's review of the product, hidden by staff or not; null when they wrote none. */
  async mine(store: Store, productId: string, userId: string): Promise<OwnReview | null> {
    const review = await store.reviews.getByUser(productId, userId)
    if (!review) return null
    const { rating, title, body, hidden, updatedAt } = review
    return { rating, title, body, hidden, writtenAt: updatedAt }
  },

  /**
   * Stores the review and updates the product's statistics in the same transaction; `edited` says
   * whether it replaced the customer's earlier review of the product.
   */
  async write(store: Store, review: ReviewInput): Promise<{ edited: boolean }> {
    const earlier = await store.reviews.getByUser(review.productId, review.userId)
    await store.reviews.upsert(review)
    return { edited: earlier !== null }
  },
}

function toView({ id, authorName, rating, title, body, updatedAt }: Review): ReviewView {
  return { id, authorName, rating, title, body, writtenAt: updatedAt }
}
