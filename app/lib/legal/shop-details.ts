import { z } from 'zod'

/**
 * The shop's legal details: who sells (ECTA s43), what its invoices name (VAT Act s20). Staff save
 * them at /admin/settings; until then SHOP_LEGAL_NAME, SHOP_ADDRESS and SHOP_VAT_NUMBER, else the
 * demo shop's. VAT registered means vatNumber is not null.
 */
export type ShopDetails = {
  legalName: string
  tradingName: string
  /** The postal address, one line each. */
  address: string[]
  email: string
  phone: string
  vatNumber: string | null
  registrationNumber: string | null
}

/** What staff saved, stamped with who and when. */
export type SavedShopDetails = ShopDetails & { updatedAt: string; updatedBy: string }

/** The fictional demo shop's details (content/ tells its story: 12 Church Street, Graaff-Reinet). */
export const DEMO_SHOP_DETAILS: Readonly<ShopDetails> = Object.freeze({
  legalName: 'Karoo & Co. (Pty) Ltd',
  tradingName: 'Karoo & Co.',
  address: ['12 Church Street', 'Graaff-Reinet', '6280', 'Eastern Cape'],
  email: 'shop@localhost',
  phone: '049 892 0000',
  vatNumber: '4123456789',
  registrationNumber: '2019/123456/07',
})

/** A South African VAT number: 10 digits, the first a 4 (SARS). */
export const VAT_NUMBER = /^4\d{9}$/

export const VAT_NUMBER_MESSAGE =
  'must be a South African VAT number: 10 digits starting with 4, such as 4123456789'

/** Spaces and dashes people type between digit groups are dropped: "412 345 6789" is fine. */
export const normalizeVatNumber = (value: string) => value.replace(/[\s-]/g, '')

/** True for a VAT number SARS could have issued (10 digits, starting with 4), spaces allowed. */
export const isVatNumber = (value: string) => VAT_NUMBER.test(normalizeVatNumber(value))

/** What a VAT number field says when refused: the form and the fix. */
export const VAT_NUMBER_FIELD_MESSAGE =
  'Enter the VAT number as 10 digits starting with 4, such as 4123456789, or leave it empty'

/** The optional VAT number field (shop's settings, the buyer's at checkout): blank is none. */
export const vatNumberField = z
  .string({ invalid_type_error: VAT_NUMBER_FIELD_MESSAGE })
  .trim()
  .max(20, VAT_NUMBER_FIELD_MESSAGE)
  .transform(normalizeVatNumber)
  .refine((value) => VAT_NUMBER.test(value), VAT_NUMBER_FIELD_MESSAGE)
  .optional()

/** The address as one text: lines joined by commas (the env's and the settings form's way). */
export const addressText = (lines: readonly string[]) => lines.join(', ')

/** Address text (commas or new lines between lines) as its lines, blanks dropped. */
export const addressLines = (text: string) =>
  text
    .split(/[,\n]/)
    .map((line) => line.trim())
    .filter(Boolean)
