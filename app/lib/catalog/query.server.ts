import { z } from 'zod'

import { parseRandsToCents } from '~/lib/money'

import type { CatalogQuery } from './catalog-index.server'
import { DEFAULT_SORT, SORT_OPTIONS, type SortOption } from './sort'

/** The /shop query string as the page works with it; shopper-typed values kept for the form. */
export type ShopParams = {
  q: string
  category: string
  /** As typed, so the form shows it back; '' when absent or not an amount. */
  minPrice: string
  maxPrice: string
  inStock: boolean
  sort: SortOption
  page: number
}

const optionalText = (max: number) =>
  z
    .string()
    .transform((value) => value.trim().slice(0, max))
    .catch('')

const priceText = z
  .string()
  .transform((value) => {
    const trimmed = value.trim()
    return parseRandsToCents(trimmed) === null ? '' : trimmed
  })
  .catch('')

/**
 * Invalid values fall back to the defaults instead of failing: a shared link with a stale sort
 * name or a hand-edited page number should still show products.
 */
const shopParamsSchema = z.object({
  q: optionalText(100).default(''),
  category: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/)
    .catch('')
    .default(''),
  minPrice: priceText.default(''),
  maxPrice: priceText.default(''),
  inStock: z
    .string()
    .transform((value) => ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase()))
    .catch(false)
    .default(''),
  sort: z.enum(SORT_OPTIONS).catch(DEFAULT_SORT).default(DEFAULT_SORT),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
})

/** Reads /shop's query string (the first value of each parameter). */
export function parseShopParams(search: URLSearchParams): ShopParams {
  const raw: Record<string, string> = {}
  for (const key of ['q', 'category', 'minPrice', 'maxPrice', 'inStock', 'sort', 'page']) {
    const value = search.get(key)
    if (value !== null) raw[key] = value
  }
  const parsed = shopParamsSchema.parse(raw)
  return { ...parsed, inStock: parsed.inStock === true }
}

export function toCatalogQuery(params: ShopParams): CatalogQuery {
  return {
    q: params.q || undefined,
    category: params.category || undefined,
    minPriceCents: parseRandsToCents(params.minPrice) ?? undefined,
    maxPriceCents: parseRandsToCents(params.maxPrice) ?? undefined,
    inStock: params.inStock,
    sort: params.sort,
    page: params.page,
  }
}

/** Product ids are URL-safe slugs (lower-case letters, digits, dashes); anything else is a 404. */
const productIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/)

/** The product id from a URL parameter, or null when it cannot be one. */
export function parseProductId(value: string | undefined): string | null {
  const parsed = productIdSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}
