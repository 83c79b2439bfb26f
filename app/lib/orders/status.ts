import type { OrderStatus } from '~/lib/data/types'

/** How each status reads to a shopper. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  payment_failed: 'Payment failed',
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000

/**
 * "1 May 2024, 12:00" in South African time (UTC+2 all year, no daylight saving). Formatted by
 * hand, not with Intl, so server and browser render the same text whatever ICU data they carry.
 */
export function formatSastDateTime(iso: string): string {
  const date = new Date(Date.parse(iso) + SAST_OFFSET_MS)
  if (Number.isNaN(date.getTime())) return iso
  const hh = String(date.getUTCHours()).padStart(2, '0')
  const mm = String(date.getUTCMinutes()).padStart(2, '0')
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${hh}:${mm}`
}
