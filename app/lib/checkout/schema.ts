import { z } from 'zod'

import { email, personalFields } from '~/lib/fields'
import { deliveryAddressSchema } from '~/lib/shipping/address-fields'

/**
 * A checkout key: random, from the rendered checkout page (a hidden field). A malformed or missing
 * one places the order without the repeat check rather than showing an error the shopper cannot see.
 */
const checkoutKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/)
  .optional()
  .catch(undefined)

/**
 * The one schema of the checkout form: contact details, the checkout key that makes placing the
 * order idempotent, and the delivery address (a saved one, or the South African address fields:
 * deliveryAddressSchema).
 */
export const checkoutFormSchema = z
  .object({
    email,
    ...personalFields,
    checkoutKey,
  })
  .and(deliveryAddressSchema)

export type CheckoutForm = z.output<typeof checkoutFormSchema>

/** The form's field names, in the order the page shows them. */
export const CHECKOUT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'addressId',
  'line1',
  'line2',
  'suburb',
  'city',
  'province',
  'postalCode',
] as const
