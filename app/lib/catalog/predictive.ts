/**
 * What the header's predictive search shows for a query, shared by the /api/search resource route
 * and the combobox that reads it (types only on the client: no server code ships).
 */

/** Suggestions a query shows at most. */
export const PREDICTIVE_LIMIT = 6
/** Longer queries are no search a shopper types: they answer nothing. */
export const PREDICTIVE_MAX_QUERY = 100

export type PredictiveProduct = {
  id: string
  name: string
  priceCents: number
  /** The variants differ in price: "from R x". */
  priceFrom: boolean
  url: string
  image: { url: string; srcSet?: string } | null
}

export type PredictiveResult = {
  /** The query as searched (trimmed); '' when it was empty or too long. */
  q: string
  products: PredictiveProduct[]
  /** How many products the full search finds, for "See all 12 results". */
  total: number
  /** The shop's full results for the query. */
  allResultsUrl: string
}

/** /shop?q=…, the plain search the header form submits without JavaScript. */
export function shopSearchUrl(q: string): string {
  return q ? `/shop?${new URLSearchParams({ q })}` : '/shop'
}
