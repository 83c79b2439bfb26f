import { assertPage, emailKey, pickUser } from '../rules.server'
import { DuplicateEmailError, type UserStore } from '../store'
import type { Address, User } from '../types'
import { userSearchText } from '../user-search'
import type { SqliteContext } from './context.server'

type UserRow = {
  id: string
  email: string
  first_name: string
  last_name: string
  phone: string | null
  address: string | null
  staff: number
  created_at: string
  updated_at: string
}

const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  address: row.address === null ? null : (JSON.parse(row.address) as Address),
  staff: row.staff === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export function createUserStore(context: SqliteContext): UserStore {
  const { db } = context
  const selectUser = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?')
  const selectByEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email_key = ?')
  const insertUser = db.prepare(
    `INSERT INTO users (id, email, email_key, first_name, last_name, phone, address, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const updateProfile = db.prepare(
    'UPDATE users SET first_name = ?, last_name = ?, phone = ?, updated_at = ? WHERE id = ?',
  )
  const updateAddress = db.prepare('UPDATE users SET address = ?, updated_at = ? WHERE id = ?')
  // Only a real change touches updated_at: granting the role twice changes nothing.
  const updateStaff = db.prepare(
    'UPDATE users SET staff = @staff, updated_at = @now WHERE id = @id AND staff != @staff',
  )

  // Back office search: anywhere in the email's key or in "first last", any case (LIKE folds ASCII;
  // the text is lower-cased on both sides for the rest). Newest first, like every admin list.
  const MATCH = `(@q = '' OR email_key LIKE @pattern ESCAPE '\\'
    OR lower(first_name || ' ' || last_name) LIKE @pattern ESCAPE '\\')`
  const searchUsers = db.prepare<
    { q: string; pattern: string; limit: number; offset: number },
    UserRow
  >(
    `SELECT * FROM users WHERE ${MATCH} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  )
  const countUsers = db.prepare<{ q: string; pattern: string }, { n: number }>(
    `SELECT count(*) AS n FROM users WHERE ${MATCH}`,
  )

  const requireUser = (id: string): User => {
    const row = selectUser.get(id)
    if (!row) throw new Error(`Unknown user ${id}`)
    return toUser(row)
  }

  return {
    async get(id) {
      const row = selectUser.get(id)
      return row ? toUser(row) : null
    },
    async getByEmail(email) {
      const row = selectByEmail.get(emailKey(email))
      return row ? toUser(row) : null
    },
    async create(input) {
      const now = context.now()
      const user = pickUser(input, now)
      try {
        insertUser.run(
          user.id,
          user.email,
          emailKey(user.email),
          user.firstName,
          user.lastName,
          user.phone,
          user.address === null ? null : JSON.stringify(user.address),
          now,
          now,
        )
      } catch (error) {
        if (isUniqueViolation(error, 'users.email_key')) {
          throw new DuplicateEmailError(`An account with ${user.email} already exists`)
        }
        throw error
      }
      return user
    },
    async updateProfile(id, profile) {
      const result = updateProfile.run(
        profile.firstName,
        profile.lastName,
        profile.phone,
        context.now(),
        id,
      )
      if (result.changes === 0) throw new Error(`Unknown user ${id}`)
      return requireUser(id)
    },
    async updateAddress(id, address) {
      const result = updateAddress.run(JSON.stringify(address), context.now(), id)
      if (result.changes === 0) throw new Error(`Unknown user ${id}`)
      return requireUser(id)
    },
    async search({ q, offset, limit }) {
      assertPage({ offset, limit })
      const text = userSearchText(q)
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const items = searchUsers.all({ q: text, pattern, limit, offset }).map(toUser)
      const total = countUsers.get({ q: text, pattern })?.n ?? 0
      return { items, total }
    },
    async setStaff(id, staff) {
      updateStaff.run({ staff: staff ? 1 : 0, now: context.now(), id })
      const row = selectUser.get(id)
      return row ? toUser(row) : null
    },
  }
}

function isUniqueViolation(error: unknown, column: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes(column)
  )
}
