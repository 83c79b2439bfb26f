import type { Order } from '~/lib/data/types'
import { nameWithOptions } from '~/lib/data/variants'
import { centsToRandsString } from '~/lib/money'

import { payfastAmountCents } from './amount'
import { type PayfastConfig, processUrl } from './config'
import { type PayfastPair, signature } from './signature.server'

export const SHOP_NAME = 'Karoo & Co.'

/** PayFast's field limits (characters). */
const LIMITS = { name: 100, email: 100, itemName: 100, itemDescription: 255 } as const

export type PaymentUrls = { returnUrl: string; cancelUrl: string; notifyUrl: string }

/** A form for the buyer's browser to post to PayFast; render every field as a hidden input, in order. */
export type PaymentForm = { action: string; fields: PayfastPair[] }

/**
 * The PayFast payment form for an order: PayFast's fields in its documented order (the signature
 * depends on it), blank ones left out, `signature` last. The amount is what is left to pay once
 * the order's gift cards and store credit paid their part (payfastAmountCents).
 */
export function buildPaymentForm(
  order: Pick<Order, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'lines' | 'totalCents'> &
    Partial<Pick<Order, 'giftCards' | 'storeCreditCents'>>,
  urls: PaymentUrls,
  config: Pick<PayfastConfig, 'merchantId' | 'merchantKey' | 'passphrase' | 'baseUrl'>,
): PaymentForm {
  const candidates: PayfastPair[] = [
    ['merchant_id', config.merchantId],
    ['merchant_key', config.merchantKey],
    ['return_url', urls.returnUrl],
    ['cancel_url', urls.cancelUrl],
    ['notify_url', urls.notifyUrl],
    ['name_first', truncate(order.firstName, LIMITS.name)],
    ['name_last', truncate(order.lastName, LIMITS.name)],
    ['email_address', order.email.trim().length <= LIMITS.email ? order.email.trim() : ''],
    ['cell_number', payfastCellNumber(order.phone) ?? ''],
    ['m_payment_id', order.id],
    [
      'amount',
      centsToRandsString(
        payfastAmountCents({
          totalCents: order.totalCents,
          giftCards: order.giftCards ?? [],
          storeCreditCents: order.storeCreditCents ?? 0,
        }),
      ),
    ],
    ['item_name', truncate(`${SHOP_NAME} order ${order.id}`, LIMITS.itemName)],
    ['item_description', truncate(describeLines(order.lines), LIMITS.itemDescription)],
  ]
  // Blank fields are neither signed nor sent, so PayFast and we agree on what was signed.
  const fields = candidates
    .map(([name, value]): PayfastPair => [name, value.trim()])
    .filter(([, value]) => value !== '')
  return {
    action: processUrl(config),
    fields: [...fields, ['signature', signature(fields, config.passphrase)]],
  }
}

/**
 * A South African mobile number in PayFast's format (ten digits starting 0, e.g. "0821234567"),
 * from what the customer typed ("082 123 4567", "+27 82 123 4567"); null when it is not a mobile.
 */
export function payfastCellNumber(phone: string | null | undefined): string | null {
  if (!phone) return null
  const digits = phone.replace(/[\s\-()]/g, '')
  const local = digits.replace(/^(?:\+27|0027|27)(?=\d{9}$)/, '0')
  // Mobile ranges start 06, 07 or 08 (landlines start 01-05).
  return /^0[6-8]\d{8}$/.test(local) ? local : null
}

function describeLines(lines: Order['lines']): string {
  return lines
    .map((line) => `${line.quantity} x ${nameWithOptions(line.name, line.options)}`)
    .join(', ')
}

/** Cuts to `max` characters without splitting a character made of two UTF-16 units. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim())
  if (chars.length <= max) return chars.join('')
  return `${chars
    .slice(0, max - 3)
    .join('')
    .trimEnd()}...`
}
