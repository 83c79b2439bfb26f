import type { AddressDraft, SavedAddress } from '~/lib/shipping/types'
import { ADDRESS_BOOK_MAX } from '~/lib/shipping/types'

import { legacyEntry, newAddressId, pickAddressDraft } from '../address-book.server'
import { AddressBookFullError, type AddressBookStore } from '../store'
import type { Address, Province } from '../types'
import type { SqliteContext } from './context.server'

type AddressRow = {
  seq: number
  id: string
  user_id: string
  label: string
  first_name: string
  last_name: string
  phone: string
  line1: string
  line2: string | null
  suburb: string
  city: string
  province: string
  postal_code: string
  is_default: number
  created_at: string
  updated_at: string
}

const toAddress = (row: AddressRow): SavedAddress => ({
  id: row.id,
  label: row.label,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  line1: row.line1,
  line2: row.line2,
  suburb: row.suburb,
  city: row.city,
  province: row.province as Province,
  postalCode: row.postal_code,
  isDefault: row.is_default === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const toParams = (userId: string, address: SavedAddress) => ({
  id: address.id,
  userId,
  label: address.label,
  firstName: address.firstName,
  lastName: address.lastName,
  phone: address.phone,
  line1: address.line1,
  line2: address.line2,
  suburb: address.suburb,
  city: address.city,
  province: address.province,
  postalCode: address.postalCode,
  isDefault: address.isDefault ? 1 : 0,
  createdAt: address.createdAt,
  updatedAt: address.updatedAt,
})

/**
 * One row per address; the partial unique index `addresses_one_default` holds at most one default
 * per customer, and every change of the default runs in one immediate transaction.
 */
export function createAddressBookStore(context: SqliteContext): AddressBookStore {
  const { db } = context
  const selectBook = db.prepare<[string], AddressRow>(
    'SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, seq DESC',
  )
  const selectOne = db.prepare<[string, string], AddressRow>(
    'SELECT * FROM addresses WHERE user_id = ? AND id = ?',
  )
  const countBook = db
    .prepare<[string], number>('SELECT count(*) FROM addresses WHERE user_id = ?')
    .pluck()
  const selectStarted = db
    .prepare<[string], number>('SELECT 1 FROM address_books WHERE user_id = ?')
    .pluck()
  const insertStarted = db.prepare('INSERT INTO address_books (user_id, started_at) VALUES (?, ?)')
  const selectUser = db.prepare<
    [string],
    { first_name: string; last_name: string; phone: string | null; address: string | null }
  >('SELECT first_name, last_name, phone, address FROM users WHERE id = ?')
  const insertAddress = db.prepare(
    `INSERT INTO addresses (id, user_id, label, first_name, last_name, phone, line1, line2, suburb,
       city, province, postal_code, is_default, created_at, updated_at)
     VALUES (@id, @userId, @label, @firstName, @lastName, @phone, @line1, @line2, @suburb, @city,
       @province, @postalCode, @isDefault, @createdAt, @updatedAt)`,
  )
  const updateAddress = db.prepare(
    `UPDATE addresses SET label = @label, first_name = @firstName, last_name = @lastName,
       phone = @phone, line1 = @line1, line2 = @line2, suburb = @suburb, city = @city,
       province = @province, postal_code = @postalCode, updated_at = @updatedAt
     WHERE user_id = @userId AND id = @id`,
  )
  const clearDefault = db.prepare(
    'UPDATE addresses SET is_default = 0 WHERE user_id = ? AND is_default = 1',
  )
  const setDefault = db.prepare('UPDATE addresses SET is_default = 1 WHERE user_id = ? AND id = ?')
  const deleteAddress = db.prepare('DELETE FROM addresses WHERE user_id = ? AND id = ?')
  const selectNewest = db.prepare<[string], { id: string }>(
    'SELECT id FROM addresses WHERE user_id = ? ORDER BY seq DESC LIMIT 1',
  )

  /** Copies the customer's single address of before into the book, once. Inside a transaction. */
  const start = (userId: string) => {
    if (selectStarted.get(userId)) return
    const now = context.now()
    insertStarted.run(userId, now)
    const row = selectUser.get(userId)
    const entry =
      row &&
      legacyEntry(
        {
          firstName: row.first_name,
          lastName: row.last_name,
          phone: row.phone,
          address: row.address === null ? null : (JSON.parse(row.address) as Address),
        },
        now,
      )
    if (entry) insertAddress.run(toParams(userId, entry))
  }
  /** Runs `fn` in an immediate transaction on a started book. */
  const write = <T>(userId: string, fn: () => T): T =>
    db
      .transaction(() => {
        start(userId)
        return fn()
      })
      .immediate()
  /** A read that starts the book first when it has not started (a write only that once). */
  const read = <T>(userId: string, fn: () => T): T =>
    selectStarted.get(userId) ? fn() : write(userId, fn)

  const makeDefault = (userId: string, id: string) => {
    clearDefault.run(userId)
    setDefault.run(userId, id)
  }

  return {
    async list(userId) {
      return read(userId, () => selectBook.all(userId).map(toAddress))
    },
    async get(userId, id) {
      return read(userId, () => {
        const row = selectOne.get(userId, id)
        return row ? toAddress(row) : null
      })
    },
    async save(userId, id, draft: AddressDraft, options = {}) {
      return write(userId, () => {
        const now = context.now()
        const fields = pickAddressDraft(draft)
        if (id === null) {
          const count = countBook.get(userId) ?? 0
          if (count >= ADDRESS_BOOK_MAX) {
            throw new AddressBookFullError(
              `The address book already holds ${ADDRESS_BOOK_MAX} addresses`,
            )
          }
          const isDefault = count === 0 || options.makeDefault === true
          if (isDefault) clearDefault.run(userId)
          const address: SavedAddress = {
            id: newAddressId(),
            ...fields,
            isDefault,
            createdAt: now,
            updatedAt: now,
          }
          insertAddress.run(toParams(userId, address))
          return address
        }
        const row = selectOne.get(userId, id)
        if (!row) return null
        updateAddress.run({ ...toParams(userId, { ...toAddress(row), ...fields }), updatedAt: now })
        if (options.makeDefault && row.is_default !== 1) makeDefault(userId, id)
        return toAddress(selectOne.get(userId, id)!)
      })
    },
    async remove(userId, id) {
      return write(userId, () => {
        const row = selectOne.get(userId, id)
        if (!row) return false
        deleteAddress.run(userId, id)
        const next = row.is_default === 1 ? selectNewest.get(userId) : undefined
        if (next) setDefault.run(userId, next.id)
        return true
      })
    },
    async makeDefault(userId, id) {
      return write(userId, () => {
        const row = selectOne.get(userId, id)
        if (!row) return null
        if (row.is_default !== 1) makeDefault(userId, id)
        return toAddress(selectOne.get(userId, id)!)
      })
    },
  }
}
