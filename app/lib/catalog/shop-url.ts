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
  const search = new URLSearchParams()
  if (params.q) search.set('q', params.q)
  if (params.category) search.set('category', params.category)
  if (params.minPrice) search.set('minPrice', params.minPrice)
  if (params.maxPrice) search.set('maxPrice', params.maxPrice)
  if (params.inStock) search.set('inStock', '1')
  if (params.sort && params.sort !== DEFAULT_SORT) search.set('sort', params.sort)
  if (params.page && params.page > 1) search.set('page', String(params.page))
  const query = search.toString()
  return query ? `/shop?${query}` : '/shop'
}

/**
 * The page numbers to link: the first, the last, and two either side of the current one, with
 * null where a gap is ("1 … 4 5 6 7 8 … 20").
 */
export function pageWindow(page: number, pageCount: number, around = 2): (number | null)[] {
  const pages: (number | null)[] = []
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= around) pages.push(n)
    else if (pages[pages.length - 1] !== null) pages.push(null)
  }
  return pages
}
