import type { RateLimitStore } from '../store'
import type { SqliteContext } from './context.server'

type RateLimitRow = { window_start: number; count: number }

export function createRateLimitStore({ db }: SqliteContext): RateLimitStore {
  const selectWindow = db.prepare<[string], RateLimitRow>(
    'SELECT window_start, count FROM rate_limits WHERE key = ?',
  )
  const upsertWindow = db.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, count = excluded.count`,
  )
  const deleteKey = db.prepare('DELETE FROM rate_limits WHERE key = ?')

  return {
    async hit(key, limit, windowMs, now) {
      return db
        .transaction(() => {
          const row = selectWindow.get(key)
          const fresh = !row || now >= row.window_start + windowMs
          const windowStart = fresh ? now : row.window_start
          const count = fresh ? 1 : row.count + 1
          upsertWindow.run(key, windowStart, count)
          const allowed = count <= limit
          return { allowed, retryAfterMs: allowed ? 0 : windowStart + windowMs - now }
        })
        .immediate()
    },
    async reset(key) {
      deleteKey.run(key)
    },
    async peek(key, windowMs, now) {
      const row = selectWindow.get(key)
      return row && now < row.window_start + windowMs ? row.count : 0
    },
  }
}
