import type { QuerySnapshot } from 'firebase-admin/firestore'

import { countRating, describeReviewVisibility } from '../product-edit.server'
import { applyRating, assertPage, assertRating, reviewId } from '../rules.server'
import type { ReviewStore } from '../store'
import type { Product, Review } from '../types'
import type { FirestoreContext } from './context.server'
import { prepareLogEntry } from './products.server'

/** A review document as stored; those written before staff could hide reviews lack `hidden`. */
const toReview = (data: unknown): Review => {
  const review = data as Omit<Review, 'hidden'> & { hidden?: boolean }
  return { ...review, hidden: review.hidden ?? false }
}

export function createReviewStore(context: FirestoreContext): ReviewStore {
  const { col, transaction } = context
  return {
    async listForProduct(productId, options) {
      const { sort = 'newest', offset = 0, limit } = options ?? {}
      assertPage({ offset, limit: limit ?? 1 })
      // Hidden reviews are skipped here rather than in the query: older documents have no
      // `hidden` field, and Firestore leaves documents without a field out of any filter on it.
      // So the page is found by walking from the start (as `offset` would, and bill, anyway), and
      // the total is every review less the hidden ones (a missing field is never `true`).
      // The rating sorts need the composite indexes in firestore.indexes.json.
      const byProduct = col.reviews.where('productId', '==', productId)
      const ordered =
        sort === 'newest'
          ? byProduct.orderBy('updatedAt', 'desc')
          : byProduct
              .orderBy('rating', sort === 'highest' ? 'desc' : 'asc')
              .orderBy('updatedAt', 'desc')
      const shownOf = (snap: QuerySnapshot) =>
        snap.docs.map((doc) => toReview(doc.data())).filter((review) => !review.hidden)
      const [items, all, hidden] = await Promise.all([
        (async () => {
          if (limit === undefined) return shownOf(await ordered.get()).slice(offset)
          const wanted = offset + limit
          const shown: Review[] = []
          let page = ordered.limit(wanted)
          for (;;) {
            const snap = await page.get()
            shown.push(...shownOf(snap))
            const last = snap.docs.at(-1)
            if (shown.length >= wanted || snap.size < wanted || !last) {
              return shown.slice(offset, wanted)
            }
            page = ordered.startAfter(last).limit(wanted)
          }
        })(),
        byProduct.count().get(),
        byProduct.where('hidden', '==', true).count().get(),
      ])
      return { items, total: all.data().count - hidden.data().count }
    },
    async list({ offset, limit }) {
      assertPage({ offset, limit })
      const [page, total] = await Promise.all([
        col.reviews.orderBy('updatedAt', 'desc').offset(offset).limit(limit).get(),
        col.reviews.count().get(),
      ])
      return { items: page.docs.map((doc) => toReview(doc.data())), total: total.data().count }
    },
    async setHidden(id, hidden, audit) {
      const at = context.now()
      const reviewRef = col.reviews.doc(id)
      return transaction(async (tx) => {
        const snap = await tx.get(reviewRef)
        if (!snap.exists) return null
        const review = toReview(snap.data())
        if (review.hidden === hidden) return review
        const productRef = col.products.doc(review.productId)
        const productSnap = await tx.get(productRef)
        const log = await prepareLogEntry(tx, col, review.productId)
        if (productSnap.exists) {
          const rating = countRating(
            (productSnap.data() as Product).rating,
            review.rating,
            hidden ? -1 : 1,
          )
          tx.update(productRef, { rating, updatedAt: at })
        }
        tx.update(reviewRef, { hidden })
        log({
          productId: review.productId,
          at,
          by: audit.by,
          change: describeReviewVisibility(review, hidden),
        })
        return { ...review, hidden }
      })
    },
    async getByUser(productId, userId) {
      const snap = await col.reviews.doc(reviewId(productId, userId)).get()
      return snap.exists ? toReview(snap.data()) : null
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
        const previous = previousSnap?.exists ? toReview(previousSnap.data()) : null
        // A customer's resubmission stays hidden when staff hid the first: it is still theirs.
        const hidden = previous?.hidden ?? false
        const review: Review = {
          id,
          productId: input.productId,
          userId: input.userId,
          authorName: input.authorName,
          rating: input.rating,
          title: input.title,
          body: input.body,
          hidden,
          createdAt: previous?.createdAt ?? now,
          updatedAt: now,
        }
        tx.set(reviewRef, review)
        // A hidden review is out of the summary before and after.
        if (!hidden) {
          const rating = applyRating(
            (productSnap.data() as Product).rating,
            previous?.rating ?? null,
            input.rating,
          )
          tx.update(productRef, { rating, updatedAt: now })
        }
        return review
      })
    },
  }
}
