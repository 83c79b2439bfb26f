import { z } from 'zod'

import { personalInfoSchema, saAddressSchema } from '~/lib/auth/address'

/** The one schema of the checkout form: contact details and the South African delivery address. */
export const checkoutFormSchema = personalInfoSchema
  .extend({
    email: z
      .string({ required_error: 'Enter your email address' })
      .trim()
      .min(1, 'Enter your email address')
      .max(100, 'Keep the email address to 100 characters or fewer')
      .email('Enter an email address like name@example.co.za')
      .transform((value) => value.toLowerCase()),
  })
  .merge(saAddressSchema)

export type CheckoutForm = z.output<typeof checkoutFormSchema>

/** The form's field names, in the order the page shows them. */
export const CHECKOUT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'line1',
  'line2',
  'suburb',
  'city',
  'province',
  'postalCode',
] as const
