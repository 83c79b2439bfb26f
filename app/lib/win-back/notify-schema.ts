import { z } from 'zod'

import { email, variantId } from '~/lib/fields'

/**
 * "Email me when it's back" on /shop/{id} (docs/contracts.md "Customers and privacy"): the sold-out
 * variant and where to write. Client-safe: the form reads its limits from here.
 */
export const notifyFormSchema = z.object({
  intent: z.literal('notify'),
  variantId,
  email,
})

export type NotifyForm = z.infer<typeof notifyFormSchema>
