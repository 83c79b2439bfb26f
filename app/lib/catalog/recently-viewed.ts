/** How many products the recently viewed list remembers, newest first. */
export const RECENTLY_VIEWED_MAX = 12

const PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,79}$/

/**
 * The recently viewed ids a cookie value holds: comma-joined product ids, newest first. Anything
 * that is not a product id is dropped, repeats keep their newest place, and at most
 * RECENTLY_VIEWED_MAX are kept, so a hand-edited cookie can only shorten the list.
 */
export function parseRecentlyViewed(value: unknown): string[] {
  if (typeof value !== 'string' || !value) return []
  const ids = new Set<string>()
  for (const id of value.split(',')) {
    if (ids.size >= RECENTLY_VIEWED_MAX) break
    if (PRODUCT_ID.test(id)) ids.add(id)
  }
  return [...ids]
}

/** The list after viewing `productId`: it moves to the front, the oldest drop off. */
export function withView(ids: readonly string[], productId: string): string[] {
  return [productId, ...ids.filter((id) => id !== productId)].slice(0, RECENTLY_VIEWED_MAX)
}

/** What a product page shows: the list without the product being viewed. */
export function shownOnPage(ids: readonly string[], productId: string): string[] {
  return ids.filter((id) => id !== productId)
}
