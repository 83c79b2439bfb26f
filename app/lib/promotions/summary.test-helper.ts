import { cartTotals } from '~/lib/cart/rules'

import { promotionCartOf, summarize, type PromotionInputs } from './summary'

/** Promotions that take nothing off: no code applied, no automatic offers. */
export const NO_PROMOTIONS: PromotionInputs = {
  now: '2026-03-02T10:00:00.000Z',
  code: null,
  codeDiscount: null,
  automatic: [],
  customerUses: {},
}

/** What the /cart loader adds for `lines` when no promotion applies (render tests' loader data). */
export function cartPromotionData(
  lines: readonly { productId: string; unitPriceCents: number; quantity: number }[],
) {
  const summary = summarize(
    promotionCartOf(lines, lines.length ? cartTotals(lines).shippingCents : null),
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
