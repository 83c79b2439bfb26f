import { z } from 'zod'

import { formatSastDate, formatSastDateTime } from '~/lib/dates'
import { EMAIL_MAX, randsAmount, requiredText } from '~/lib/fields'
import { centsToRandsString, formatRand } from '~/lib/money'
import { formKey, GIFT_CARD_MAX_CENTS } from '~/lib/promotions/fields'
import { formatSastInput, isSastMidnight, lastDayOf } from '~/lib/promotions/sast'
import type { Discount } from '~/lib/promotions/types'

/*
 * /admin/discounts and /admin/gift-cards (docs/contracts.md "Promotions and gift cards"): a
 * discount in words for the list, the discount form's values, and the store credit form. Safe on
 * server and client.
 */

/** "10% off the items", "R 50,00 off the order", "Free delivery". */
export function discountValueText(discount: Pick<Discount, 'kind' | 'value'>): string {
  if (discount.kind === 'percent') return `${discount.value}% off the items`
  if (discount.kind === 'amount') return `${formatRand(discount.value)} off the order`
  return 'Free delivery'
}

/** "Whole cart", or the categories and the number of products it is for. */
export function discountScopeText(discount: Pick<Discount, 'scope'>): string {
  const { categories, productIds } = discount.scope
  const parts: string[] = []
  if (categories.length > 0) parts.push(`Categories: ${categories.join(', ')}`)
  if (productIds.length > 0) {
    parts.push(
      productIds.length === 1 ? `Product ${productIds[0]}` : `${productIds.length} products`,
    )
  }
  return parts.length === 0 ? 'Whole cart' : parts.join('; ')
}

/** An end instant as staff read it: the last day it runs when it ends at a SAST midnight. */
function endText(endsAt: string): string {
  return isSastMidnight(endsAt)
    ? `until the end of ${formatSastDate(lastDayOf(endsAt))}`
    : `until ${formatSastDateTime(endsAt)}`
}

/** "From 1 December 2025, 00:00 until the end of 31 December 2025", "Always". SAST. */
export function discountDatesText(discount: Pick<Discount, 'startsAt' | 'endsAt'>): string {
  const { startsAt, endsAt } = discount
  if (startsAt === null && endsAt === null) return 'Always'
  const start = startsAt === null ? null : `From ${formatSastDateTime(startsAt)}`
  if (endsAt === null) return start ?? 'Always'
  const end = endText(endsAt)
  return start ? `${start} ${end}` : end.charAt(0).toUpperCase() + end.slice(1)
}

/** "100 in all, 1 per customer", "No limit". */
export function discountLimitsText(
  discount: Pick<Discount, 'usageLimit' | 'perCustomerLimit'>,
): string {
  const parts: string[] = []
  if (discount.usageLimit !== null) parts.push(`${discount.usageLimit} in all`)
  if (discount.perCustomerLimit !== null) parts.push(`${discount.perCustomerLimit} per customer`)
  return parts.length === 0 ? 'No limit' : parts.join(', ')
}

/** The discount form's text as it opens: the discount as stored, or a new active code. */
export function discountFormValues(discount: Discount | null) {
  const value =
    discount === null || discount.kind === 'free_shipping'
      ? ''
      : discount.kind === 'percent'
        ? String(discount.value)
        : centsToRandsString(discount.value)
  return {
    intent: 'save',
    code: discount?.code ?? '',
    kind: discount?.kind ?? 'percent',
    value,
    minSpend: discount?.minSpendCents ? centsToRandsString(discount.minSpendCents) : '',
    categories: discount?.scope.categories ?? [],
    productIds: discount?.scope.productIds.join(', ') ?? '',
    provinces: discount?.scope.provinces ?? [],
    startsAt: formatSastInput(discount?.startsAt ?? null, 'start'),
    endsAt: formatSastInput(discount?.endsAt ?? null, 'end'),
    usageLimit: discount?.usageLimit === null || !discount ? '' : String(discount.usageLimit),
    perCustomerLimit:
      discount?.perCustomerLimit === null || !discount ? '' : String(discount.perCustomerLimit),
    automatic: discount?.automatic ? 'on' : '',
    active: discount === null || discount.active ? 'on' : '',
  }
}

export const CREDIT_REASON_MAX = 500
const CUSTOMER_EMAIL_ASK =
  "Enter the email address of the customer's account, like name@example.co.za"

/** /admin/gift-cards (`intent=give-credit`): store credit for a customer's account. */
export const giveCreditSchema = z.object({
  intent: z.literal('give-credit', {
    errorMap: () => ({ message: 'Use the Give store credit button on the page' }),
  }),
  email: z
    .string({ required_error: CUSTOMER_EMAIL_ASK, invalid_type_error: CUSTOMER_EMAIL_ASK })
    .trim()
    .min(1, CUSTOMER_EMAIL_ASK)
    .max(EMAIL_MAX, `Keep the email address to ${EMAIL_MAX} characters or fewer`)
    .email(CUSTOMER_EMAIL_ASK)
    .transform((value) => value.toLowerCase()),
  amount: randsAmount('amount').pipe(
    z
      .number()
      .max(GIFT_CARD_MAX_CENTS, `Enter an amount of at most ${formatRand(GIFT_CARD_MAX_CENTS)}`),
  ),
  reason: requiredText(
    'reason',
    CREDIT_REASON_MAX,
    'Enter the reason, e.g. Instead of a refund for a broken mug',
  ),
  creditKey: formKey,
})
