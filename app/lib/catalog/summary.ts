import type { Product, ProductImage } from '~/lib/data/types'

import { srcSet } from '~/lib/images/responsive'

import { roundToOneDecimal } from './statistics'
import { priceRange } from './variants'

/** What a product card renders, and nothing else: lists ship these, never whole products. */
export type ProductSummary = {
  id: string
  name: string
  /** The cheapest variant in stock (the cheapest of all when every one is sold out). */
  priceCents: number
  compareAtCents: number | null
  /** True when the variants differ in price: the card says "from R x". Absent: one price. */
  priceFrom?: boolean
  /**
   * The options picked on the product page ("Size", "Colour"); empty or absent: the product is
   * added straight from the card.
   */
  optionNames?: string[]
  /** Over all variants: 0 only when every variant is sold out. */
  stock: number
  categoryName: string
  image: CardImage | null
  rating: { average: number | null; count: number }
}

/**
 * The first picture as a card draws it: its source, size and `srcset` (its renditions, joined
 * once when the catalogue changes instead of shipping them as objects to join per render). Not
 * its alt text (the card's picture is decorative: the name beside it says what it is) nor its
 * stored id, so lists ship no bytes they do not render.
 */
export type CardImage = Pick<ProductImage, 'url' | 'width' | 'height'> & { srcSet?: string }

export function cardImage(image: ProductImage | undefined): CardImage | null {
  if (!image) return null
  const { url, width, height } = image
  const renditions = srcSet(image)
  return renditions ? { url, width, height, srcSet: renditions } : { url, width, height }
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
    priceFrom: priceRange(product).varies,
    optionNames: product.options.map((option) => option.name),
    stock: product.stock,
    categoryName: product.categoryName,
    image: cardImage(product.images[0]),
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
