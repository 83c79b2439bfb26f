import { ProductEmitter } from '../emitter.server'
import type { Product, RatingSummary } from '../types'
import type { Db } from './database.server'

export type ProductRow = {
  id: string
  name: string
  description: string
  category: string
  category_name: string
  tags: string
  price_cents: number
  compare_at_cents: number | null
  stock: number
  images: string
  featured_rank: number | null
  rating_count: number
  rating_sum: number
  rating_distribution: string
  created_at: string
  updated_at: string
}

export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category,
  categoryName: row.category_name,
  tags: JSON.parse(row.tags) as string[],
  priceCents: row.price_cents,
  compareAtCents: row.compare_at_cents,
  stock: row.stock,
  images: JSON.parse(row.images) as Product['images'],
  featuredRank: row.featured_rank,
  rating: {
    count: row.rating_count,
    sum: row.rating_sum,
    distribution: JSON.parse(row.rating_distribution) as RatingSummary['distribution'],
  },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

/**
 * What the SQLite stores share over one database: the clock every write stamps its time with, the
 * product lookup that reviews and orders read inside their transactions, and the product change
 * fan-out they all announce through.
 */
export type SqliteContext = {
  db: Db
  /** The current time as ISO-8601, from the store's clock. */
  now(): string
  selectProduct: { get(id: string): ProductRow | undefined }
  emitter: ProductEmitter
  /** Tells subscribers about these products as they are now; call only after the write committed. */
  emitProducts(ids: Iterable<string>): void
}

export function createSqliteContext(db: Db, clock: () => Date): SqliteContext {
  const emitter = new ProductEmitter()
  const selectProduct = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE id = ?')
  const context: SqliteContext = {
    db,
    now: () => clock().toISOString(),
    selectProduct,
    emitter,
    emitProducts: (ids) =>
      emitter.emit(
        productsById(context, ids).map((product) => ({ type: 'upsert' as const, product })),
      ),
  }
  return context
}

/** Every product with one of `ids`, each once, in the order first asked for; unknown ids are skipped. */
export function productsById(
  context: Pick<SqliteContext, 'selectProduct'>,
  ids: Iterable<string>,
): Product[] {
  const found: Product[] = []
  for (const id of new Set(ids)) {
    const row = context.selectProduct.get(id)
    if (row) found.push(toProduct(row))
  }
  return found
}
