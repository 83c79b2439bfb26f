import { randomUUID } from 'node:crypto'

import {
  ERASED_AUTHOR_NAME,
  type PrivacyRequest,
  type PrivacyRequestStore,
  type SentMail,
} from '../privacy-requests'
import { assertPage, emailKey } from '../rules.server'
import type { ContactMessage, Review } from '../types'
import type { SqliteContext } from './context.server'

const COLUMNS = 'id, user_id AS userId, email, kind, at'
const MESSAGE_COLUMNS = `id, name, email, subject, message, ip, created_at AS createdAt,
  handled_at AS handledAt, handled_by AS handledBy`

/** POPIA requests on SQLite (migration 20): the requests' table, and the deletion in one transaction. */
export function createPrivacyRequestStore({ db, now }: SqliteContext): PrivacyRequestStore {
  const insert = db.prepare(
    'INSERT INTO privacy_requests (id, user_id, email, kind, at) VALUES (@id, @userId, @email, @kind, @at)',
  )
  const selectForUser = db.prepare<[string], PrivacyRequest>(
    `SELECT ${COLUMNS} FROM privacy_requests WHERE user_id = ? ORDER BY at DESC, rowid DESC`,
  )
  const selectPage = db.prepare<{ limit: number; offset: number }, PrivacyRequest>(
    `SELECT ${COLUMNS} FROM privacy_requests ORDER BY at DESC, rowid DESC LIMIT @limit OFFSET @offset`,
  )
  const countAll = db.prepare<[], number>('SELECT count(*) FROM privacy_requests').pluck()
  const selectMessages = db.prepare<[string], ContactMessage>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE lower(email) = ? ORDER BY created_at DESC, id DESC`,
  )
  const selectMails = db.prepare<[string], SentMail>(
    `SELECT subject, created_at AS createdAt, sent_at AS sentAt, status FROM outbox
      WHERE lower(to_address) = ? ORDER BY created_at DESC, key DESC`,
  )
  const selectReviews = db.prepare<[string], Omit<Review, 'hidden'> & { hidden: number }>(
    `SELECT id, product_id AS productId, user_id AS userId, author_name AS authorName, rating, title,
      body, hidden, created_at AS createdAt, updated_at AS updatedAt
      FROM reviews WHERE user_id = ? ORDER BY created_at DESC, id DESC`,
  )
  const selectUser = db.prepare<[string], { email: string }>('SELECT email FROM users WHERE id = ?')
  const erase = [
    'DELETE FROM sessions WHERE user_id = @userId',
    'DELETE FROM reset_tokens WHERE user_id = @userId',
    'DELETE FROM credentials WHERE user_id = @userId',
    'DELETE FROM carts WHERE user_id = @userId',
    'DELETE FROM liked WHERE user_id = @userId',
    'DELETE FROM addresses WHERE user_id = @userId',
    'DELETE FROM address_books WHERE user_id = @userId',
    // The review stays (it counts in the product's rating) under no one's name, tied to no account.
    `UPDATE reviews SET author_name = @authorName, user_id = 'erased:' || id WHERE user_id = @userId`,
    // Orders are tax records: kept, without the account.
    'UPDATE orders SET user_id = NULL WHERE user_id = @userId',
    'DELETE FROM users WHERE id = @userId',
  ].map((sql) => db.prepare(sql))

  const record: PrivacyRequestStore['record'] = async (request) => {
    const row: PrivacyRequest = { id: randomUUID(), ...request, at: now() }
    insert.run(row)
    return row
  }

  return {
    record,
    async listForUser(userId) {
      return selectForUser.all(userId)
    },
    async list({ offset, limit }) {
      assertPage({ offset, limit })
      return { items: selectPage.all({ limit, offset }), total: countAll.get() ?? 0 }
    },
    async reviewsBy(userId) {
      return selectReviews.all(userId).map((row) => ({ ...row, hidden: row.hidden === 1 }))
    },
    async messagesFrom(email) {
      return selectMessages.all(emailKey(email))
    },
    async mailsTo(email) {
      return selectMails.all(emailKey(email))
    },
    async eraseAccount(userId) {
      return db
        .transaction(() => {
          const user = selectUser.get(userId)
          if (!user) return null
          for (const statement of erase) statement.run({ userId, authorName: ERASED_AUTHOR_NAME })
          const row: PrivacyRequest = {
            id: randomUUID(),
            userId,
            email: user.email,
            kind: 'delete',
            at: now(),
          }
          insert.run(row)
          return row
        })
        .immediate()
    },
  }
}
