/** The back office's form schemas (orders and messages; products and reviews keep their own). */
import { z } from 'zod'

import { courier, orderStatus, trackingNumber } from '~/lib/fields'

/**
 * The forms of /admin/orders/:id (DESIGN.md "Staff back office"), told apart by `intent`:
 * `status` moves the order to processing, shipped (with courier and tracking number) or delivered;
 * `cancel` cancels an unpaid order; `refunded` records that a late payment was refunded.
 */
export const orderMoveSchema = z
  .discriminatedUnion('intent', [
    z.object({
      intent: z.literal('status'),
      status: orderStatus,
      courier: courier.optional(),
      trackingNumber: trackingNumber.optional(),
    }),
    z.object({ intent: z.literal('cancel') }),
    z.object({ intent: z.literal('refunded') }),
  ])
  .superRefine((move, ctx) => {
    if (move.intent !== 'status' || move.status !== 'shipped') return
    // A blank field already failed its own check: one message beside it is enough.
    if (move.courier === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['courier'], message: 'Enter the courier' })
    }
    if (move.trackingNumber === undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['trackingNumber'],
        message: 'Enter the tracking number',
      })
    }
  })

export type OrderMove = z.output<typeof orderMoveSchema>

/** Marking a contact message handled on /admin/messages. */
export const messageHandledSchema = z.object({
  intent: z.literal('handled', {
    errorMap: () => ({ message: 'Choose what to do with the message' }),
  }),
  messageId: z
    .string({ required_error: 'Choose a message', invalid_type_error: 'Choose a message' })
    .trim()
    .min(1, 'Choose a message')
    .max(100, 'Choose a message from the list'),
})
