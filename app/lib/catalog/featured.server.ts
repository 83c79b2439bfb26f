import { getCatalog } from './catalog.server'
import { MAX_FEATURED_PRODUCTS } from './featured'
import type { ProductSummary } from './summary'

/**
 * Card summaries for the ids an editor listed, in their order. Ids that no longer exist are left
 * out (a deleted product must not break the home page); when none is left, the catalogue's own
 * featured products stand in so the section is never empty.
 */
export async function resolveFeaturedProducts(ids: readonly string[]): Promise<ProductSummary[]> {
  const catalog = await getCatalog()
  const found = catalog.summaries(ids.slice(0, MAX_FEATURED_PRODUCTS))
  return found.length > 0
    ? found
    : catalog.featured(Math.min(MAX_FEATURED_PRODUCTS, Math.max(ids.length, 4)))
}
