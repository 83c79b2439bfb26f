import type { OrderStatus } from '~/lib/data/types'

/** How each status reads to a shopper. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  ready_for_collection: 'Ready for collection',
  collected: 'Collected',
  cancelled: 'Cancelled',
  payment_failed: 'Payment failed',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
}
