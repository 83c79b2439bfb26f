import { ProductEmitter } from '../emitter.server'
import type { Product, ProductImage, ProductVariant, RatingSummary } from '../types'
import { shippingFacts, summarizeVariants } from '../variants'
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
  options: string
  /** 1: on sale; 0: off the shop (back office). */
  active: number
  created_at: string
  updated_at: string
}

export type VariantRow = {
  id: string
  product_id: string
  option_values: string
  price_cents: number
  compare_at_cents: number | null
  stock: number
  image: string | null
  weight_grams: number | null
  length_cm: number | null
  width_cm: number | null
  height_cm: number | null
}

const toVariant = (row: VariantRow): ProductVariant => ({
  id: row.id,
  optionValues: JSON.parse(row.option_values) as string[],
  priceCents: row.price_cents,
  compareAtCents: row.compare_at_cents,
  stock: row.stock,
  image: row.image === null ? null : (JSON.parse(row.image) as ProductImage),
  ...shippingFacts({
    weightGrams: row.weight_grams,
    lengthCm: row.length_cm ?? undefined,
    widthCm: row.width_cm ?? undefined,
    heightCm: row.height_cm ?? undefined,
  }),
})

export const toProduct = (row: ProductRow, variants: readonly VariantRow[]): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category,
  categoryName: row.category_name,
  tags: JSON.parse(row.tags) as string[],
  priceCents: row.price_cents,
  compareAtCents: row.compare_at_cents,
  stock: row.stock,
  options: JSON.parse(row.options) as Product['options'],
  variants: variants.map(toVariant),
  images: JSON.parse(row.images) as Product['images'],
  featuredRank: row.featured_rank,
  rating: {
    count: row.rating_count,
    sum: row.rating_sum,
    distribution: JSON.parse(row.rating_distribution) as RatingSummary['distribution'],
  },
  active: row.active === 1,
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
  /** The current time in milliseconds since the epoch, from the store's clock. */
  nowMs(): number
  selectProduct: { get(id: string): ProductRow | undefined }
  /** A product's variants in their order. */
  selectVariants: { all(productId: string): VariantRow[] }
  selectVariant: { get(id: string): VariantRow | undefined }
  /**
   * Adds `delta` units to a variant (negative: reserves them) and brings its product's price and
   * stock summary up to date. Call inside a transaction.
   */
  addVariantStock(variantId: string, delta: number, at: string): void
  emitter: ProductEmitter
  /** Tells subscribers about these products as they are now; call only after the write committed. */
  emitProducts(ids: Iterable<string>): void
}

export function createSqliteContext(db: Db, clock: () => Date): SqliteContext {
  const emitter = new ProductEmitter()
  const selectProduct = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE id = ?')
  const selectVariants = db.prepare<[string], VariantRow>(
    'SELECT * FROM product_variants WHERE product_id = ? ORDER BY position',
  )
  const selectVariant = db.prepare<[string], VariantRow>(
    'SELECT * FROM product_variants WHERE id = ?',
  )
  const updateVariantStock = db.prepare(
    'UPDATE product_variants SET stock = stock + ? WHERE id = ?',
  )
  const updateSummary = db.prepare(
    `UPDATE products SET price_cents = @priceCents, compare_at_cents = @compareAtCents,
       stock = @stock, updated_at = @at WHERE id = @id`,
  )
  const context: SqliteContext = {
    db,
    now: () => clock().toISOString(),
    nowMs: () => clock().getTime(),
    selectProduct,
    selectVariants,
    selectVariant,
    addVariantStock(variantId, delta, at) {
      const variant = selectVariant.get(variantId)
      // A variant removed since the order was placed has no stock to give back.
      if (!variant) return
      updateVariantStock.run(delta, variantId)
      const summary = summarizeVariants(selectVariants.all(variant.product_id).map(toVariant))
      updateSummary.run({ ...summary, at, id: variant.product_id })
    },
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
  context: Pick<SqliteContext, 'selectProduct' | 'selectVariants'>,
  ids: Iterable<string>,
): Product[] {
  const found: Product[] = []
  for (const id of new Set(ids)) {
    const row = context.selectProduct.get(id)
    if (row) found.push(toProduct(row, context.selectVariants.all(id)))
  }
  return found
}
