import { cartTotals } from '~/lib/cart/rules'
import { defaultShippingSettings } from '~/lib/shipping/default-zones'
import { cartDeliveryEstimate } from '~/lib/shipping/estimate'

import { promotionCartOf, summarize, type PromotionInputs } from './summary'

/** Promotions that take nothing off: no code applied, no automatic offers. */
export const NO_PROMOTIONS: PromotionInputs = {
  now: '2026-03-02T10:00:00.000Z',
  code: null,
  codeDiscount: null,
  automatic: [],
  customerUses: {},
}

/**
 * What the /cart loader adds for `lines` when no promotion applies (render tests' loader data):
 * the delivery estimate by the seeded zones (R 89,00 to the main centres for up to 2 kg, free
 * from R 1 000,00; gift cards only: emailed).
 */
export function cartPromotionData(
  lines: readonly {
    productId: string
    category?: string
    unitPriceCents: number
    quantity: number
    weightGrams?: number | null
  }[],
) {
  const delivery = cartDeliveryEstimate(
    defaultShippingSettings(),
    lines,
    cartTotals(lines).subtotalCents,
  )
  const summary = summarize(
    promotionCartOf(lines, delivery ? delivery.priceCents : null),
    NO_PROMOTIONS,
    { giftCard: null, storeCreditCents: 0 },
  )
  return {
    summary: {
      lines: summary.lines,
      totals: summary.totals,
      codeRefusal: summary.codeRefusal,
      payment: summary.payment,
    },
    appliedCode: null,
    delivery,
  }
}

/** What the /checkout loader adds for `lines` when no promotion applies. */
export function checkoutPromotionData(
  lines: readonly { productId: string; unitPriceCents: number; quantity: number }[],
) {
  return {
    promotions: {
      inputs: NO_PROMOTIONS,
      cartLines: promotionCartOf(lines, null).lines,
      sources: { giftCard: null, storeCreditCents: 0 },
      giftCardRefusal: null,
    },
  }
}
