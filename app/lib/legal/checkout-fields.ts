import { z } from 'zod'

import { vatNumberField } from './shop-details'

/** What a buyer who did not tick the terms box reads: the field and the fix. */
export const ACCEPT_TERMS_MESSAGE =
  'Tick “I accept the terms and the returns policy” to place your order'

/**
 * Checkout's legal fields (docs/contracts.md "After the sale"): `acceptTerms`, the required
 * checkbox (a checkbox posts "on" when ticked and nothing otherwise), and `vatNumber`, the buyer's
 * optional VAT number for a full tax invoice, stored as `Order.buyerVatNumber`.
 */
export const checkoutLegalFields = {
  acceptTerms: z
    .literal('on', { errorMap: () => ({ message: ACCEPT_TERMS_MESSAGE }) })
    .transform(() => true as const),
  vatNumber: vatNumberField,
}
