import { z } from 'zod'

import { email, phone } from '~/lib/fields'

import {
  addressLines,
  vatNumberField,
  type SavedShopDetails,
  type ShopDetails,
} from './shop-details'

const LEGAL_NAME_ASK = 'Enter the shop’s full legal name, e.g. Karoo & Co. (Pty) Ltd'
const TRADING_NAME_ASK = 'Enter the name shoppers know the shop by, e.g. Karoo & Co.'
const ADDRESS_ASK = 'Enter the shop’s street address, one line each: street, town, postal code'
const ADDRESS_MAX_LINES = 6
const ADDRESS_LINE_MAX = 100
/** A CIPC company or close corporation number: 2019/123456/07. */
const REGISTRATION_NUMBER = /^\d{4}\/\d{6}\/\d{2}$/
const REGISTRATION_ASK =
  'Enter the CIPC registration number as 2019/123456/07, or leave it empty for a sole proprietor'

/** The /admin/settings form's shop details (docs/contracts.md "After the sale": shop details). */
export const shopDetailsFormSchema = z.object({
  legalName: z
    .string({ required_error: LEGAL_NAME_ASK, invalid_type_error: LEGAL_NAME_ASK })
    .trim()
    .min(1, LEGAL_NAME_ASK)
    .max(120, 'Keep the legal name to 120 characters or fewer'),
  tradingName: z
    .string({ required_error: TRADING_NAME_ASK, invalid_type_error: TRADING_NAME_ASK })
    .trim()
    .min(1, TRADING_NAME_ASK)
    .max(80, 'Keep the trading name to 80 characters or fewer'),
  address: z
    .string({ required_error: ADDRESS_ASK, invalid_type_error: ADDRESS_ASK })
    .max(ADDRESS_MAX_LINES * (ADDRESS_LINE_MAX + 2), ADDRESS_ASK)
    .transform(addressLines)
    .refine((lines) => lines.length >= 2, ADDRESS_ASK)
    .refine(
      (lines) => lines.length <= ADDRESS_MAX_LINES,
      `Keep the address to ${ADDRESS_MAX_LINES} lines or fewer`,
    )
    .refine(
      (lines) => lines.every((line) => line.length <= ADDRESS_LINE_MAX),
      `Keep each address line to ${ADDRESS_LINE_MAX} characters or fewer`,
    ),
  email,
  phone,
  vatNumber: vatNumberField.transform((value) => value ?? null),
  registrationNumber: z
    .string({ invalid_type_error: REGISTRATION_ASK })
    .trim()
    .max(20, REGISTRATION_ASK)
    .refine((value) => REGISTRATION_NUMBER.test(value), REGISTRATION_ASK)
    .optional()
    .transform((value) => value ?? null),
})

export type ShopDetailsForm = z.output<typeof shopDetailsFormSchema>
export type ShopDetailsFormInput = z.input<typeof shopDetailsFormSchema>

/** The form's starting values: the address one line each. */
export function shopDetailsFormValues(details: ShopDetails) {
  return {
    legalName: details.legalName,
    tradingName: details.tradingName,
    address: details.address.join('\n'),
    email: details.email,
    phone: details.phone,
    vatNumber: details.vatNumber ?? '',
    registrationNumber: details.registrationNumber ?? '',
  }
}

/** Where the details shown come from: staff's save, or the environment and the demo shop. */
export type ShopDetailsOrigin =
  { saved: true; updatedAt: string; updatedBy: string } | { saved: false }

export const originOf = (saved: SavedShopDetails | null): ShopDetailsOrigin =>
  saved ? { saved: true, updatedAt: saved.updatedAt, updatedBy: saved.updatedBy } : { saved: false }
