import type { Transaction } from 'firebase-admin/firestore'

import type { SavedAddress } from '~/lib/shipping/types'
import { ADDRESS_BOOK_MAX } from '~/lib/shipping/types'

import { inBookOrder, legacyEntry, newAddressId, pickAddressDraft } from '../address-book.server'
import { AddressBookFullError, type AddressBookStore } from '../store'
import type { User } from '../types'
import type { FirestoreContext } from './context.server'

/**
 * One document per customer (`addressBooks/{userId}`) holding their addresses in the order they
 * were added: a book holds at most ADDRESS_BOOK_MAX, so it stays small, and every change (the
 * default moving from one to another above all) is one transaction on one document. The document
 * exists once the book has started: its first read or write copies the single address of before
 * (`User.address`) in, once.
 */
type BookDoc = { addresses: SavedAddress[]; startedAt: string }

/** What a change does to the book: its answer, and the addresses to keep. */
type Change<T> = { answer: T; addresses: SavedAddress[] }

export function createAddressBookStore(context: FirestoreContext): AddressBookStore {
  const { col, transaction } = context

  /** The book as stored, or as it starts from the customer's address of before. Reads only. */
  const readBook = async (tx: Transaction, userId: string): Promise<BookDoc> => {
    const snap = await tx.get(col.addressBooks.doc(userId))
    if (snap.exists) return decode(snap.data())
    const user = await tx.get(col.users.doc(userId))
    const now = context.now()
    const entry = user.exists ? legacyEntry(user.data() as User, now) : null
    return { addresses: entry ? [entry] : [], startedAt: now }
  }

  /** Reads the book, applies `change` and writes the book back, in one transaction. */
  const change = <T>(userId: string, apply: (addresses: SavedAddress[]) => Change<T>) =>
    transaction(async (tx) => {
      const book = await readBook(tx, userId)
      const { answer, addresses } = apply(book.addresses)
      tx.set(col.addressBooks.doc(userId), {
        addresses,
        startedAt: book.startedAt,
      } satisfies BookDoc)
      return answer
    })

  /** The book in the order its addresses were added; starts it when it has not started. */
  const added = async (userId: string): Promise<SavedAddress[]> => {
    const snap = await col.addressBooks.doc(userId).get()
    if (snap.exists) return decode(snap.data()).addresses
    return change(userId, (addresses) => ({ answer: addresses, addresses }))
  }

  /** `addresses` with `id` the only default. */
  const withDefault = (addresses: SavedAddress[], id: string) =>
    addresses.map((address) => ({ ...address, isDefault: address.id === id }))

  return {
    async list(userId) {
      return inBookOrder(await added(userId))
    },
    async get(userId, id) {
      return (await added(userId)).find((address) => address.id === id) ?? null
    },
    async save(userId, id, draft, options = {}) {
      return change(userId, (addresses): Change<SavedAddress | null> => {
        const now = context.now()
        const fields = pickAddressDraft(draft)
        if (id === null) {
          if (addresses.length >= ADDRESS_BOOK_MAX) {
            throw new AddressBookFullError(
              `The address book already holds ${ADDRESS_BOOK_MAX} addresses`,
            )
          }
          const isDefault = addresses.length === 0 || options.makeDefault === true
          const address: SavedAddress = {
            id: newAddressId(),
            ...fields,
            isDefault,
            createdAt: now,
            updatedAt: now,
          }
          const kept = isDefault ? withDefault(addresses, address.id) : addresses
          return { answer: address, addresses: [...kept, address] }
        }
        const found = addresses.find((address) => address.id === id)
        if (!found) return { answer: null, addresses }
        const saved: SavedAddress = { ...found, ...fields, updatedAt: now }
        const next = addresses.map((address) => (address.id === id ? saved : address))
        if (!options.makeDefault || found.isDefault) return { answer: saved, addresses: next }
        return { answer: { ...saved, isDefault: true }, addresses: withDefault(next, id) }
      })
    },
    async remove(userId, id) {
      return change(userId, (addresses): Change<boolean> => {
        const found = addresses.find((address) => address.id === id)
        if (!found) return { answer: false, addresses }
        const rest = addresses.filter((address) => address.id !== id)
        const newest = rest.at(-1)
        return {
          answer: true,
          addresses: found.isDefault && newest ? withDefault(rest, newest.id) : rest,
        }
      })
    },
    async makeDefault(userId, id) {
      return change(userId, (addresses): Change<SavedAddress | null> => {
        const found = addresses.find((address) => address.id === id)
        if (!found) return { answer: null, addresses }
        return { answer: { ...found, isDefault: true }, addresses: withDefault(addresses, id) }
      })
    },
  }
}

/** A book document as stored (a document missing its list reads as an empty book). */
function decode(data: unknown): BookDoc {
  const book = (data ?? {}) as Partial<BookDoc>
  return { addresses: book.addresses ?? [], startedAt: book.startedAt ?? '' }
}
