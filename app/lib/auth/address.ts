import { z } from 'zod'

import { PROVINCES } from '~/lib/data/types'

/**
 * South African personal details and address, shared by /account and checkout.
 * Import from `~/lib/auth/address`: plain zod, safe on the server and in the browser.
 */

const trimmed = (max: number, label: string) =>
  z
    .string({ required_error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(max, `Keep your ${label} to ${max} characters or fewer`)

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value

/** 0XX XXX XXXX, +27 XX XXX XXXX or 27XXXXXXXXX; spaces, dashes and brackets allowed. */
export const SA_PHONE_PATTERN = /^(?:\+27|27|0)[1-9]\d{8}$/

export const saPhoneSchema = z
  .string({ required_error: 'Enter a South African phone number, e.g. 082 123 4567' })
  .trim()
  .min(1, 'Enter a South African phone number, e.g. 082 123 4567')
  .refine((value) => SA_PHONE_PATTERN.test(value.replace(/[\s\-()]/g, '')), {
    message: 'Enter a South African phone number, e.g. 082 123 4567 or +27 82 123 4567',
  })
  .transform((value) => value.replace(/\s+/g, ' '))

export const firstNameSchema = trimmed(60, 'first name')
export const lastNameSchema = trimmed(60, 'last name')

export const saAddressSchema = z.object({
  line1: z
    .string({ required_error: 'Enter the street address (line 1)' })
    .trim()
    .min(1, 'Enter the street address (line 1)')
    .max(100, 'Keep address line 1 to 100 characters or fewer'),
  line2: z.preprocess(
    blankToNull,
    z.string().trim().max(100, 'Keep address line 2 to 100 characters or fewer').nullable(),
  ),
  suburb: trimmed(60, 'suburb'),
  city: trimmed(60, 'city or town'),
  province: z.enum(PROVINCES, {
    errorMap: () => ({ message: 'Choose one of the nine provinces' }),
  }),
  postalCode: z
    .string({ required_error: 'Enter the 4-digit postal code' })
    .trim()
    .regex(/^\d{4}$/, 'Enter the 4-digit postal code, e.g. 8001'),
})

export const personalInfoSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: saPhoneSchema,
})

export type SaAddressInput = z.input<typeof saAddressSchema>
export type SaAddress = z.output<typeof saAddressSchema>
