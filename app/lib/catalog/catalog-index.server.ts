import MiniSearch from 'minisearch'

import type { ProductChange } from '~/lib/data/store'
import type { Product } from '~/lib/data/types'

import { compareProducts, DEFAULT_SORT, sortKeyChanged, type SortOption } from './sort'
import { toProductSummary, type ProductSummary } from './summary'

export const PAGE_SIZE = 24
/** How many product cards the empty-result state suggests. */
const SUGGESTED_PRODUCTS = 4

export type CatalogQuery = {
  q?: string
  category?: string
  minPriceCents?: number
  maxPriceCents?: number
  inStock?: boolean
  sort?: SortOption
  page?: number
}

export type CategoryFacet = { slug: string; name: string; count: number }

export type CatalogResult = {
  items: ProductSummary[]
  total: number
  page: number
  pageCount: number
  pageSize: number
  /** Every category, counted under the other filters, so switching category shows what it holds. */
  categories: CategoryFacet[]
  /** Only when nothing matched: spellings the index knows and products worth a look. */
  suggestions: { queries: string[]; products: ProductSummary[] } | null
}

/**
 * One product in the index. Mutated in place on a price or stock change so precomputed sort
 * orders (arrays of entries) see the new values without being rebuilt.
 */
type Entry = { product: Product; summary: ProductSummary }
type SortedOrder = { entries: Entry[]; position: Map<string, number> }
type Hit = { id: string; score: number }
type Filtered = { matched: Entry[]; facetCounts: Map<string, number> }
/** `options`: each option's name and values ("Size S M L Colour Black Rainbow"), so "size m" finds it. */
type SearchDocument = Pick<Product, 'id' | 'name' | 'description' | 'categoryName' | 'tags'> & {
  options: string[]
}

const QUERY_CACHE_SIZE = 500
const RESULT_CACHE_SIZE = 100
const MAX_QUERY_LENGTH = 100
const MAX_RELATED_REMEMBERED = 5000

/** Lower-case and without diacritics, so "creme" finds "Crème" and "Ndebele" finds "ndebele". */
function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}

/**
 * Typo tolerance grows with the word: none for 3 letters or fewer (too many false friends),
 * one edit up to 5, two edits beyond (a transposition such as "rooibso" costs two).
 */
function fuzziness(term: string): number | false {
  if (term.length <= 3) return false
  return term.length <= 5 ? 1 : 2
}

function textChanged(a: SearchDocument, b: SearchDocument): boolean {
  return (
    a.name !== b.name ||
    a.description !== b.description ||
    a.categoryName !== b.categoryName ||
    a.tags.length !== b.tags.length ||
    a.tags.some((tag, i) => tag !== b.tags[i]) ||
    a.options.join('\u0000') !== b.options.join('\u0000')
  )
}

/**
 * The in-memory catalogue: full-text search (MiniSearch), filters, sort and paging over every
 * product on sale (`active`). Built from `products.all()` and kept fresh by applying the store's change events.
 * Requests never copy products: sort orders are precomputed arrays of entries, rebuilt only when
 * a change moves a product within that order.
 */
export class CatalogIndex {
  private readonly entries = new Map<string, Entry>()
  private readonly text: MiniSearch<SearchDocument>
  private readonly orders = new Map<SortOption, SortedOrder>()
  private readonly hitCache = new Map<string, Hit[]>()
  /** Filtered, sorted matches per query (all pages), dropped on any product change. */
  private readonly resultCache = new Map<string, Filtered>()
  /** "You may also like" per product and limit, dropped on any product change. */
  private readonly relatedCache = new Map<string, ProductSummary[]>()
  private readonly categoryNames = new Map<string, { name: string; products: number }>()

  constructor(products: readonly Product[] = []) {
    this.text = new MiniSearch<SearchDocument>({
      fields: ['name', 'tags', 'categoryName', 'description', 'options'],
      extractField: (document, field) => {
        const value = document[field as keyof SearchDocument]
        return Array.isArray(value) ? value.join(' ') : String(value ?? '')
      },
      processTerm: (term) => normaliseText(term),
      searchOptions: {
        boost: { name: 4, tags: 2, categoryName: 1.5, options: 1.5, description: 1 },
        prefix: (term) => term.length >= 2,
        fuzzy: fuzziness,
        combineWith: 'AND',
      },
    })
    this.apply(products.map((product) => ({ type: 'upsert', product })))
  }

  get size(): number {
    return this.entries.size
  }

  /** Applies store change events: upserts (new, edited, repriced, restocked) and deletes. */
  apply(changes: readonly ProductChange[]): void {
    let textDirty = false
    for (const change of changes) {
      // A product taken off sale in the back office leaves the shop as if deleted; back on sale,
      // it comes back as a new one.
      const gone =
        change.type === 'delete' ? change.id : change.product.active ? null : change.product.id
      if (gone !== null) {
        const entry = this.entries.get(gone)
        if (!entry) continue
        this.entries.delete(gone)
        this.text.discard(gone)
        this.forgetCategory(entry.product.category)
        this.orders.clear()
        textDirty = true
        continue
      }
      if (change.type === 'delete') continue
      const product = change.product
      const entry = this.entries.get(product.id)
      if (!entry) {
        this.entries.set(product.id, { product, summary: toProductSummary(product) })
        this.text.add(searchDocument(product))
        this.rememberCategory(product)
        this.orders.clear()
        textDirty = true
        continue
      }
      const before = entry.product
      if (textChanged(searchDocument(before), searchDocument(product))) {
        this.text.replace(searchDocument(product))
        textDirty = true
      }
      if (before.category !== product.category) {
        this.forgetCategory(before.category)
        this.rememberCategory(product)
      } else if (before.categoryName !== product.categoryName) {
        this.rememberCategory(product, false)
      }
      for (const option of [...this.orders.keys()]) {
        if (sortKeyChanged(option, before, product)) this.orders.delete(option)
      }
      entry.product = product
      entry.summary = toProductSummary(product)
    }
    if (textDirty) this.hitCache.clear()
    if (changes.length > 0) {
      this.resultCache.clear()
      this.relatedCache.clear()
    }
  }

  /** Search, filter, sort and page the catalogue. */
  search(query: CatalogQuery): CatalogResult {
    const q = (query.q ?? '').trim().slice(0, MAX_QUERY_LENGTH)
    const sort = query.sort ?? DEFAULT_SORT
    let min = query.minPriceCents
    let max = query.maxPriceCents
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]

    const category = query.category || undefined
    const inStock = query.inStock === true
    const key = JSON.stringify([normaliseText(q), category, min, max, inStock, sort])
    let filtered = this.resultCache.get(key)
    if (!filtered) {
      filtered = this.filter(q ? this.textMatches(q, sort) : this.order(sort).entries, {
        category,
        min,
        max,
        inStock,
      })
      remember(this.resultCache, key, filtered, RESULT_CACHE_SIZE)
    }
    const { matched, facetCounts } = filtered

    const total = matched.length
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))
    const page = Math.min(Math.max(1, Math.floor(query.page ?? 1)), pageCount)
    const items = matched
      .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
      .map((entry) => entry.summary)

    const categories = [...this.categoryNames.entries()]
      .map(([slug, { name }]) => ({ slug, name, count: facetCounts.get(slug) ?? 0 }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))

    return {
      items,
      total,
      page,
      pageCount,
      pageSize: PAGE_SIZE,
      categories,
      suggestions:
        total === 0
          ? {
              queries: q ? this.suggestQueries(q) : [],
              products: this.featured(SUGGESTED_PRODUCTS),
            }
          : null,
    }
  }

  private filter(
    ordered: readonly Entry[],
    {
      category,
      min,
      max,
      inStock,
    }: { category?: string; min?: number; max?: number; inStock: boolean },
  ): Filtered {
    const facetCounts = new Map<string, number>()
    const matched: Entry[] = []
    for (const entry of ordered) {
      const p = entry.product
      if (inStock && p.stock <= 0) continue
      if (min !== undefined && p.priceCents < min) continue
      if (max !== undefined && p.priceCents > max) continue
      facetCounts.set(p.category, (facetCounts.get(p.category) ?? 0) + 1)
      if (category && p.category !== category) continue
      matched.push(entry)
    }
    return { matched, facetCounts }
  }

  /** The first featured products in stock (then any in stock) under the `featured` sort. */
  featured(limit: number): ProductSummary[] {
    const out: ProductSummary[] = []
    for (const entry of this.order('featured').entries) {
      if (out.length >= limit) break
      if (entry.product.stock > 0) out.push(entry.summary)
    }
    return out
  }

  /** Card summaries for these ids, in the given order; unknown ids are skipped. */
  summaries(ids: readonly string[]): ProductSummary[] {
    return ids.flatMap((id) => {
      const entry = this.entries.get(id)
      return entry ? [entry.summary] : []
    })
  }

  /**
   * "You may also like": up to `limit` other products sharing the product's category or a tag,
   * scored one for the category plus one per shared tag; those in stock first, then the higher
   * score, then the `featured` order. One pass over every entry keeping only the best `limit`
   * (sorting every scored product cost a 10 000-product shop's product page two thirds of its
   * render time, docs/decisions/037-personal-pages-from-the-cache.md), remembered per product
   * until the next product change. An unknown or off-sale product has none.
   */
  related(productId: string, limit: number): ProductSummary[] {
    const source = this.entries.get(productId)?.product
    if (!source || limit <= 0) return []
    const memoKey = `${limit} ${productId}`
    const remembered = this.relatedCache.get(memoKey)
    if (remembered) return remembered
    const tags = new Set(source.tags)
    const { position } = this.order('featured')
    type Scored = { entry: Entry; score: number; inStock: boolean; rank: number }
    const before = (a: Scored, b: Scored) =>
      Number(b.inStock) - Number(a.inStock) || b.score - a.score || a.rank - b.rank
    // The best `limit` so far, best first: a candidate enters only when it beats the last one.
    const best: Scored[] = []
    for (const entry of this.entries.values()) {
      const p = entry.product
      if (p.id === productId) continue
      let score = p.category === source.category ? 1 : 0
      for (const tag of p.tags) if (tags.has(tag)) score += 1
      if (score === 0) continue
      const candidate = { entry, score, inStock: p.stock > 0, rank: position.get(p.id) ?? 0 }
      if (best.length === limit && before(candidate, best[limit - 1]!) >= 0) continue
      let at = best.length
      while (at > 0 && before(candidate, best[at - 1]!) < 0) at--
      best.splice(at, 0, candidate)
      if (best.length > limit) best.pop()
    }
    const related = best.map(({ entry }) => entry.summary)
    // Bounded: a crawler walking every product page must not grow it without end.
    if (this.relatedCache.size >= MAX_RELATED_REMEMBERED) this.relatedCache.clear()
    this.relatedCache.set(memoKey, related)
    return related
  }

  /** A product on sale, or null (the page cache reads its variants to key its page). */
  product(productId: string): Product | null {
    return this.entries.get(productId)?.product ?? null
  }

  /** Every product's id and last change, A-Z, for the sitemap. */
  productDates(): { id: string; updatedAt: string }[] {
    return this.order('name').entries.map(({ product }) => ({
      id: product.id,
      updatedAt: product.updatedAt,
    }))
  }

  private order(sort: SortOption): SortedOrder {
    let order = this.orders.get(sort)
    if (!order) {
      const compare = compareProducts(sort)
      const entries = [...this.entries.values()].sort((a, b) => compare(a.product, b.product))
      order = { entries, position: new Map(entries.map((entry, i) => [entry.product.id, i])) }
      this.orders.set(sort, order)
    }
    return order
  }

  /** Entries matching the text, in relevance order for `featured`, else in the sort's order. */
  private textMatches(q: string, sort: SortOption): Entry[] {
    const hits = this.hits(q)
    const entries: Entry[] = []
    for (const hit of hits) {
      const entry = this.entries.get(hit.id)
      if (entry) entries.push(entry)
    }
    if (sort === 'featured') return entries
    const { position } = this.order(sort)
    return entries.sort(
      (a, b) => (position.get(a.product.id) ?? 0) - (position.get(b.product.id) ?? 0),
    )
  }

  private hits(q: string): Hit[] {
    const key = normaliseText(q).replace(/\s+/g, ' ')
    const cached = this.hitCache.get(key)
    if (cached) return cached
    let results = this.text.search(q)
    // Every word must match first; when that finds nothing, any word will do.
    if (results.length === 0) results = this.text.search(q, { combineWith: 'OR' })
    const hits = results
      .map((r) => ({ id: String(r.id), score: r.score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    remember(this.hitCache, key, hits, QUERY_CACHE_SIZE)
    return hits
  }

  private suggestQueries(q: string): string[] {
    const wanted = normaliseText(q).trim()
    return this.text
      .autoSuggest(q, { fuzzy: 0.4, prefix: true, combineWith: 'OR' })
      .map((s) => s.suggestion)
      .filter((s) => s !== wanted)
      .slice(0, 3)
  }

  private rememberCategory(product: Product, counts = true): void {
    const known = this.categoryNames.get(product.category)
    this.categoryNames.set(product.category, {
      name: product.categoryName,
      products: (known?.products ?? 0) + (counts ? 1 : 0),
    })
  }

  private forgetCategory(slug: string): void {
    const known = this.categoryNames.get(slug)
    if (!known) return
    if (known.products <= 1) this.categoryNames.delete(slug)
    else known.products -= 1
  }
}

/** Adds to a size-capped cache, dropping the oldest entry (insertion order) when full. */
function remember<V>(cache: Map<string, V>, key: string, value: V, limit: number): void {
  cache.set(key, value)
  if (cache.size > limit) {
    const oldest = cache.keys().next().value
    if (oldest !== undefined) cache.delete(oldest)
  }
}

function searchDocument(product: Product): SearchDocument {
  const { id, name, description, categoryName, tags } = product
  const options = product.options.flatMap((option) => [option.name, ...option.values])
  return { id, name, description, categoryName, tags, options }
}
