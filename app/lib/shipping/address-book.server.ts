import { type SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'

import { AddressBookFullError, type Store } from '~/lib/data/store'
import type { Address, User } from '~/lib/data/types'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'

import { LEGACY_ADDRESS_LABEL } from '~/lib/data/address-book.server'
import { ADDRESS_BOOK_PATH, addressBookFormSchema } from './address-fields'
import { addressCard } from './address-view'
import { ADDRESS_BOOK_MAX, type SavedAddress } from './types'

const NOT_YOURS = 'That address is not in your address book any more. Reload the page to see it.'
const FULL = `Your address book holds ${ADDRESS_BOOK_MAX} addresses, the most it can. Remove one to add another.`

/** The address form's values, as conform's defaultValue takes them. */
export type AddressFormValues = Record<
  | 'label'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'line1'
  | 'line2'
  | 'suburb'
  | 'city'
  | 'province'
  | 'postalCode',
  string
>

/**
 * What /account/addresses shows: the customer's addresses as cards, and the form, filled with the
 * address `editId` names (`?edit=`) or, for a new one, with the customer's own name and phone.
 */
export async function addressBookPage(store: Store, user: User, editId: string | null) {
  const book = await store.addresses.list(user.id)
  const editing = editId === null ? null : (book.find((address) => address.id === editId) ?? null)
  return {
    addresses: book.map(addressCard),
    editing: editing
      ? { id: editing.id, label: editing.label, isDefault: editing.isDefault }
      : null,
    /** `?edit=` named no address of the customer's (removed since, or never theirs). */
    editMissing: editId !== null && editing === null,
    values: editing
      ? formValues(editing)
      : {
          ...formValues(null),
          firstName: user.firstName,
          lastName: user.lastName,
          phone: user.phone ?? '',
        },
    full: book.length >= ADDRESS_BOOK_MAX,
    max: ADDRESS_BOOK_MAX,
  }
}

function formValues(address: SavedAddress | null): AddressFormValues {
  return {
    label: address?.label ?? '',
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    phone: address?.phone ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    suburb: address?.suburb ?? '',
    city: address?.city ?? '',
    province: address?.province ?? '',
    postalCode: address?.postalCode ?? '',
  }
}

export type AddressBookActionData = {
  /** Which of the page's forms the reply belongs to: `save`, or `delete:{id}` / `default:{id}`. */
  form: string
  result: SubmissionResult<string[]>
}

/** The form a post came from, so its reply is shown there. */
function replyTo(formData: FormData): string {
  const intent = formData.get('intent')
  const id = formData.get('addressId')
  if ((intent === 'delete' || intent === 'default') && typeof id === 'string')
    return `${intent}:${id}`
  return 'save'
}

/**
 * POST /account/addresses: `intent=save` adds (`addressId` empty) or edits an address,
 * `intent=delete` removes one, `intent=default` makes one the default. Each ends in a redirect to
 * the book with a toast; a field to fix, a full book or an address that is not the customer's
 * answers 400 and changes nothing.
 */
export async function addressBookAction(request: Request, user: User) {
  const formData = await request.formData()
  const form = replyTo(formData)
  const submission = parseSubmission(formData, { schema: addressBookFormSchema })
  if (submission.status !== 'success') {
    return data<AddressBookActionData>({ form, result: submission.reply() }, { status: 400 })
  }
  const refuse = (message: string) =>
    data<AddressBookActionData>(
      { form, result: submission.reply({ formErrors: [message] }) },
      { status: 400 },
    )
  const { store } = await requestContext(request)
  const posted = submission.value

  if (posted.intent === 'save') {
    const { intent: _intent, addressId, makeDefault, ...draft } = posted
    let saved: SavedAddress | null
    try {
      saved = await store.addresses.save(user.id, addressId ?? null, draft, { makeDefault })
    } catch (error) {
      if (error instanceof AddressBookFullError) return refuse(FULL)
      throw error
    }
    if (!saved) return refuse(NOT_YOURS)
    return redirectWithToast(ADDRESS_BOOK_PATH, {
      type: 'success',
      title: addressId ? `${saved.label} saved` : `${saved.label} added to your addresses`,
      description: saved.isDefault ? 'It is your default delivery address.' : undefined,
    })
  }

  if (posted.intent === 'delete') {
    const address = await store.addresses.get(user.id, posted.addressId)
    if (!address || !(await store.addresses.remove(user.id, posted.addressId))) {
      return refuse(NOT_YOURS)
    }
    const next = address.isDefault
      ? (await store.addresses.list(user.id)).find((a) => a.isDefault)
      : undefined
    return redirectWithToast(ADDRESS_BOOK_PATH, {
      type: 'success',
      title: `${address.label} removed`,
      description: next ? `${next.label} is now your default address.` : undefined,
    })
  }

  const made = await store.addresses.makeDefault(user.id, posted.addressId)
  if (!made) return refuse(NOT_YOURS)
  return redirectWithToast(ADDRESS_BOOK_PATH, {
    type: 'success',
    title: `${made.label} is now your default address`,
  })
}

/** The customer's default address, for /account's address form; null when the book is empty. */
export async function defaultAddress(store: Store, userId: string): Promise<SavedAddress | null> {
  return (await store.addresses.list(userId)).find((address) => address.isDefault) ?? null
}

/**
 * /account's address form (`intent=address`): the lines of the default address in the book, which
 * it creates (received by the customer, labelled "Home") when the book is empty.
 */
export async function saveDefaultAddress(
  store: Store,
  user: User,
  address: Address,
): Promise<SavedAddress> {
  const current = await defaultAddress(store, user.id)
  // Null only when the default was removed between the read and the save: then it is a new one.
  const edited =
    current && (await store.addresses.save(user.id, current.id, { ...current, ...address }))
  const saved =
    edited ??
    (await store.addresses.save(user.id, null, {
      label: LEGACY_ADDRESS_LABEL,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? '',
      ...address,
    }))
  if (!saved) throw new Error('Adding an address answered no address')
  return saved
}
