import { countRating, describeReviewVisibility } from '../product-edit.server'
import { applyRating, assertPage, assertRating, reviewId } from '../rules.server'
import type { ReviewSort, ReviewStore } from '../store'
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
  hidden: number
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
  hidden: row.hidden === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export function createReviewStore(context: SqliteContext): ReviewStore {
  const { db, selectProduct } = context
  const selectReview = db.prepare<[string, string], ReviewRow>(
    'SELECT * FROM reviews WHERE product_id = ? AND user_id = ?',
  )
  const selectById = db.prepare<[string], ReviewRow>('SELECT * FROM reviews WHERE id = ?')
  // LIMIT -1 is SQLite for "no limit". Ties broken by id descending, the order Firestore gives
  // documents equal in every ordered field when the last order is descending.
  const forProduct = (order: string) =>
    db.prepare<[string, number, number], ReviewRow>(
      `SELECT * FROM reviews WHERE product_id = ? AND hidden = 0 ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
  const selectForProduct: Record<ReviewSort, ReturnType<typeof forProduct>> = {
    newest: forProduct('updated_at DESC, id DESC'),
    highest: forProduct('rating DESC, updated_at DESC, id DESC'),
    lowest: forProduct('rating ASC, updated_at DESC, id DESC'),
  }
  const countForProduct = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM reviews WHERE product_id = ? AND hidden = 0',
  )
  // Ties broken by id descending, the order Firestore gives equal times.
  const selectPage = db.prepare<[number, number], ReviewRow>(
    'SELECT * FROM reviews ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?',
  )
  const countAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM reviews')
  const updateHidden = db.prepare('UPDATE reviews SET hidden = ? WHERE id = ?')
  const insertLog = db.prepare(
    'INSERT INTO product_log (product_id, at, made_by, change) VALUES (?, ?, ?, ?)',
  )
  const upsertReview = db.prepare(
    `INSERT INTO reviews (id, product_id, user_id, author_name, rating, title, body, hidden,
       created_at, updated_at)
     VALUES (@id, @productId, @userId, @authorName, @rating, @title, @body, @hidden, @createdAt,
       @updatedAt)
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
      const { sort = 'newest', offset = 0, limit } = options ?? {}
      assertPage({ offset, limit: limit ?? 1 })
      return {
        items: selectForProduct[sort].all(productId, limit ?? -1, offset).map(toReview),
        total: countForProduct.get(productId)?.n ?? 0,
      }
    },
    async list({ offset, limit }) {
      assertPage({ offset, limit })
      return {
        items: selectPage.all(limit, offset).map(toReview),
        total: countAll.get()?.n ?? 0,
      }
    },
    async setHidden(id, hidden, audit) {
      const at = context.now()
      const result = db
        .transaction(() => {
          const row = selectById.get(id)
          if (!row) return null
          const review = toReview(row)
          if (review.hidden === hidden) return { review, changed: false }
          const product = selectProduct.get(review.productId)
          if (product) {
            const summary = countRating(
              toProduct(product, []).rating,
              review.rating,
              hidden ? -1 : 1,
            )
            updateRating.run(
              summary.count,
              summary.sum,
              JSON.stringify(summary.distribution),
              at,
              review.productId,
            )
          }
          updateHidden.run(hidden ? 1 : 0, id)
          insertLog.run(review.productId, at, audit.by, describeReviewVisibility(review, hidden))
          return { review: { ...review, hidden }, changed: true }
        })
        .immediate()
      if (result?.changed) context.emitProducts([result.review.productId])
      return result?.review ?? null
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
          // A customer's resubmission stays hidden when staff hid the first: it is still theirs.
          const hidden = previous?.hidden === 1
          const review: Review = {
            id: previous?.id ?? reviewId(input.productId, input.userId),
            productId: input.productId,
            userId: input.userId,
            authorName: input.authorName,
            rating: input.rating,
            title: input.title,
            body: input.body,
            hidden,
            createdAt: previous?.created_at ?? now,
            updatedAt: now,
          }
          upsertReview.run({ ...review, hidden: hidden ? 1 : 0 })
          // A hidden review is out of the summary before and after.
          if (hidden) return review
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
