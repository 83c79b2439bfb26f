import type { OrderStatus, Product } from '~/lib/data/types'

/*
 * Gift cards sold as products, the parts safe anywhere (the seed, pages): which products are gift
 * cards, which orders count as paid, and the one-time key of each card bought. Issuing them is
 * gift-card-products.server.ts.
 */

/** The category whose products are gift cards (the demo seed's R 250 / R 500 / R 1 000 card). */
export const GIFT_CARD_CATEGORY = 'gift-cards'

/** Whether buying the product buys a gift card. */
export function isGiftCardProduct(product: Pick<Product, 'category'>): boolean {
  return product.category === GIFT_CARD_CATEGORY
}

/** The statuses of an order that has been paid for (a card is issued from any of them). */
export const PAID_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'paid',
  'processing',
  'shipped',
  'delivered',
  'ready_for_collection',
  'collected',
])

/** The one-time key of the card for unit `unit` (from 1) of the order's line of `variantId`. */
export function giftCardIssueKey(orderId: string, variantId: string, unit: number): string {
  return `order:${orderId}:variant:${variantId}:unit:${unit}`
}

/** The back office's order page: issue the cards a paid order bought that are not issued yet. */
export const ISSUE_GIFT_CARDS_INTENT = 'issue-gift-cards'
