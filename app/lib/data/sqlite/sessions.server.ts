import { randomBytes } from 'node:crypto'

import {
  SESSION_MAX_AGE_MS,
  SESSION_TOUCH_MS,
  type SessionRecord,
  type SessionStore,
} from '../store'
import type { SqliteContext } from './context.server'

type SessionRow = {
  id: string
  user_id: string
  created_at: string
  last_seen_at: string
  user_agent: string
  token: string | null
  others_revoked_at: string | null
}

const toSession = (row: SessionRow): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  userAgent: row.user_agent,
  token: row.token,
  othersRevokedAt: row.others_revoked_at,
})

const before = (now: string, ms: number) => new Date(Date.parse(now) - ms).toISOString()

export function createSessionStore({ db, now }: SqliteContext): SessionStore {
  const insert = db.prepare(
    `INSERT INTO sessions (id, user_id, created_at, last_seen_at, user_agent, token)
     VALUES (?, ?, ?, ?, ?, ?)`,
  )
  const selectLive = db.prepare<[string, string], SessionRow>(
    'SELECT * FROM sessions WHERE id = ? AND created_at > ?',
  )
  const touchStale = db.prepare(
    'UPDATE sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at <= ?',
  )
  const setProvider = db.prepare(
    'UPDATE sessions SET token = ?, others_revoked_at = ? WHERE id = ?',
  )
  const deleteOne = db.prepare('DELETE FROM sessions WHERE id = ?')
  const selectForUser = db.prepare<[string, string], SessionRow>(
    `SELECT * FROM sessions WHERE user_id = ? AND created_at > ?
     ORDER BY last_seen_at DESC, created_at DESC, id`,
  )
  const deleteOthers = db.prepare('DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?')

  return {
    async create({ userId, userAgent, token }) {
      const at = now()
      const session: SessionRecord = {
        id: randomBytes(32).toString('base64url'),
        userId,
        createdAt: at,
        lastSeenAt: at,
        userAgent,
        token,
        othersRevokedAt: null,
      }
      insert.run(session.id, userId, at, at, userAgent, token)
      return session
    },
    async get(id) {
      const row = selectLive.get(id, before(now(), SESSION_MAX_AGE_MS))
      return row ? toSession(row) : null
    },
    async touch(id) {
      const at = now()
      touchStale.run(at, id, before(at, SESSION_TOUCH_MS))
    },
    async updateProvider(id, { token, othersRevokedAt }) {
      setProvider.run(token, othersRevokedAt, id)
    },
    async delete(id) {
      deleteOne.run(id)
    },
    async listForUser(userId) {
      return selectForUser.all(userId, before(now(), SESSION_MAX_AGE_MS)).map(toSession)
    },
    async deleteAllForUserExcept(userId, keepId) {
      return deleteOthers.run(userId, keepId).changes
    },
  }
}
