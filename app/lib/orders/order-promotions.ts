import type { Cents, Order } from '~/lib/data/types'
import { formatRand } from '~/lib/money'
import { maskGiftCardCode } from '~/lib/promotions/gift-cards'

/**
 * What an order used, from its snapshot (a later change to a discount or a card never alters it):
 * each discount as its own line, each gift card (masked) and the store credit that paid part of
 * it, and what was left for PayFast. Pure and safe in the browser: the order page, tracking, the
 * mails and the back office all show it through here.
 */
export type OrderPromotionsView = {
  discounts: {
    discountId: string
    code: string | null
    label: string
    amountCents: Cents
    on: 'items' | 'delivery'
  }[]
  giftCards: { giftCardId: string; maskedCode: string; amountCents: Cents }[]
  storeCreditCents: Cents
  /** The total less the gift cards and store credit: what PayFast was asked for (0: not at all). */
  payfastCents: Cents
}

type PromotionsOf = Pick<Order, 'totalCents'> &
  Partial<Pick<Order, 'discounts' | 'giftCards' | 'storeCreditCents'>>

export function orderPromotionsView(order: PromotionsOf): OrderPromotionsView {
  // Orders placed before promotions may lack the fields altogether (older stored documents).
  const giftCards = (order.giftCards ?? []).map((card) => ({
    giftCardId: card.giftCardId,
    maskedCode: maskGiftCardCode(card.code),
    amountCents: card.amountCents,
  }))
  const storeCreditCents = order.storeCreditCents ?? 0
  const paidOtherwise =
    giftCards.reduce((sum, card) => sum + card.amountCents, 0) + storeCreditCents
  return {
    discounts: (order.discounts ?? []).map((d) => ({
      discountId: d.discountId,
      code: d.code,
      label: d.label,
      amountCents: d.amountCents,
      on: d.on,
    })),
    giftCards,
    storeCreditCents,
    payfastCents: Math.max(0, order.totalCents - paidOtherwise),
  }
}

/** Whether anything besides PayFast paid: then the totals end with what each way of paying paid. */
export function paidOtherwise(view: OrderPromotionsView): boolean {
  return view.giftCards.length > 0 || view.storeCreditCents > 0
}

/** A discount line's amount: "−R 50,00", or "Free delivery" for one that took nothing off. */
export function discountAmountText(line: OrderPromotionsView['discounts'][number]): string {
  if (line.amountCents > 0) return `−${formatRand(line.amountCents)}`
  return line.on === 'delivery' ? 'Free delivery' : formatRand(0)
}

/** The discount lines, label and amount, between delivery and the total. */
export function discountRows(view: OrderPromotionsView): [string, string][] {
  return view.discounts.map((line) => [line.label, discountAmountText(line)])
}

/**
 * After the total: each gift card and the store credit with what it paid, then PayFast's part
 * (none when they paid it all); empty when PayFast was asked for the whole total.
 */
export function paymentRows(
  view: OrderPromotionsView,
  payfastLabel = 'Paid with PayFast',
): [string, string][] {
  if (!paidOtherwise(view)) return []
  return [
    ...view.giftCards.map((card): [string, string] => [
      `Gift card ${card.maskedCode}`,
      `−${formatRand(card.amountCents)}`,
    ]),
    ...(view.storeCreditCents > 0
      ? [['Store credit', `−${formatRand(view.storeCreditCents)}`] as [string, string]]
      : []),
    ...(view.payfastCents > 0
      ? [[payfastLabel, formatRand(view.payfastCents)] as [string, string]]
      : []),
  ]
}
