import { z } from 'zod'

import { randsAmount, requiredText, variantId } from '~/lib/fields'

/*
 * The refund form on /admin/orders/{id} (docs/contracts.md "After the sale"): `intent=refund`,
 * `amount` (rands), `reason`, `restock` (the lines' variant ids), `cardTo` (where a gift card's part
 * goes), `refundKey` (hidden idempotency key) and B's optional `returnId`; `intent=refund-late`
 * gives back a late or second payment through PayFast. Plain zod: conform checks it in the browser.
 */

export const REFUND_INTENT = 'refund'
export const REFUND_LATE_INTENT = 'refund-late'

export const refundSchema = z.object({
  intent: z.literal(REFUND_INTENT),
  /** Hidden, made when the page was drawn: a double submit refunds once. */
  refundKey: z
    .string({ required_error: 'Reload the page and try again' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Reload the page and try again'),
  amount: randsAmount('amount to refund'),
  reason: requiredText('reason', 255, 'Enter the reason, e.g. "Damaged in transit"'),
  restock: z
    .array(variantId)
    .max(100, 'Reload the page and try again')
    .optional()
    .transform((ids) => ids ?? []),
  cardTo: z
    .enum(['card', 'store-credit'], {
      errorMap: () => ({ message: 'Choose where the gift card part goes' }),
    })
    .optional()
    .transform((to) => to ?? 'card'),
  /** A received return this refund pays back (B's returns panel links here with ?return=). */
  returnId: z
    .string()
    .regex(/^R\d{1,4}$/, 'Reload the page and try again')
    .optional(),
})

export type RefundForm = z.output<typeof refundSchema>
