import { GIFT_CARD_CATEGORY } from '~/lib/orders/gift-card-products'

import type { ShippingOption } from './types'

/*
 * An order of gift cards only has nothing to send: its codes are emailed once it is paid
 * (docs/contracts.md "Promotions and gift cards"). Checkout offers it one method, "Delivered by
 * email", free; the order keeps that method (kind `email`), is never sent to Bob Go, and once its
 * cards are issued it moves to delivered (the order life's `email` move). Pure: safe anywhere.
 */

export const EMAIL_METHOD_ID = 'email'
export const EMAIL_METHOD_NAME = 'Delivered by email'
export const EMAIL_ESTIMATE = 'Gift card codes are emailed once the order is paid'

/** Whether the cart holds anything to send: any line that is not a gift card. */
export function needsDelivery(lines: readonly { category?: string }[]): boolean {
  return lines.some((line) => line.category !== GIFT_CARD_CATEGORY)
}

/** The one method of a cart of gift cards only: emailed, free. */
export function emailOption(): ShippingOption {
  return {
    id: EMAIL_METHOD_ID,
    kind: 'email',
    name: EMAIL_METHOD_NAME,
    priceCents: 0,
    estimate: EMAIL_ESTIMATE,
  }
}
