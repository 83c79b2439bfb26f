import { z } from 'zod'

import { checkbox, email, personalFields } from '~/lib/fields'
import { checkoutLegalFields } from '~/lib/legal/checkout-fields'
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

/** A delivery method as posted: `standard`, `collect`, `pickup:{pointId}`, `bobgo:{service_code}`. */
export const SHIPPING_METHOD_PATTERN = /^[A-Za-z0-9_.:-]{1,120}$/
export const CHOOSE_SHIPPING_METHOD = 'Choose a delivery option'

/**
 * The delivery method chosen; none posted means standard delivery (always offered). Whether it
 * applies to the address is the server's to say: it quotes again before placing the order.
 */
const shippingMethod = z
  .string({ invalid_type_error: CHOOSE_SHIPPING_METHOD })
  .trim()
  .regex(SHIPPING_METHOD_PATTERN, CHOOSE_SHIPPING_METHOD)
  .optional()

/**
 * The method the page checked for the shopper (a hidden field): an "Update delivery options" post
 * that still carries it was not a choice, so the cheapest method for the new address is checked.
 */
const shippingDefault = z.string().max(120).optional().catch(undefined)

/** `place` (the default) places the order; `quote` only shows the delivery options again. */
const intent = z.enum(['place', 'quote']).optional().catch(undefined)

/**
 * The one schema of the checkout form: contact details, the checkout key that makes placing the
 * order idempotent, the delivery address (a saved one, or the South African address fields:
 * deliveryAddressSchema), and the delivery method.
 */
export const checkoutFormSchema = z
  .object({
    intent,
    email,
    ...personalFields,
    checkoutKey,
    shippingMethod,
    shippingDefault,
    ...checkoutLegalFields,
    /** "Send me news and offers": unticked by default; a tick records the email's consent. */
    marketingOptIn: checkbox,
  })
  .and(deliveryAddressSchema)

export type CheckoutForm = z.output<typeof checkoutFormSchema>

/** Read as typed: an "Update delivery options" post checks only the address. */
const asTyped = z.string().optional()

/**
 * `intent=quote` ("Update delivery options", the form without JavaScript): the same fields, only the
 * delivery address checked, so the page comes back with the methods for it and every value kept.
 */
export const checkoutQuoteSchema = z
  .object({
    intent,
    email: asTyped,
    firstName: asTyped,
    lastName: asTyped,
    phone: asTyped,
    checkoutKey,
    shippingMethod: asTyped,
    shippingDefault,
    acceptTerms: asTyped,
    vatNumber: asTyped,
    marketingOptIn: asTyped,
  })
  .and(deliveryAddressSchema)

/** The delivery address's field names (a saved address or one typed): what the methods depend on. */
export const CHECKOUT_ADDRESS_FIELDS = [
  'addressId',
  'line1',
  'line2',
  'suburb',
  'city',
  'province',
  'postalCode',
] as const

/** The form's field names, in the order the page shows them. */
export const CHECKOUT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  ...CHECKOUT_ADDRESS_FIELDS,
] as const
