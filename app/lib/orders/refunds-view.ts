import type { Order, OrderRefund } from '~/lib/data/types'
import { formatOptions } from '~/lib/data/variants'

import { canRefund, refundable } from './refunds'
import { returnRefundPrefill } from './returns'

/*
 * What the pages show of refunds: the list on the order's page (the buyer's, a guest's by link, and
 * staff's) and the refund form's starting values on /admin/orders/{id}. Safe in the browser.
 */

/** One refund as the order pages list it. */
export type RefundView = Pick<
  OrderRefund,
  | 'id'
  | 'amountCents'
  | 'reason'
  | 'at'
  | 'payfastCents'
  | 'giftCardCents'
  | 'storeCreditCents'
  | 'creditNote'
> & { restockedUnits: number }

export function refundViews(order: Pick<Order, 'refunds'>): RefundView[] {
  return (order.refunds ?? []).map((r) => ({
    id: r.id,
    amountCents: r.amountCents,
    reason: r.reason,
    at: r.at,
    payfastCents: r.payfastCents,
    giftCardCents: r.giftCardCents,
    storeCreditCents: r.storeCreditCents,
    creditNote: r.creditNote,
    restockedUnits: r.restocked.reduce((sum, x) => sum + x.quantity, 0),
  }))
}

/** The refund form's data on /admin/orders/{id}; null when the order cannot be refunded now. */
export type RefundFormView = {
  paidCents: number
  refundedCents: number
  leftCents: number
  payfastLeftCents: number
  balanceLeftCents: number
  /** The order paid partly with gift cards whose part is not all back. */
  hasCardPart: boolean
  /** Store credit needs an account. */
  hasAccount: boolean
  lines: { variantId: string; label: string; quantity: number }[]
  /** From B's `?return=R1`: the return this refund pays back. */
  prefill: { returnId: string; amountCents: number; reason: string } | null
}

export function refundFormView(order: Order, returnId: string | null): RefundFormView | null {
  if (!canRefund(order)) return null
  const left = refundable(order)
  const prefill = returnId ? returnRefundPrefill(order, returnId) : null
  return {
    paidCents: left.paidCents,
    refundedCents: left.refundedCents,
    leftCents: left.leftCents,
    payfastLeftCents: left.payfastLeftCents,
    balanceLeftCents: left.balanceLeftCents,
    hasCardPart: left.cardsLeft.some((c) => c.cents > 0),
    hasAccount: order.userId !== null,
    lines: order.lines.map((line) => {
      const options = formatOptions(line.options)
      return {
        variantId: line.variantId,
        label: options ? `${line.name} (${options})` : line.name,
        quantity: line.quantity,
      }
    }),
    prefill: prefill
      ? { ...prefill, amountCents: Math.min(prefill.amountCents, left.leftCents) }
      : null,
  }
}
