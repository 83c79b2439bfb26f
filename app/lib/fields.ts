import { z } from 'zod'

import { PROVINCES } from '~/lib/data/types'
import { EMAIL_MAX } from '~/lib/field-limits'
import { parseRandsToCents } from '~/lib/money'

/**
 * The shop's field rules, one schema per kind of field. Every form's schema is composed from these,
 * so a value accepted by one form is accepted by every other (docs/contracts.md "Sessions and
 * accounts"). Plain zod: safe in the browser, where conform validates with the same schemas.
 *
 * NOTE: conform's `parseWithZod` turns an empty field into `undefined` before zod sees it, so every
 * required field says what to do in its `required_error`, not only in `.min(1)`.
 */

/** A required text field, trimmed, with messages that name the field. */
export function requiredText(label: string, max: number, ask = `Enter your ${label}`) {
  return z
    .string({ required_error: ask, invalid_type_error: ask })
    .trim()
    .min(1, ask)
    .max(max, `Keep your ${label} to ${max} characters or fewer`)
}

/** An optional text field: blank is `null`, so stores keep one "absent" value. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `Keep ${label} to ${max} characters or fewer`)
    .optional()
    .transform((value) => (value ? value : null))
}

export { EMAIL_MAX }

/** Trimmed and lower-cased; up to 254 characters in every form (RFC 5321's path limit). */
export const email = z
  .string({
    required_error: 'Enter your email address',
    invalid_type_error: 'Enter your email address',
  })
  .trim()
  .min(1, 'Enter your email address')
  .max(EMAIL_MAX, `Keep the email address to ${EMAIL_MAX} characters or fewer`)
  .email('Enter an email address like name@example.co.za')
  .transform((value) => value.toLowerCase())

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 200

/** The password typed to sign in: anything non-empty (the rules of new passwords may change). */
export const password = z
  .string({ required_error: 'Enter your password', invalid_type_error: 'Enter your password' })
  .min(1, 'Enter your password')
  .max(PASSWORD_MAX, `Keep your password to ${PASSWORD_MAX} characters or fewer`)

/** A password being chosen (sign-up, reset). */
export const newPassword = z
  .string({
    required_error: `Choose a password of at least ${PASSWORD_MIN} characters`,
    invalid_type_error: `Choose a password of at least ${PASSWORD_MIN} characters`,
  })
  .min(PASSWORD_MIN, `Choose a password of at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Keep your password to ${PASSWORD_MAX} characters or fewer`)

export const NAME_MAX = 60
export const firstName = requiredText('first name', NAME_MAX)
export const lastName = requiredText('last name', NAME_MAX)
/** One field for the whole name (the contact form). */
export const fullName = requiredText('name', 100)

/** 0XX XXX XXXX, +27 XX XXX XXXX or 27XXXXXXXXX; spaces, dashes and brackets allowed. */
export const SA_PHONE_PATTERN = /^(?:\+27|27|0)[1-9]\d{8}$/
const PHONE_ASK = 'Enter a South African phone number, e.g. 082 123 4567'

/** A South African phone number, kept as typed with runs of spaces collapsed. */
export const phone = z
  .string({ required_error: PHONE_ASK, invalid_type_error: PHONE_ASK })
  .trim()
  .min(1, PHONE_ASK)
  .max(30, 'Enter a South African phone number of 10 digits, e.g. 082 123 4567')
  .refine((value) => SA_PHONE_PATTERN.test(value.replace(/[\s\-()]/g, '')), {
    message: 'Enter a South African phone number, e.g. 082 123 4567 or +27 82 123 4567',
  })
  .transform((value) => value.replace(/\s+/g, ' '))

export { PROVINCES }
const PROVINCE_ASK = 'Choose one of the nine provinces'

/** The South African address fields: their names are the forms' field names. */
export const addressFields = {
  line1: requiredText('street address (line 1)', 100, 'Enter the street address (line 1)'),
  line2: optionalText('address line 2', 100),
  suburb: requiredText('suburb', NAME_MAX, 'Enter the suburb'),
  city: requiredText('city or town', NAME_MAX, 'Enter the city or town'),
  province: z.enum(PROVINCES, { errorMap: () => ({ message: PROVINCE_ASK }) }),
  postalCode: z
    .string({ required_error: 'Enter the 4-digit postal code, e.g. 8001' })
    .trim()
    .regex(/^\d{4}$/, 'Enter the 4-digit postal code, e.g. 8001'),
}

/** A South African delivery address: line 1, optional line 2, suburb, city, province, postal code. */
export const address = z.object(addressFields)

/** Personal details shared by /account and checkout. */
export const personalFields = { firstName, lastName, phone }

/** Product ids are URL-safe slugs: lower-case letters, digits and dashes. */
export const PRODUCT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/
export const productId = z
  .string({ required_error: 'Choose a product', invalid_type_error: 'Choose a product' })
  .trim()
  .regex(PRODUCT_ID_PATTERN, 'Choose a product from the shop')

/** A product's variant: `{productId}--{slug of its option values}`, or the product id itself. */
export const VARIANT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,199}$/
export const variantId = z
  .string({ invalid_type_error: 'Choose an option' })
  .trim()
  .regex(VARIANT_ID_PATTERN, 'Choose an option from the shop')

/** Where to go after the form; the action passes it through `safeRedirect` (same-origin paths only). */
export const redirectTo = z.string().max(2000).optional()

/**
 * A price in rands as staff type it ("1299.00", "1 299,00", "R 1299"): positive integer cents.
 * `label` names the field in its messages ("price", "compare-at price").
 */
export function randsAmount(label: string) {
  const ask = `Enter the ${label} in rands, e.g. 1299.00`
  return z
    .string({ required_error: ask, invalid_type_error: ask })
    .max(30, ask)
    .transform((value, ctx) => {
      const cents = parseRandsToCents(value)
      if (cents === null || cents <= 0) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: cents === 0 ? `The ${label} must be more than R 0,00` : ask,
        })
        return z.NEVER
      }
      return cents
    })
}

/** A product's price (back office): required, in cents. */
export const price = randsAmount('price')
/** The was-price shown struck through: blank is `null` (the form checks it is above the price). */
export const compareAtPrice = randsAmount('compare-at price')
  .optional()
  .transform((cents) => cents ?? null)

export const STOCK_MAX = 1_000_000
const STOCK_ASK = 'Enter the stock on hand as a whole number, 0 or more'
/** Units on hand, including those unpaid orders hold. */
export const stock = z.coerce
  .number({ required_error: STOCK_ASK, invalid_type_error: STOCK_ASK })
  .int(STOCK_ASK)
  .min(0, STOCK_ASK)
  .max(STOCK_MAX, `Enter a stock of at most ${STOCK_MAX.toLocaleString('en')}`)

/** A checkbox: ticked ("on", or "true" from a script) is true; absent or "off"/"false" is false. */
export const checkbox = z
  .enum(['on', 'true', '1', 'off', 'false', '0'], {
    errorMap: () => ({ message: 'Tick the box or leave it empty' }),
  })
  .optional()
  .transform((value) => value === 'on' || value === 'true' || value === '1')
