import type { Product, ProductImage } from '~/lib/data/types'

import { roundToOneDecimal } from './statistics'

/** What a product card renders, and nothing else: lists ship these, never whole products. */
export type ProductSummary = {
  id: string
  name: string
  priceCents: number
  compareAtCents: number | null
  stock: number
  categoryName: string
  image: ProductImage | null
  rating: { average: number | null; count: number }
}

/** The "was" price to strike through, if any. One not higher than the price is a data slip: none. */
export function shownCompareAt(
  product: Pick<Product, 'priceCents' | 'compareAtCents'>,
): number | null {
  return product.compareAtCents !== null && product.compareAtCents > product.priceCents
    ? product.compareAtCents
    : null
}

export function toProductSummary(product: Product): ProductSummary {
  const { count, sum } = product.rating
  return {
    id: product.id,
    name: product.name,
    priceCents: product.priceCents,
    compareAtCents: shownCompareAt(product),
    stock: product.stock,
    categoryName: product.categoryName,
    image: product.images[0] ?? null,
    rating: { average: count > 0 ? roundToOneDecimal(sum / count) : null, count },
  }
}

/** Stock levels at or below this show "Only N left". */
const LOW_STOCK_THRESHOLD = 5

/** "Sold out", "Only 3 left" or "In stock": the one wording for cards and the product page. */
export function stockLabel(stock: number): { label: string; level: 'out' | 'low' | 'in' } {
  if (stock <= 0) return { label: 'Sold out', level: 'out' }
  if (stock <= LOW_STOCK_THRESHOLD) return { label: `Only ${stock} left`, level: 'low' }
  return { label: 'In stock', level: 'in' }
}
