import { applyRating, assertRating, reviewId } from '../rules.server'
import type { ReviewStore } from '../store'
import type { Product, Review } from '../types'
import type { FirestoreContext } from './context.server'

export function createReviewStore(context: FirestoreContext): ReviewStore {
  const { col, transaction } = context
  return {
    async listForProduct(productId, options) {
      let query = col.reviews.where('productId', '==', productId).orderBy('updatedAt', 'desc')
      if (options?.limit !== undefined) query = query.limit(options.limit)
      const snap = await query.get()
      return snap.docs.map((doc) => doc.data() as Review)
    },
    async getByUser(productId, userId) {
      const snap = await col.reviews.doc(reviewId(productId, userId)).get()
      return snap.exists ? (snap.data() as Review) : null
    },
    async upsert(input) {
      assertRating(input.rating)
      const id = reviewId(input.productId, input.userId)
      return transaction(async (tx) => {
        const now = context.now()
        const productRef = col.products.doc(input.productId)
        const reviewRef = col.reviews.doc(id)
        const [productSnap, previousSnap] = await tx.getAll(productRef, reviewRef)
        if (!productSnap?.exists) throw new Error(`Unknown product ${input.productId}`)
        const previous = previousSnap?.exists ? (previousSnap.data() as Review) : null
        const review: Review = {
          id,
          productId: input.productId,
          userId: input.userId,
          authorName: input.authorName,
          rating: input.rating,
          title: input.title,
          body: input.body,
          createdAt: previous?.createdAt ?? now,
          updatedAt: now,
        }
        const rating = applyRating(
          (productSnap.data() as Product).rating,
          previous?.rating ?? null,
          input.rating,
        )
        tx.set(reviewRef, review)
        tx.update(productRef, { rating, updatedAt: now })
        return review
      })
    },
  }
}
