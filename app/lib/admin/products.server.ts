import { searchCatalog } from '~/lib/catalog/catalog.server'
import type { Store } from '~/lib/data/store'
import type { Product, ProductImage, ProductLogEntry } from '~/lib/data/types'
import { LOW_STOCK_THRESHOLD } from '~/lib/data/types'
import { formatOptions, optionValuesOf } from '~/lib/data/variants'

import { pageCount, pageParam, pageSlice } from './paging'
import type { Category } from './product-edit'

/**
 * What the back office's product pages read: the paged list and one product with everything its
 * edit form shows (on-hand and held stock per variant, pictures, change log).
 */

const Q_MAX = 100

export type ProductListQuery = { q: string; lowStock: boolean; page: number }

/** `?q=&lowStock=1&page=2`, forgiving: anything odd falls back to the first page of everything. */
export function parseProductListQuery(url: URL): ProductListQuery {
  return {
    q: (url.searchParams.get('q') ?? '').trim().slice(0, Q_MAX),
    lowStock: url.searchParams.get('lowStock') === '1',
    page: pageParam(url.searchParams),
  }
}

export type ProductRow = {
  id: string
  name: string
  /** The cheapest variant's price (in stock first); `from` when the variants differ. */
  priceCents: number
  from: boolean
  stock: number
  lowStock: boolean
  /** Its variants at or below LOW_STOCK_THRESHOLD, of `variantCount` (lib/admin/low-stock.ts). */
  lowVariants: number
  variantCount: number
  active: boolean
}

export async function listProducts(store: Store, query: ProductListQuery) {
  const page = await store.products.list({
    ...pageSlice(query.page),
    q: query.q || undefined,
    lowStock: query.lowStock || undefined,
  })
  const rows: ProductRow[] = page.items.map((product) => ({
    id: product.id,
    name: product.name,
    priceCents: product.priceCents,
    from: new Set(product.variants.map((variant) => variant.priceCents)).size > 1,
    stock: product.stock,
    lowStock: product.variants.some((variant) => variant.stock <= LOW_STOCK_THRESHOLD),
    lowVariants: product.variants.filter((variant) => variant.stock <= LOW_STOCK_THRESHOLD).length,
    variantCount: product.variants.length,
    active: product.active,
  }))
  return {
    rows,
    total: page.total,
    pageCount: pageCount(page.total),
  }
}

/**
 * The categories a product may be put in: those of the catalogue, plus the product's own (a
 * category whose products are all inactive is not in the shop's facets).
 */
export async function productCategories(product?: Product | null): Promise<Category[]> {
  const { categories } = await searchCatalog({})
  const list: Category[] = categories.map(({ slug, name }) => ({ slug, name }))
  if (product && !list.some((c) => c.slug === product.category)) {
    list.push({ slug: product.category, name: product.categoryName })
    list.sort((a, b) => a.name.localeCompare(b.name, 'en'))
  }
  return list
}

export type VariantRow = {
  id: string
  /** "Size: M, Colour: Black"; empty for a product without options. */
  label: string
  optionValues: string[]
  priceCents: number
  compareAtCents: number | null
  /** Units on hand, held ones included: what the stock field shows and takes. */
  onHand: number
  /** Units unpaid orders hold: the stock cannot go below this. */
  held: number
  /** Packed weight in grams and size in cm; null: unknown. */
  weightGrams: number | null
  lengthCm: number | null
  widthCm: number | null
  heightCm: number | null
}

export type ProductEditorView = {
  id: string
  name: string
  description: string
  category: string
  active: boolean
  options: { name: string; values: string[] }[]
  variants: VariantRow[]
  images: Pick<ProductImage, 'id' | 'url' | 'alt' | 'variants'>[]
  log: ProductLogEntry[]
  /** Changes with every save: the form starts afresh from the stored product after one. */
  updatedAt: string
}

/** Everything the edit page shows of one product; null when there is none. */
export async function loadProductEditor(
  store: Store,
  id: string,
): Promise<{
  product: Product
  view: ProductEditorView
  categories: Category[]
} | null> {
  const product = await store.products.get(id)
  if (!product) return null
  const [held, log, categories] = await Promise.all([
    store.products.heldStock(id),
    store.products.changeLog(id),
    productCategories(product),
  ])
  return {
    product,
    categories,
    view: {
      id: product.id,
      name: product.name,
      description: product.description,
      category: product.category,
      active: product.active,
      options: product.options.map((option) => ({ name: option.name, values: option.values })),
      variants: product.variants.map((variant) => ({
        id: variant.id,
        label: formatOptions(optionValuesOf(product, variant)),
        optionValues: variant.optionValues,
        priceCents: variant.priceCents,
        compareAtCents: variant.compareAtCents,
        onHand: variant.stock + (held[variant.id] ?? 0),
        held: held[variant.id] ?? 0,
        weightGrams: variant.weightGrams,
        lengthCm: variant.lengthCm ?? null,
        widthCm: variant.widthCm ?? null,
        heightCm: variant.heightCm ?? null,
      })),
      images: product.images.map((image) => ({
        id: image.id,
        url: image.url,
        alt: image.alt,
        variants: image.variants,
      })),
      // Newest first on the page.
      log: [...log].reverse(),
      updatedAt: product.updatedAt,
    },
  }
}
