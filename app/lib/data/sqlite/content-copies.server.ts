import type { ContentCopyStore } from '../store'
import type { SqliteContext } from './context.server'

type ContentCopyRow = { json: string; fetched_at: string }

export function createContentCopyStore({ db }: SqliteContext): ContentCopyStore {
  const select = db.prepare<[string], ContentCopyRow>(
    'SELECT json, fetched_at FROM content_copies WHERE key = ?',
  )
  // An unchanged copy touches no row: the copy written at the last publish keeps its time.
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO content_copies (key, json, fetched_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at
     WHERE content_copies.json <> excluded.json`,
  )
  return {
    async get(key) {
      const row = select.get(key)
      return row ? { json: row.json, fetchedAt: row.fetched_at } : null
    },
    async put(key, json, fetchedAt) {
      return upsert.run(key, json, fetchedAt).changes > 0
    },
  }
}
