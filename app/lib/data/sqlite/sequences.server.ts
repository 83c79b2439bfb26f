import type { SequenceName } from '~/lib/documents/numbers'

import type { Db } from './database.server'

const statements = new WeakMap<Db, ReturnType<typeof prepare>>()

function prepare(db: Db) {
  return db
    .prepare<[string], number>(
      `INSERT INTO sequences (name, value) VALUES (?, 1)
         ON CONFLICT (name) DO UPDATE SET value = value + 1
       RETURNING value`,
    )
    .pluck()
}

/**
 * The next number of the gap-free counter `name` (1 first). Call it inside the open transaction
 * that issues the document: the counter moves only if that transaction commits, so numbers have no
 * gaps, and SQLite's write lock gives each number once.
 */
export function nextInSequence(db: Db, name: SequenceName): number {
  if (!db.inTransaction) throw new Error(`nextInSequence(${name}) outside a transaction`)
  let next = statements.get(db)
  if (!next) {
    next = prepare(db)
    statements.set(db, next)
  }
  return next.get(name)!
}
