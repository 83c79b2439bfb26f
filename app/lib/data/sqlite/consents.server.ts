import { emailKey } from '../rules.server'
import type { ConsentStore } from '../store'
import type { ConsentEntry, ConsentSource } from '../types'
import type { SqliteContext } from './context.server'

type ConsentRow = {
  email: string
  user_id: string | null
  opt_in: number
  source: string
  at: string
}

const toEntry = (row: ConsentRow): ConsentEntry => ({
  email: row.email,
  userId: row.user_id,
  optIn: row.opt_in === 1,
  source: row.source as ConsentSource,
  at: row.at,
})

/** Consent by lower-cased email, one row per change; the latest row is the current state. */
export function createConsentStore({ db, now }: SqliteContext): ConsentStore {
  const latest = db.prepare<[string], { opt_in: number }>(
    'SELECT opt_in FROM consents WHERE email = ? ORDER BY id DESC LIMIT 1',
  )
  const insert = db.prepare(
    `INSERT INTO consents (email, user_id, opt_in, source, at)
     VALUES (@email, @userId, @optIn, @source, @at)`,
  )
  const all = db.prepare<[string], ConsentRow>(
    'SELECT email, user_id, opt_in, source, at FROM consents WHERE email = ? ORDER BY id',
  )
  const erase = db.prepare<[string]>('DELETE FROM consents WHERE email = ?')
  // Read and write in one immediate transaction: two changes at once never both record one state.
  const record = db.transaction((entry: Omit<ConsentEntry, 'at'>): boolean => {
    const email = emailKey(entry.email)
    const was = (latest.get(email)?.opt_in ?? 0) === 1
    if (was === entry.optIn) return false
    insert.run({
      email,
      userId: entry.userId,
      optIn: entry.optIn ? 1 : 0,
      source: entry.source,
      at: now(),
    })
    return true
  })

  return {
    async record(entry) {
      return record.immediate(entry)
    },
    async current(email) {
      return latest.get(emailKey(email))?.opt_in === 1
    },
    async history(email) {
      return all.all(emailKey(email)).map(toEntry)
    },
    async erase(email) {
      erase.run(emailKey(email))
    },
  }
}
