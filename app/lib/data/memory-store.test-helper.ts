import Database from 'better-sqlite3'

import { migrate } from '~/lib/data/sqlite/database.server'
import { createSqliteStore, type SqliteStoreOptions } from '~/lib/data/sqlite/store.server'
import type { Store } from '~/lib/data/store'

/** A real SQLite store in memory, for tests (the same adapter the shop runs on by default). */
export function memoryStore(options: SqliteStoreOptions = {}): Store {
  const db = new Database(':memory:')
  migrate(db)
  return createSqliteStore(db, options)
}
