/** The back office's message form (orders: ~/lib/orders/order-fields; products and reviews keep their own). */
import { z } from 'zod'

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
