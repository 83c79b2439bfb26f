import { applyEdit, compareByName, describeImages, productSearch } from '../product-edit.server'
import { assertPage, iso } from '../rules.server'
import type { ProductStore } from '../store'
import { LOW_STOCK_THRESHOLD, type Product, type ProductLogEntry } from '../types'
import { withVariants } from '../variants'
import {
  productsById,
  toProduct,
  type ProductRow,
  type SqliteContext,
  type VariantRow,
} from './context.server'

type LogRow = { product_id: string; at: string; made_by: string; change: string }

export function createProductStore(context: SqliteContext): ProductStore {
  const { db, emitter, selectProduct, selectVariants } = context
  const selectAll = db.prepare<[], ProductRow>('SELECT * FROM products ORDER BY id')
  const selectAllVariants = db.prepare<[], VariantRow>(
    'SELECT * FROM product_variants ORDER BY product_id, position',
  )
  const countAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM products')
  const upsert = db.prepare(`
    INSERT INTO products (id, name, description, category, category_name, tags, price_cents,
      compare_at_cents, stock, options, images, featured_rank, rating_count, rating_sum,
      rating_distribution, active, created_at, updated_at)
    VALUES (@id, @name, @description, @category, @categoryName, @tags, @priceCents,
      @compareAtCents, @stock, @options, @images, @featuredRank, @ratingCount, @ratingSum,
      @ratingDistribution, @active, @createdAt, @updatedAt)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
      category = excluded.category, category_name = excluded.category_name, tags = excluded.tags,
      price_cents = excluded.price_cents, compare_at_cents = excluded.compare_at_cents,
      stock = excluded.stock, options = excluded.options, images = excluded.images,
      featured_rank = excluded.featured_rank, rating_count = excluded.rating_count,
      rating_sum = excluded.rating_sum, rating_distribution = excluded.rating_distribution,
      active = excluded.active, created_at = excluded.created_at, updated_at = excluded.updated_at`)
  const deleteVariants = db.prepare('DELETE FROM product_variants WHERE product_id = ?')
  const insertVariant = db.prepare(`
    INSERT INTO product_variants (id, product_id, position, option_values, price_cents,
      compare_at_cents, stock, image, weight_grams, length_cm, width_cm, height_cm)
    VALUES (@id, @productId, @position, @optionValues, @priceCents, @compareAtCents, @stock, @image,
      @weightGrams, @lengthCm, @widthCm, @heightCm)`)
  const updateImages = db.prepare('UPDATE products SET images = ?, updated_at = ? WHERE id = ?')

  // The back office's lists: by name (then id), all products or those with a low variant.
  const LOW = `id IN (SELECT product_id FROM product_variants WHERE stock <= ${LOW_STOCK_THRESHOLD})`
  const selectPage = db.prepare<[number, number], ProductRow>(
    'SELECT * FROM products ORDER BY name, id LIMIT ? OFFSET ?',
  )
  const selectLowPage = db.prepare<[number, number], ProductRow>(
    `SELECT * FROM products WHERE ${LOW} ORDER BY name, id LIMIT ? OFFSET ?`,
  )
  const countLow = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM products WHERE ${LOW}`)
  const selectNames = db.prepare<[], Pick<ProductRow, 'id' | 'name'>>(
    'SELECT id, name FROM products',
  )
  const selectLowNames = db.prepare<[], Pick<ProductRow, 'id' | 'name'>>(
    `SELECT id, name FROM products WHERE ${LOW}`,
  )
  const selectHeld = db.prepare<[string], { variant_id: string; held: number }>(`
    SELECT coalesce(l.variant_id, l.product_id) AS variant_id, sum(l.quantity) AS held
      FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE l.product_id = ? AND o.status = 'pending_payment'
     GROUP BY coalesce(l.variant_id, l.product_id)`)
  const selectAllHeld = db.prepare<[], { variant_id: string; held: number }>(`
    SELECT coalesce(l.variant_id, l.product_id) AS variant_id, sum(l.quantity) AS held
      FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.status = 'pending_payment'
     GROUP BY coalesce(l.variant_id, l.product_id)`)
  const insertLog = db.prepare(
    'INSERT INTO product_log (product_id, at, made_by, change) VALUES (?, ?, ?, ?)',
  )
  const selectLog = db.prepare<[string], LogRow>(
    'SELECT product_id, at, made_by, change FROM product_log WHERE product_id = ? ORDER BY id',
  )

  const read = (id: string): Product | null => {
    const row = selectProduct.get(id)
    return row ? toProduct(row, selectVariants.all(id)) : null
  }

  const heldFor = (productId: string): Record<string, number> =>
    Object.fromEntries(selectHeld.all(productId).map((row) => [row.variant_id, row.held]))

  /** Writes the product and its variants whole. Call inside a transaction. */
  const write = (p: Product) => {
    upsert.run({
      id: p.id,
      name: p.name,
      description: p.description,
      category: p.category,
      categoryName: p.categoryName,
      tags: JSON.stringify(p.tags),
      priceCents: p.priceCents,
      compareAtCents: p.compareAtCents,
      stock: p.stock,
      options: JSON.stringify(p.options),
      images: JSON.stringify(p.images),
      featuredRank: p.featuredRank,
      ratingCount: p.rating.count,
      ratingSum: p.rating.sum,
      ratingDistribution: JSON.stringify(p.rating.distribution),
      active: p.active ? 1 : 0,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    })
    deleteVariants.run(p.id)
    p.variants.forEach((variant, position) =>
      insertVariant.run({
        id: variant.id,
        productId: p.id,
        position,
        optionValues: JSON.stringify(variant.optionValues),
        priceCents: variant.priceCents,
        compareAtCents: variant.compareAtCents,
        stock: variant.stock,
        image: variant.image ? JSON.stringify(variant.image) : null,
        weightGrams: variant.weightGrams ?? null,
        lengthCm: variant.lengthCm ?? null,
        widthCm: variant.widthCm ?? null,
        heightCm: variant.heightCm ?? null,
      }),
    )
  }

  return {
    async get(id) {
      return read(id)
    },
    async getMany(ids) {
      return productsById(context, ids)
    },
    async all() {
      const variantsOf = new Map<string, VariantRow[]>()
      for (const variant of selectAllVariants.all()) {
        const list = variantsOf.get(variant.product_id)
        if (list) list.push(variant)
        else variantsOf.set(variant.product_id, [variant])
      }
      return selectAll.all().map((row) => toProduct(row, variantsOf.get(row.id) ?? []))
    },
    async count() {
      return countAll.get()?.n ?? 0
    },
    async upsertMany(list) {
      const products = list.map(withVariants)
      db.transaction(() => {
        for (const p of products) write(p)
      }).immediate()
      context.emitProducts(products.map((p) => p.id))
    },
    subscribe(listener) {
      return emitter.subscribe(listener)
    },
    async list({ q, lowStock = false, offset, limit }) {
      assertPage({ offset, limit })
      const matches = productSearch(q)
      if (!matches) {
        const rows = (lowStock ? selectLowPage : selectPage).all(limit, offset)
        const total = (lowStock ? countLow : countAll).get()?.n ?? 0
        return { items: rows.map((row) => toProduct(row, selectVariants.all(row.id))), total }
      }
      // Word search in JavaScript, so its case folding is the same as Firestore's.
      const found = (lowStock ? selectLowNames : selectNames)
        .all()
        .filter(matches)
        .sort(compareByName)
      const page = found.slice(offset, offset + limit).map((row) => row.id)
      return { items: productsById(context, page), total: found.length }
    },
    async countLowStock() {
      return countLow.get()?.n ?? 0
    },
    async heldStock(productId) {
      return heldFor(productId)
    },
    async allHeldStock() {
      return Object.fromEntries(selectAllHeld.all().map((row) => [row.variant_id, row.held]))
    },
    async save(edit, audit) {
      const at = context.now()
      const result = db
        .transaction(() => {
          const { product, change } = applyEdit(read(edit.id), edit, heldFor(edit.id), at)
          if (change) {
            write(product)
            insertLog.run(product.id, at, audit.by, change)
          }
          return { product, change }
        })
        .immediate()
      if (result.change) context.emitProducts([result.product.id])
      return result.product
    },
    async setImages(productId, images, audit) {
      const at = context.now()
      const result = db
        .transaction(() => {
          const before = read(productId)
          if (!before) throw new Error(`Unknown product ${productId}`)
          const change = describeImages(before.images, images)
          if (!change) return { product: before, change }
          updateImages.run(JSON.stringify(images), at, productId)
          insertLog.run(productId, at, audit.by, change)
          return { product: read(productId)!, change }
        })
        .immediate()
      if (result.change) context.emitProducts([productId])
      return result.product
    },
    async changeLog(productId) {
      return selectLog.all(productId).map((row): ProductLogEntry => ({
        productId: row.product_id,
        at: row.at,
        by: row.made_by,
        change: row.change,
      }))
    },
  }
}
