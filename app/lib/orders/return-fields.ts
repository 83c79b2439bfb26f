import { z } from 'zod'

import { checkbox, optionalText, randsAmount, requiredText, variantId } from '~/lib/fields'

import { RETURN_REASONS } from './returns'

/*
 * The returns' forms (docs/contracts.md "After the sale"): the buyer's request on /orders/{id}
 * (`intent=request-return`) and staff's decisions on /admin/orders/{id}
 * (`intent=return-approve|return-decline|return-received|return-credit|return-refunded`).
 * Plain zod: safe in the browser, where conform validates with the same schemas.
 */

export const REQUEST_RETURN_INTENT = 'request-return'

/** At most this many lines in a request form: an order's lines, and no more. */
export const MAX_RETURN_LINES = 100
export const MAX_RETURN_QUANTITY = 999

const QUANTITY_ASK = 'Choose how many to return'
const REASON_ASK = 'Choose why you are returning the items'

const returnLine = z.object({
  variantId,
  /** The line's checkbox: return this item. */
  selected: checkbox,
  quantity: z.coerce
    .number({ invalid_type_error: QUANTITY_ASK })
    .int(QUANTITY_ASK)
    .min(1, QUANTITY_ASK)
    .max(MAX_RETURN_QUANTITY, QUANTITY_ASK)
    .optional(),
})

export const requestReturnSchema = z
  .object({
    intent: z.literal(REQUEST_RETURN_INTENT),
    /** Hidden, made when the page was drawn: a double submit asks once. */
    returnKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Reload the page and try again')
      .optional(),
    reason: z.enum(RETURN_REASONS, { errorMap: () => ({ message: REASON_ASK }) }),
    note: optionalText('the note', 500),
    lines: z
      .array(returnLine)
      .max(MAX_RETURN_LINES, 'Reload the page and try again')
      .optional()
      .transform((lines) => lines ?? [])
      .superRefine((lines, ctx) => {
        if (!lines.some((line) => line.selected)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Tick at least one item to return' })
        }
        lines.forEach((line, i) => {
          if (line.selected && line.quantity === undefined) {
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              path: [i, 'quantity'],
              message: QUANTITY_ASK,
            })
          }
        })
      }),
  })
  .superRefine((form, ctx) => {
    if (form.reason === 'other' && !form.note) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['note'],
        message: 'Tell us the reason in the note',
      })
    }
  })

export type RequestReturnForm = z.output<typeof requestReturnSchema>

/** The lines a request form chose: the ticked ones with their quantity. */
export function chosenLines(form: RequestReturnForm): { variantId: string; quantity: number }[] {
  return form.lines
    .filter((line) => line.selected)
    .map((line) => ({ variantId: line.variantId, quantity: line.quantity ?? 1 }))
}

export const RETURN_STAFF_INTENTS = [
  'return-approve',
  'return-decline',
  'return-received',
  'return-credit',
  'return-refunded',
] as const
export type ReturnStaffIntent = (typeof RETURN_STAFF_INTENTS)[number]

export function isReturnStaffIntent(value: unknown): value is ReturnStaffIntent {
  return RETURN_STAFF_INTENTS.some((intent) => intent === value)
}

const returnId = z
  .string({ required_error: 'Choose a return', invalid_type_error: 'Choose a return' })
  .regex(/^R\d{1,4}$/, 'Choose a return of this order')

const staffMessage = optionalText('the message', 500)

export const returnDecisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('return-approve'), returnId, message: staffMessage }),
  z.object({
    intent: z.literal('return-decline'),
    returnId,
    message: requiredText('message', 500, 'Tell the buyer why the return is declined'),
  }),
  z.object({
    intent: z.literal('return-received'),
    returnId,
    /** The variant ids of the return's lines to put back into stock. */
    restock: z
      .array(variantId)
      .max(MAX_RETURN_LINES, 'Choose the lines to restock again')
      .optional()
      .transform((ids) => ids ?? []),
  }),
  z.object({ intent: z.literal('return-credit'), returnId, amount: randsAmount('store credit') }),
  z.object({
    intent: z.literal('return-refunded'),
    returnId,
    refundId: requiredText('refund', 100, 'Choose the refund that paid this return back'),
  }),
])

export type ReturnDecisionForm = z.output<typeof returnDecisionSchema>
