import { z } from 'zod'

import { requiredText } from '~/lib/fields'

import { normalizeOrderId } from './id'

/*
 * The order's form fields (the shopper's order number, staff's moves with courier and tracking
 * number), composed from the shared vocabulary in ~/lib/fields. Plain zod: safe in the browser.
 */

const ORDER_ID_ASK = 'Enter your order number, e.g. K7M2P9QRTWXY'
/**
 * An order number as a shopper types it ("k7m2-p9qr twxy"): spaces and dashes dropped, upper case.
 * Its shape is not checked here: a wrong id gets the same "no order found" as a wrong email.
 */
export const orderId = z
  .string({ required_error: ORDER_ID_ASK, invalid_type_error: ORDER_ID_ASK })
  .transform(normalizeOrderId)
  .pipe(
    z.string().min(1, ORDER_ID_ASK).max(40, 'An order number has 12 characters, e.g. K7M2P9QRTWXY'),
  )

/**
 * The statuses staff move an order to with `intent=status` (docs/contracts.md "Staff back office").
 */
export const STAFF_ORDER_STATUSES = [
  'processing',
  'shipped',
  'delivered',
  'ready_for_collection',
  'collected',
] as const
const ORDER_STATUS_ASK = 'Choose processing, shipped, delivered, ready for collection or collected'
export const orderStatus = z.enum(STAFF_ORDER_STATUSES, {
  errorMap: () => ({ message: ORDER_STATUS_ASK }),
})

/** The courier of a shipped order, e.g. "The Courier Guy". */
export const courier = requiredText('courier', 60, 'Enter the courier')
/** The courier's tracking number: letters, digits, spaces and dashes. */
export const trackingNumber = requiredText('tracking number', 60, 'Enter the tracking number').pipe(
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Use letters, digits, spaces and dashes only'),
)

/**
 * The forms of /admin/orders/:id (docs/contracts.md "Staff back office"), told apart by `intent`:
 * `status` moves the order to processing, shipped (with courier and tracking number), delivered,
 * or for an order collected in store ready_for_collection and collected;
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
