import { mailEnqueued } from '../outbox.server'
import { assertPage, pickMessage } from '../rules.server'
import type { MessageStore } from '../store'
import type { ContactMessage } from '../types'
import type { SqliteContext } from './context.server'
import { outboxWriter } from './outbox.server'

const COLUMNS = `id, name, email, subject, message, ip, created_at AS createdAt,
  handled_at AS handledAt, handled_by AS handledBy`

export function createMessageStore({ db, now }: SqliteContext): MessageStore {
  const writeMail = outboxWriter(db)
  const insertMessage = db.prepare(
    'INSERT INTO messages (id, name, email, subject, message, ip, created_at) VALUES (@id, @name, @email, @subject, @message, @ip, @createdAt)',
  )
  const selectAll = db.prepare<[], ContactMessage>(
    `SELECT ${COLUMNS} FROM messages ORDER BY created_at DESC, id DESC`,
  )
  const selectOne = db.prepare<[string], ContactMessage>(
    `SELECT ${COLUMNS} FROM messages WHERE id = ?`,
  )
  const selectPage = db.prepare<[{ limit: number; offset: number }], ContactMessage>(
    `SELECT ${COLUMNS} FROM messages ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  )
  const selectUnhandledPage = db.prepare<[{ limit: number; offset: number }], ContactMessage>(
    `SELECT ${COLUMNS} FROM messages WHERE handled_at IS NULL
      ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  )
  const countAll = db.prepare<[], number>('SELECT count(*) FROM messages').pluck()
  const countUnhandled = db
    .prepare<[], number>('SELECT count(*) FROM messages WHERE handled_at IS NULL')
    .pluck()
  // The first handler stays: marking a handled message again changes nothing.
  const markHandled = db.prepare(
    'UPDATE messages SET handled_at = @at, handled_by = @by WHERE id = @id AND handled_at IS NULL',
  )

  return {
    // NOTE: `mail` (the acknowledgement and the shop's copy) goes to the outbox once it exists.
    async create(input, mail) {
      const message = pickMessage(input, now())
      const added = db
        .transaction(() => {
          insertMessage.run(message)
          return writeMail(mail?.(message) ?? [], message.createdAt)
        })
        .immediate()
      if (added) mailEnqueued()
      return message
    },
    async list() {
      return selectAll.all()
    },
    async page({ offset, limit, unhandled = false }) {
      assertPage({ offset, limit })
      // One read transaction, so the page and its total agree.
      return db.transaction(() => ({
        items: (unhandled ? selectUnhandledPage : selectPage).all({ limit, offset }),
        total: (unhandled ? countUnhandled : countAll).get()!,
      }))()
    },
    async countUnhandled() {
      return countUnhandled.get()!
    },
    async markHandled(id, { by }) {
      markHandled.run({ at: now(), by, id })
      return selectOne.get(id) ?? null
    },
  }
}
