import { mkdirSync } from 'node:fs'
import path from 'node:path'

import Database from 'better-sqlite3'

import { MIGRATIONS } from './migrations.server'

export type Db = Database.Database

/**
 * Opens `${dataDir}/shop.db` and brings its schema up to date. WAL lets page reads run while a
 * write is in progress (the dev server and `npm run seed` can share the file); busy_timeout makes a
 * second process wait for a write lock instead of failing at once.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true })
  const db = new Database(path.join(dataDir, 'shop.db'))
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  db.pragma('synchronous = NORMAL')
  try {
    migrate(db)
  } catch (error) {
    db.close()
    throw error
  }
  return db
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number
  const pending = MIGRATIONS.filter((m) => m.version > current).sort(
    (a, b) => a.version - b.version,
  )
  for (const migration of pending) {
    // IMMEDIATE takes the write lock first, so two processes starting together cannot both apply it.
    db.transaction(() => {
      const now = db.pragma('user_version', { simple: true }) as number
      if (now >= migration.version) return
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    }).immediate()
  }
  const latest = MIGRATIONS.at(-1)?.version ?? 0
  const applied = db.pragma('user_version', { simple: true }) as number
  if (applied > latest) {
    throw new Error(
      `shop.db is at schema version ${applied}, newer than this code knows (${latest})`,
    )
  }
}
