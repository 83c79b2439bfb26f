import type { Blok } from '~/lib/content/types'

import { getCatalog } from './catalog.server'
import { MAX_FEATURED_PRODUCTS, parseProductIds } from './featured'
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

/**
 * The content loader's preparer for the `featured_products` blok: swaps `product_ids` for the
 * card summaries the component renders (register in app/lib/content/bloks.server.ts).
 */
export async function prepareFeaturedProducts(blok: Blok): Promise<Blok> {
  const { product_ids: productIds, ...rest } = blok
  return { ...rest, products: await resolveFeaturedProducts(parseProductIds(productIds)) }
}
