import { searchCatalog } from './catalog.server'
import {
  PREDICTIVE_LIMIT,
  PREDICTIVE_MAX_QUERY,
  shopSearchUrl,
  type PredictiveResult,
} from './predictive'

/**
 * The first products the shop's own search finds for `raw` (same index, same relevance order as
 * /shop?q=), cut to PREDICTIVE_LIMIT. An empty, blank or overlong query answers nothing rather
 * than an error: the combobox asks on every pause in typing.
 */
export async function predictiveSearch(raw: string | null): Promise<PredictiveResult> {
  const q = (raw ?? '').trim().replace(/\s+/g, ' ')
  if (!q || q.length > PREDICTIVE_MAX_QUERY) {
    return { q: '', products: [], total: 0, allResultsUrl: shopSearchUrl('') }
  }
  const result = await searchCatalog({ q })
  return {
    q,
    total: result.total,
    allResultsUrl: shopSearchUrl(q),
    products: result.items.slice(0, PREDICTIVE_LIMIT).map((item) => ({
      id: item.id,
      name: item.name,
      priceCents: item.priceCents,
      priceFrom: item.priceFrom === true,
      url: `/shop/${encodeURIComponent(item.id)}`,
      image: item.image ? { url: item.image.url, srcSet: item.image.srcSet } : null,
    })),
  }
}
