/** Most products one featured-products blok shows. */
export const MAX_FEATURED_PRODUCTS = 12

/**
 * Product ids from a blok's `product_ids` field: a comma- or whitespace-separated string (a text
 * field in Storyblok) or an array (a multi-option field). Blanks and repeats are dropped, order kept.
 */
export function parseProductIds(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : []
  const ids: string[] = []
  for (const item of raw) {
    if (typeof item !== 'string') continue
    const id = item.trim().toLowerCase()
    if (/^[a-z0-9][a-z0-9-]{0,119}$/.test(id) && !ids.includes(id)) ids.push(id)
    if (ids.length === MAX_FEATURED_PRODUCTS) break
  }
  return ids
}
