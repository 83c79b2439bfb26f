/**
 * The query parameters each page kept by the page cache reads (docs/decisions/018-page-cache.md).
 * The cache keys a page by these alone, so `/shop?utm_source=x` or `?fbclid=…` is served the
 * `/shop` page, and neither splits nor fills the cache. Shared with the browser: whatever such a
 * page echoes of its own URL (the return address of its forms, the search box) keeps these only,
 * or the copy kept for one URL would be wrong for the next.
 *
 * NOTE: a page that starts reading another parameter must list it here, or every visitor would be
 * served the copy rendered without it.
 */

/** /shop: the search, its filters, the sort and the page (see catalog/shop-url.ts). */
export const SHOP_PARAMS = [
  'q',
  'category',
  'minPrice',
  'maxPrice',
  'inStock',
  'sort',
  'page',
] as const

/**
 * A product page: the variant shown and the reviews' sort and page. The no-JS option form's
 * parameters (`?size=M&colour=Black`, named by each product's options) are the page cache's to
 * tell apart, with the product at hand.
 */
export const PRODUCT_PARAMS = ['variant', 'reviewSort', 'reviewPage'] as const

const PAGES: readonly { path: RegExp; params: readonly string[] }[] = [
  // Home, content pages and the sitemap read none; Storyblok's editor parameters bypass the cache.
  { path: /^\/$/, params: [] },
  { path: /^\/about_us$/, params: [] },
  { path: /^\/faq$/, params: [] },
  { path: /^\/sitemap\.xml$/, params: [] },
  { path: /^\/shop$/, params: SHOP_PARAMS },
  { path: /^\/shop\/[^/]+$/, params: PRODUCT_PARAMS },
]

/**
 * The query parameters the page at `pathname` reads, or null for a page the cache does not keep
 * (it may read any parameter).
 */
export function pageParams(pathname: string): readonly string[] | null {
  return PAGES.find((page) => page.path.test(pathname))?.params ?? null
}

/**
 * `search` ("?a=1&b=2" or "") with only the parameters the page at `pathname` reads, in their
 * order: what a kept page may put in its own HTML. Other pages keep their whole query.
 */
export function ownSearch(pathname: string, search: string): string {
  const params = pageParams(pathname)
  if (params === null) return search
  const kept = new URLSearchParams()
  for (const [name, value] of new URLSearchParams(search)) {
    if (params.includes(name)) kept.append(name, value)
  }
  const query = kept.toString()
  return query ? `?${query}` : ''
}
