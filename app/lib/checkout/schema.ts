import { z } from 'zod'

import { addressFields, email, personalFields } from '~/lib/fields'

/** The one schema of the checkout form: contact details and the South African delivery address. */
export const checkoutFormSchema = z.object({ email, ...personalFields, ...addressFields })

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
