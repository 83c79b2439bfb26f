import { mailEnqueued } from '../outbox.server'
import { iso } from '../rules.server'
import type { CredentialStore } from '../store'
import type { SqliteContext } from './context.server'
import { outboxWriter } from './outbox.server'

type ResetTokenRow = { user_id: string; expires_at: string; used_at: string | null }

/*
 * One link valid at a time: a new token and a successful reset both delete the user's other
 * tokens; only the one just used stays, marked used.
 */

export function createCredentialStore({ db, now }: SqliteContext): CredentialStore {
  const selectHash = db.prepare<[string], { password_hash: string }>(
    'SELECT password_hash FROM credentials WHERE user_id = ?',
  )
  const upsertHash = db.prepare(
    `INSERT INTO credentials (user_id, password_hash) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash`,
  )
  const insertToken = db.prepare(
    'INSERT INTO reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
  )
  const selectToken = db.prepare<[string], ResetTokenRow>(
    'SELECT user_id, expires_at, used_at FROM reset_tokens WHERE token_hash = ?',
  )
  const markUsed = db.prepare('UPDATE reset_tokens SET used_at = ? WHERE token_hash = ?')
  const deleteOthers = db.prepare(
    'DELETE FROM reset_tokens WHERE user_id = ? AND token_hash IS NOT ?',
  )
  const writeMail = outboxWriter(db)

  return {
    async getPasswordHash(userId) {
      return selectHash.get(userId)?.password_hash ?? null
    },
    async setPasswordHash(userId, hash) {
      upsertHash.run(userId, hash)
    },
    async createResetToken(token, mail) {
      const added = db
        .transaction(() => {
          deleteOthers.run(token.userId, null)
          insertToken.run(token.tokenHash, token.userId, iso(token.expiresAt))
          return mail ? writeMail([mail], now()) : 0
        })
        .immediate()
      if (added) mailEnqueued()
    },
    async consumeResetToken(tokenHash) {
      const at = now()
      return db
        .transaction((): string | null => {
          const row = selectToken.get(tokenHash)
          if (!row || row.used_at !== null || row.expires_at <= at) return null
          markUsed.run(at, tokenHash)
          deleteOthers.run(row.user_id, tokenHash)
          return row.user_id
        })
        .immediate()
    },
  }
}
