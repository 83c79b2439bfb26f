import type { Cents } from '~/lib/data/types'

import { splitPayment } from './gift-cards'
import {
  applyPromotions,
  dependsOnCart,
  type PromotionCart,
  type PromotionCartLine,
  type PromotionLine,
  type PromotionTotals,
} from './rules'
import type { AppliedDiscount, Discount, DiscountRefusal, PaymentSplit } from './types'

/*
 * The cart's and checkout's summary once promotions apply: the discount lines with why, the totals
 * after them, and how the total is paid (gift card, store credit, PayFast for the rest). Pure and
 * safe in the browser: checkout works it out again there as the shopper picks a delivery method,
 * by the same rules the server places the order by.
 */

/** What the rules judge the cart against, as the page hands it to the browser. */
export type PromotionInputs = {
  /** When the page was read (ISO): dates are judged at this instant. */
  now: string
  /** The shopper's applied code (upper case), or null when none is applied. */
  code: string | null
  /** The discount the code names; null when it names none (or none is applied). */
  codeDiscount: Discount | null
  /** The automatic offers switched on. */
  automatic: Discount[]
  /** This shopper's uses of each discount, by id (signed in, or by the email at checkout). */
  customerUses: Record<string, number>
}

/** What pays besides PayFast: the gift card given (masked code) and the customer's store credit. */
export type PaymentSources = {
  giftCard: { maskedCode: string; availableCents: Cents } | null
  /** The signed-in customer's credit they can spend now; 0 for guests. */
  storeCreditCents: Cents
}

export type PromotionSummary = {
  lines: PromotionLine[]
  /** The same, as the order keeps them. */
  applied: AppliedDiscount[]
  /** Why the applied code does not apply to this cart (now); null when it applies or none is applied. */
  codeRefusal: (DiscountRefusal & { code: string }) | null
  totals: PromotionTotals
  payment: PaymentSplit
}

/**
 * The cart as the rules read it: each line's product, category, price and quantity, the delivery
 * price, and the delivery address's province once known (a discount for some provinces waits for it).
 */
export function promotionCartOf(
  lines: readonly {
    productId: string
    category?: string
    unitPriceCents: Cents
    quantity: number
  }[],
  deliveryPriceCents: Cents | null,
  province: string | null = null,
): PromotionCart {
  const cartLines: PromotionCartLine[] = lines.map((line) => ({
    productId: line.productId,
    category: line.category ?? '',
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
  }))
  return {
    lines: cartLines,
    subtotalCents: cartLines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
    deliveryPriceCents,
    province,
  }
}

/**
 * The discounts, totals and payment split of `cart`. A gift card pays first, then store credit,
 * then PayFast the rest; with no delivery price yet (`cart.deliveryPriceCents` null) the split is of
 * the items' total.
 */
export function summarize(
  cart: PromotionCart,
  inputs: PromotionInputs,
  sources: PaymentSources,
): PromotionSummary {
  const result = applyPromotions(
    cart,
    {
      ...(inputs.code !== null ? { code: inputs.codeDiscount } : {}),
      automatic: inputs.automatic,
    },
    { now: new Date(inputs.now), customerUses: inputs.customerUses },
  )
  return {
    lines: result.lines,
    applied: result.applied,
    codeRefusal:
      result.codeRefusal && inputs.code !== null
        ? { ...result.codeRefusal, code: inputs.code }
        : null,
    totals: result.totals,
    payment: splitPayment(result.totals.totalCents, {
      giftCardCents: sources.giftCard?.availableCents ?? 0,
      storeCreditCents: sources.storeCreditCents,
    }),
  }
}

/** Whether a refusal of the applied code may lift as the cart changes (it stays applied). */
export function mayApplyLater(refusal: DiscountRefusal): boolean {
  return dependsOnCart(refusal.reason)
}

/**
 * A discount as the page sends it to the browser: what the rules read, without what staff see
 * only (the discount given in all).
 */
export function forBrowser(discount: Discount): Discount {
  return { ...discount, discountGivenCents: 0 }
}
