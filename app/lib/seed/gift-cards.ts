import type { Product, ProductVariant } from '~/lib/data/types'
import { summarizeVariants, variantIdFor, withVariants } from '~/lib/data/variants'
import { GIFT_CARD_CATEGORY } from '~/lib/orders/gift-card-products'

import { emptyRating } from './products'

/*
 * The demo shop's gift card: one product, "Karoo & Co. Gift Card", with a Value option of R 250,
 * R 500 and R 1 000 (one variant each). Buying one issues a card of that value once the order is
 * paid (app/lib/orders/gift-card-products.server.ts). It weighs nothing (a code by email adds
 * nothing to a parcel) and its stock is large enough never to run out in practice.
 */

export const GIFT_CARD_PRODUCT_ID = 'karoo-and-co-gift-card'
/** The values on sale, as the Value option names them. */
export const GIFT_CARD_VALUES = [
  { cents: 250_00, label: 'R 250' },
  { cents: 500_00, label: 'R 500' },
  { cents: 1_000_00, label: 'R 1 000' },
] as const
/** Stock per value: the store counts stock for every variant, so "unlimited" is a large number. */
export const GIFT_CARD_STOCK = 100_000

const DAY_MS = 86_400_000

/** The gift-card product as the seed writes it, dated a year before `now` (never "newest"). */
export function giftCardProduct(now: Date): Product {
  const values = GIFT_CARD_VALUES
  const variants: ProductVariant[] = values.map(({ cents, label }) => ({
    id: variantIdFor(GIFT_CARD_PRODUCT_ID, [label]),
    optionValues: [label],
    priceCents: cents,
    compareAtCents: null,
    stock: GIFT_CARD_STOCK,
    image: null,
    weightGrams: 0,
  }))
  const at = new Date(now.getTime() - 400 * DAY_MS).toISOString()
  return withVariants({
    id: GIFT_CARD_PRODUCT_ID,
    name: 'Karoo & Co. Gift Card',
    description: [
      'A gift card for the Karoo & Co. shop: pantry goods, homeware, crafts, apparel, beauty and books from small South African makers.',
      'Choose its value. Once your order is paid we email you its 16-character code, one card per card bought: keep it, or pass it on with a note of your own. The code pays for all or part of any order at checkout, and what is left stays on the card for next time.',
      'Check its balance any time on our gift card page. Nothing is posted: there is no delivery weight.',
    ].join('\n\n'),
    category: GIFT_CARD_CATEGORY,
    categoryName: 'Gift cards',
    tags: ['gift card', 'gift idea', 'voucher'],
    ...summarizeVariants(variants),
    options: [{ name: 'Value', values: values.map((v) => v.label) }],
    variants,
    images: [],
    featuredRank: null,
    rating: emptyRating(),
    createdAt: at,
    updatedAt: at,
  })
}
