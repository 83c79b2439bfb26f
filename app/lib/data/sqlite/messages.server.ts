import { pickMessage } from '../rules.server'
import type { MessageStore } from '../store'
import type { ContactMessage } from '../types'
import type { SqliteContext } from './context.server'

export function createMessageStore({ db }: SqliteContext): MessageStore {
  const insertMessage = db.prepare(
    'INSERT INTO messages (id, name, email, subject, message, ip, created_at) VALUES (@id, @name, @email, @subject, @message, @ip, @createdAt)',
  )
  const selectAll = db.prepare<[], ContactMessage>(
    'SELECT id, name, email, subject, message, ip, created_at AS createdAt FROM messages ORDER BY created_at DESC, id',
  )

  return {
    async create(input, now) {
      const message = pickMessage(input, now)
      insertMessage.run(message)
      return message
    },
    async list() {
      return selectAll.all()
    },
  }
}
