import type { Store } from '~/lib/data/index.server'
import type { Product } from '~/lib/data/types'

import { getCatalog, searchCatalog, type CatalogResult } from './catalog.server'
import { parseProductId, toCatalogQuery, type ShopParams } from './query.server'
import type { ProductSummary } from './summary'

/** Most products "You may also like" shows. */
const RELATED_SHOWN = 8

/**
 * The catalogue as pages ask for it: routes call these instead of the store or the index, so
 * where a product comes from is decided here once.
 */
export const catalog = {
  /**
   * The product behind a URL's id, or null when the text cannot be a product id, none has it, or
   * it is off sale (its page is a 404; past orders keep their own copy of its lines).
   */
  async product(id: string | undefined, store: Store): Promise<Product | null> {
    const productId = parseProductId(id)
    if (!productId) return null
    const product = await store.products.get(productId)
    return product?.active ? product : null
  },

  /** "You may also like" for a product page: related products on sale (see CatalogIndex.related). */
  async related(productId: string): Promise<ProductSummary[]> {
    return (await getCatalog()).related(productId, RELATED_SHOWN)
  },

  /** Cards for these ids in their order; ids of products not (or no longer) on sale are skipped. */
  async summaries(ids: readonly string[]): Promise<ProductSummary[]> {
    return ids.length === 0 ? [] : (await getCatalog()).summaries(ids)
  },

  /** One page of /shop: search, filters, sort and page from its parsed query string. */
  search(params: ShopParams): Promise<CatalogResult> {
    return searchCatalog(toCatalogQuery(params))
  },
}
