import { applyRating, assertRating, reviewId } from '../rules.server'
import type { ReviewStore } from '../store'
import type { Review } from '../types'
import { toProduct, type SqliteContext } from './context.server'

type ReviewRow = {
  id: string
  product_id: string
  user_id: string
  author_name: string
  rating: number
  title: string
  body: string
  created_at: string
  updated_at: string
}

const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  productId: row.product_id,
  userId: row.user_id,
  authorName: row.author_name,
  rating: row.rating as Review['rating'],
  title: row.title,
  body: row.body,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export function createReviewStore(context: SqliteContext): ReviewStore {
  const { db, selectProduct } = context
  const selectReview = db.prepare<[string, string], ReviewRow>(
    'SELECT * FROM reviews WHERE product_id = ? AND user_id = ?',
  )
  // LIMIT -1 is SQLite for "no limit".
  const selectForProduct = db.prepare<[string, number], ReviewRow>(
    'SELECT * FROM reviews WHERE product_id = ? ORDER BY updated_at DESC, id LIMIT ?',
  )
  const upsertReview = db.prepare(
    `INSERT INTO reviews (id, product_id, user_id, author_name, rating, title, body, created_at, updated_at)
     VALUES (@id, @productId, @userId, @authorName, @rating, @title, @body, @createdAt, @updatedAt)
     ON CONFLICT (product_id, user_id) DO UPDATE SET author_name = excluded.author_name,
       rating = excluded.rating, title = excluded.title, body = excluded.body,
       updated_at = excluded.updated_at`,
  )
  const updateRating = db.prepare(
    `UPDATE products SET rating_count = ?, rating_sum = ?, rating_distribution = ?, updated_at = ?
     WHERE id = ?`,
  )

  return {
    async listForProduct(productId, options) {
      return selectForProduct.all(productId, options?.limit ?? -1).map(toReview)
    },
    async getByUser(productId, userId) {
      const row = selectReview.get(productId, userId)
      return row ? toReview(row) : null
    },
    async upsert(input) {
      assertRating(input.rating)
      const now = context.now()
      const saved = db
        .transaction((): Review => {
          const product = selectProduct.get(input.productId)
          if (!product) throw new Error(`Unknown product ${input.productId}`)
          const previous = selectReview.get(input.productId, input.userId)
          const review: Review = {
            id: previous?.id ?? reviewId(input.productId, input.userId),
            productId: input.productId,
            userId: input.userId,
            authorName: input.authorName,
            rating: input.rating,
            title: input.title,
            body: input.body,
            createdAt: previous?.created_at ?? now,
            updatedAt: now,
          }
          upsertReview.run(review)
          const summary = applyRating(
            toProduct(product, []).rating,
            previous ? (previous.rating as Review['rating']) : null,
            input.rating,
          )
          updateRating.run(
            summary.count,
            summary.sum,
            JSON.stringify(summary.distribution),
            now,
            input.productId,
          )
          return review
        })
        .immediate()
      context.emitProducts([input.productId])
      return saved
    },
  }
}
