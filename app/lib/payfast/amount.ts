import type { Cents, Order } from '~/lib/data/types'

/**
 * What PayFast is asked for an order: its total (after discounts) less what its gift cards and the
 * buyer's store credit pay. 0: the order is paid without PayFast. The payment form's `amount` and
 * the ITN's `amount_gross` check both use it.
 */
export function payfastAmountCents(
  order: Pick<Order, 'totalCents' | 'giftCards' | 'storeCreditCents'>,
): Cents {
  const paid = (order.giftCards ?? []).reduce(
    (sum, card) => sum + card.amountCents,
    order.storeCreditCents ?? 0,
  )
  return Math.max(0, order.totalCents - paid)
}
