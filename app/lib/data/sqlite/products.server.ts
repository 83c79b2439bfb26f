import { iso } from '../rules.server'
import type { ProductStore } from '../store'
import { withVariants } from '../variants'
import {
  productsById,
  toProduct,
  type ProductRow,
  type SqliteContext,
  type VariantRow,
} from './context.server'

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
      rating_distribution, created_at, updated_at)
    VALUES (@id, @name, @description, @category, @categoryName, @tags, @priceCents,
      @compareAtCents, @stock, @options, @images, @featuredRank, @ratingCount, @ratingSum,
      @ratingDistribution, @createdAt, @updatedAt)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
      category = excluded.category, category_name = excluded.category_name, tags = excluded.tags,
      price_cents = excluded.price_cents, compare_at_cents = excluded.compare_at_cents,
      stock = excluded.stock, options = excluded.options, images = excluded.images,
      featured_rank = excluded.featured_rank, rating_count = excluded.rating_count,
      rating_sum = excluded.rating_sum, rating_distribution = excluded.rating_distribution,
      created_at = excluded.created_at, updated_at = excluded.updated_at`)
  const deleteVariants = db.prepare('DELETE FROM product_variants WHERE product_id = ?')
  const insertVariant = db.prepare(`
    INSERT INTO product_variants (id, product_id, position, option_values, price_cents,
      compare_at_cents, stock, image)
    VALUES (@id, @productId, @position, @optionValues, @priceCents, @compareAtCents, @stock, @image)`)

  return {
    async get(id) {
      const row = selectProduct.get(id)
      return row ? toProduct(row, selectVariants.all(id)) : null
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
        for (const p of products) {
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
            }),
          )
        }
      }).immediate()
      context.emitProducts(products.map((p) => p.id))
    },
    subscribe(listener) {
      return emitter.subscribe(listener)
    },
  }
}
