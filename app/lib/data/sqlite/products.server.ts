import { iso } from '../rules.server'
import type { ProductStore } from '../store'
import { productsById, toProduct, type ProductRow, type SqliteContext } from './context.server'

export function createProductStore(context: SqliteContext): ProductStore {
  const { db, emitter, selectProduct } = context
  const selectAll = db.prepare<[], ProductRow>('SELECT * FROM products ORDER BY id')
  const countAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM products')
  const upsert = db.prepare(`
    INSERT INTO products (id, name, description, category, category_name, tags, price_cents,
      compare_at_cents, stock, images, featured_rank, rating_count, rating_sum, rating_distribution,
      created_at, updated_at)
    VALUES (@id, @name, @description, @category, @categoryName, @tags, @priceCents,
      @compareAtCents, @stock, @images, @featuredRank, @ratingCount, @ratingSum, @ratingDistribution,
      @createdAt, @updatedAt)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
      category = excluded.category, category_name = excluded.category_name, tags = excluded.tags,
      price_cents = excluded.price_cents, compare_at_cents = excluded.compare_at_cents,
      stock = excluded.stock, images = excluded.images, featured_rank = excluded.featured_rank,
      rating_count = excluded.rating_count, rating_sum = excluded.rating_sum,
      rating_distribution = excluded.rating_distribution, created_at = excluded.created_at,
      updated_at = excluded.updated_at`)

  return {
    async get(id) {
      const row = selectProduct.get(id)
      return row ? toProduct(row) : null
    },
    async getMany(ids) {
      return productsById(context, ids)
    },
    async all() {
      return selectAll.all().map(toProduct)
    },
    async count() {
      return countAll.get()?.n ?? 0
    },
    async upsertMany(list) {
      db.transaction(() => {
        for (const p of list) {
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
            images: JSON.stringify(p.images),
            featuredRank: p.featuredRank,
            ratingCount: p.rating.count,
            ratingSum: p.rating.sum,
            ratingDistribution: JSON.stringify(p.rating.distribution),
            createdAt: iso(p.createdAt),
            updatedAt: iso(p.updatedAt),
          })
        }
      }).immediate()
      context.emitProducts(list.map((p) => p.id))
    },
    subscribe(listener) {
      return emitter.subscribe(listener)
    },
  }
}
