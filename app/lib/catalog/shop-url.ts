import { DEFAULT_SORT, type SortOption } from './sort'

/** The /shop query parameters a URL carries; defaults are left out so links stay short. */
export type ShopLinkParams = {
  q?: string
  category?: string
  minPrice?: string
  maxPrice?: string
  inStock?: boolean
  sort?: SortOption
  page?: number
}

/** A /shop URL path with the given state, in a fixed parameter order (one URL per result page). */
export function shopHref(params: ShopLinkParams): string {
  const query = shopQuery(params)
  return query ? `/shop?${query}` : '/shop'
}

/** The query of shopHref, without the `?` ('' for the plain /shop). */
export function shopQuery(params: ShopLinkParams): string {
  const search = new URLSearchParams()
  if (params.q) search.set('q', params.q)
  if (params.category) search.set('category', params.category)
  if (params.minPrice) search.set('minPrice', params.minPrice)
  if (params.maxPrice) search.set('maxPrice', params.maxPrice)
  if (params.inStock) search.set('inStock', '1')
  if (params.sort && params.sort !== DEFAULT_SORT) search.set('sort', params.sort)
  if (params.page && params.page > 1) search.set('page', String(params.page))
  return search.toString()
}

/**
 * The page numbers to link: the first, the last, and two either side of the current one, with
 * null where a gap is ("1 … 4 5 6 7 8 … 20").
 */
export function pageNumbers(page: number, pageCount: number, around = 2): (number | null)[] {
  const pages: (number | null)[] = []
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= around) pages.push(n)
    else if (pages[pages.length - 1] !== null) pages.push(null)
  }
  return pages
}

/** One active filter of /shop, as a link that removes it (and goes back to page 1). */
export type FilterChip = { key: string; label: string; href: string }

/** The filters in force on /shop, each with the link that drops only it. */
export function activeFilters(
  params: Required<ShopLinkParams>,
  categoryName: string | undefined,
): FilterChip[] {
  const base = { ...params, page: 1 }
  const chips: FilterChip[] = []
  if (params.q) chips.push({ key: 'q', label: `“${params.q}”`, href: shopHref({ ...base, q: '' }) })
  if (params.category)
    chips.push({
      key: 'category',
      label: categoryName ?? params.category,
      href: shopHref({ ...base, category: '' }),
    })
  if (params.minPrice)
    chips.push({
      key: 'minPrice',
      label: `From R ${params.minPrice}`,
      href: shopHref({ ...base, minPrice: '' }),
    })
  if (params.maxPrice)
    chips.push({
      key: 'maxPrice',
      label: `Up to R ${params.maxPrice}`,
      href: shopHref({ ...base, maxPrice: '' }),
    })
  if (params.inStock)
    chips.push({
      key: 'inStock',
      label: 'In stock only',
      href: shopHref({ ...base, inStock: false }),
    })
  return chips
}

/** "60 results for “rooibos”" when searching, else "120 products". */
export function resultSummary(total: number, q: string): string {
  if (q) return `${total} ${total === 1 ? 'result' : 'results'} for “${q}”`
  return `${total} ${total === 1 ? 'product' : 'products'}`
}
