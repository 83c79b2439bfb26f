import type { ReviewSort } from '~/lib/data/store'

/** The review sorts a product page offers, in the order its select lists them. */
export const REVIEW_SORTS: readonly { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'highest', label: 'Highest rated' },
  { value: 'lowest', label: 'Lowest rated' },
]

/** How many reviews a product page shows at a time. */
export const REVIEWS_PER_PAGE = 10

/** Page numbers beyond this are treated as this: no one pages through ten thousand reviews. */
const MAX_REVIEW_PAGE = 1000

export type ReviewQuery = { sort: ReviewSort; page: number }

/**
 * `reviewSort` and `reviewPage` from a product page's query string. Anything unknown, blank or out
 * of range falls back (newest, page 1): a hand-typed URL shows the reviews, never an error.
 */
export function parseReviewQuery(search: URLSearchParams): ReviewQuery {
  const sortParam = search.get('reviewSort')
  const sort = REVIEW_SORTS.find((s) => s.value === sortParam)?.value ?? 'newest'
  const pageParam = search.get('reviewPage') ?? ''
  const page = /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : 1
  return { sort, page: Math.min(Math.max(page, 1), MAX_REVIEW_PAGE) }
}

/**
 * A product page URL showing this page of reviews, keeping the picked variant; defaults are left
 * out so the first page's URL stays the product's own. Ends at the reviews section.
 */
export function reviewsHref(productPath: string, state: ReviewLinkState): string {
  const query = reviewsQuery(state)
  return `${productPath}${query ? `?${query}` : ''}#reviews`
}

export type ReviewLinkState = { variant: string | null; sort: ReviewSort; page: number }

/** The query of reviewsHref, without the `?`: what a product page's own links carry. */
export function reviewsQuery({ variant, sort, page }: ReviewLinkState): string {
  const params = new URLSearchParams()
  if (variant) params.set('variant', variant)
  if (sort !== 'newest') params.set('reviewSort', sort)
  if (page > 1) params.set('reviewPage', String(page))
  return params.toString()
}
