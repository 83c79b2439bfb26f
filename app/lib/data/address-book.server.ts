import { randomBytes } from 'node:crypto'

import type { AddressDraft, SavedAddress } from '~/lib/shipping/types'

import type { User } from './types'

/**
 * The address book's rules both adapters apply (AddressBookStore in ./store.ts), so SQLite and
 * Firestore cannot drift apart on what a book holds, which entry is the default, or what the single
 * address of before becomes.
 */

/** What the single address of before (`User.address`) is called once it is in the book. */
export const LEGACY_ADDRESS_LABEL = 'Home'

/** An address id: 12 URL-safe characters (72 random bits), fit for a query string and a form value. */
export function newAddressId(): string {
  return randomBytes(9).toString('base64url')
}

/** Only the fields an address has, so a caller's extra properties are never stored. */
export function pickAddressDraft(draft: AddressDraft): AddressDraft {
  return {
    label: draft.label,
    firstName: draft.firstName,
    lastName: draft.lastName,
    phone: draft.phone,
    line1: draft.line1,
    line2: draft.line2 || null,
    suburb: draft.suburb,
    city: draft.city,
    province: draft.province,
    postalCode: draft.postalCode,
  }
}

/**
 * The book's entry for the customer's single address of before, received by the customer named on
 * the account; null when they never saved one.
 */
export function legacyEntry(
  user: Pick<User, 'firstName' | 'lastName' | 'phone' | 'address'>,
  now: string,
): SavedAddress | null {
  if (!user.address) return null
  return {
    id: newAddressId(),
    ...pickAddressDraft({
      label: LEGACY_ADDRESS_LABEL,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? '',
      ...user.address,
    }),
    isDefault: true,
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * The book as list() answers it, from its entries in the order they were added: the default first,
 * then the most recently added first.
 */
export function inBookOrder(added: readonly SavedAddress[]): SavedAddress[] {
  const newestFirst = [...added].reverse()
  return [
    ...newestFirst.filter((address) => address.isDefault),
    ...newestFirst.filter((address) => !address.isDefault),
  ]
}
