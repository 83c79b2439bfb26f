import { AddressBookFullError, type Store } from '~/lib/data/store'
import type { Address, User } from '~/lib/data/types'
import type { SavedAddress } from '~/lib/shipping/types'

/**
 * Where a checkout delivers: the one answer that the order's address, its shipping options and
 * their prices are all worked out from (docs/contracts.md "Shipping").
 */

/** The delivery part of checkout's form, as deliveryAddressSchema (lib/shipping/address-fields) reads it. */
export type DeliveryChoice = {
  /** A saved address of the customer's; null: `address` is the delivery address. */
  addressId: string | null
  address: Address | null
}

export type DeliveryAddress =
  | {
      ok: true
      address: Address
      /** The saved address it is, when the customer chose one. */
      saved: SavedAddress | null
    }
  | {
      ok: false
      /** conform's field errors for the reply (400): the field and how to fix it. */
      fieldErrors: { addressId: string[] }
    }

/**
 * The delivery address the form asks for: the customer's saved address `addressId`, or the address
 * fields. An id that is not one of the signed-in customer's addresses (another customer's, a made-up
 * one, any id from a guest) is an error on `addressId`, never someone else's address.
 */
export async function deliveryAddressFrom(
  form: DeliveryChoice,
  ctx: { store: Store; userId: string | null },
): Promise<DeliveryAddress> {
  if (form.addressId === null) {
    if (!form.address) throw new TypeError('A checkout without a saved address needs the fields')
    return { ok: true, address: form.address, saved: null }
  }
  const saved = ctx.userId ? await ctx.store.addresses.get(ctx.userId, form.addressId) : null
  if (!saved) {
    const message = ctx.userId
      ? 'That address is not in your address book. Choose another or enter a new address.'
      : 'Sign in to deliver to a saved address, or enter the address.'
    return { ok: false, fieldErrors: { addressId: [message] } }
  }
  return { ok: true, address: addressOf(saved), saved }
}

/** Only the delivery address of a saved address (no label, recipient or times). */
export function addressOf(saved: Address): Address {
  return {
    line1: saved.line1,
    line2: saved.line2,
    suburb: saved.suburb,
    city: saved.city,
    province: saved.province,
    postalCode: saved.postalCode,
  }
}

/**
 * After an order is placed with a new address and "Save this address to my address book": keeps it
 * in the customer's book (the default when it is their first), received by the name and phone the
 * order was placed with and labelled by its suburb. An address already in the book is not saved
 * twice; a full book keeps what it has (the page offers no box then).
 */
export async function rememberAddress(
  store: Store,
  user: Pick<User, 'id'>,
  contact: { firstName: string; lastName: string; phone: string },
  address: Address,
): Promise<SavedAddress | null> {
  const book = await store.addresses.list(user.id)
  const same = book.find((saved) => sameAddress(saved, address))
  if (same) return same
  try {
    return await store.addresses.save(user.id, null, {
      label: address.suburb,
      firstName: contact.firstName,
      lastName: contact.lastName,
      phone: contact.phone,
      ...addressOf(address),
    })
  } catch (error) {
    if (error instanceof AddressBookFullError) return null
    throw error
  }
}

/** The same place, whatever the case and spacing it was typed in. */
/** The same place, whatever the case and spacing it was typed in. */
export function sameAddress(a: Address, b: Address): boolean {
  const key = (x: Address) =>
    [x.line1, x.line2 ?? '', x.suburb, x.city, x.province, x.postalCode]
      .map((part) => part.trim().toLowerCase().replace(/\s+/g, ' '))
      .join('|')
  return key(a) === key(b)
}
