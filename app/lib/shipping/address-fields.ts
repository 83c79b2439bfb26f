import { z } from 'zod'

import { address, addressFields, checkbox, personalFields, requiredText } from '~/lib/fields'

/**
 * The address book's fields (docs/contracts.md "Shipping"), composed from the shop's shared field
 * rules: the address form of /account/addresses, and the delivery address part of checkout (a saved
 * address or the address fields). Plain zod: the browser validates with the same schemas.
 */

/** The address book's page (a plain module, so pages link to it in the browser too). */
export const ADDRESS_BOOK_PATH = '/account/addresses'

/** A saved address's id as forms post it (ids are issued URL-safe, 12 characters). */
export const ADDRESS_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
const CHOOSE_ADDRESS = 'Choose one of your saved addresses'

export const addressId = z
  .string({ required_error: CHOOSE_ADDRESS, invalid_type_error: CHOOSE_ADDRESS })
  .trim()
  .regex(ADDRESS_ID_PATTERN, CHOOSE_ADDRESS)

export const ADDRESS_LABEL_MAX = 40
/** The customer's own name for an address. */
export const addressLabel = requiredText(
  'label',
  ADDRESS_LABEL_MAX,
  'Name this address, e.g. Home or Work',
)

/** Everything a saved address holds: its label, who receives the parcel there, and where. */
export const savedAddressFields = { label: addressLabel, ...personalFields, ...addressFields }

/**
 * The one schema of /account/addresses: `intent=save` adds (`addressId` empty) or edits an
 * address, `intent=delete` removes one, `intent=default` makes one the default.
 */
export const addressBookFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('save'),
    addressId: addressId.optional(),
    ...savedAddressFields,
    makeDefault: checkbox,
  }),
  z.object({ intent: z.literal('delete'), addressId }),
  z.object({ intent: z.literal('default'), addressId }),
])

export type AddressBookForm = z.output<typeof addressBookFormSchema>

/** The `addressId` of checkout's "A new address" (an empty one means the same). */
export const NEW_ADDRESS = 'new'

/** Read as typed; checked below only when the fields are the delivery address. */
const asTyped = z.string().optional()

/**
 * Checkout's delivery address: a saved address (`addressId`, for signed-in customers), or, with
 * `addressId` empty or `new`, the address fields (checked by the same rules as everywhere) and
 * `saveAddress` to keep them in the address book. With a saved address the fields are ignored:
 * without JavaScript they are on the page whatever is chosen. Whether the id is one of the
 * customer's is the server's to say (deliveryAddressFrom in app/lib/checkout).
 *
 * NOTE: a schema of its own, joined to the rest of the form with `.and()`, so its check runs even
 * when another field of the form is missing (zod skips an object's refinements then).
 */
export const deliveryAddressSchema = z
  .object({
    addressId: asTyped,
    saveAddress: checkbox,
    line1: asTyped,
    line2: asTyped,
    suburb: asTyped,
    city: asTyped,
    province: asTyped,
    postalCode: asTyped,
  })
  .superRefine((value, ctx) => {
    const saved = savedChoice(value.addressId)
    if (saved !== null) {
      if (!ADDRESS_ID_PATTERN.test(saved)) {
        ctx.addIssue({ code: 'custom', path: ['addressId'], message: CHOOSE_ADDRESS })
      }
      return
    }
    const typed = address.safeParse(value)
    for (const issue of typed.error?.issues ?? []) ctx.addIssue(issue)
  })
  .transform((value) => {
    const saved = savedChoice(value.addressId)
    return {
      /** The saved address chosen; null: the address fields are the delivery address. */
      addressId: saved,
      /** The address fields, when they are the delivery address. */
      address: saved === null ? address.parse(value) : null,
      /** Keep the new address in the customer's address book. */
      saveAddress: saved === null && value.saveAddress,
    }
  })

/** The saved address an `addressId` names, or null for a new one. */
function savedChoice(posted: string | undefined): string | null {
  const choice = posted?.trim() ?? ''
  return choice === '' || choice === NEW_ADDRESS ? null : choice
}
