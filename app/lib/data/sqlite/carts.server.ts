import type { CartStore } from '../store'
import type { CartLine } from '../types'
import type { SqliteContext } from './context.server'

export function createCartStore(context: SqliteContext): CartStore {
  const { db } = context
  const selectCart = db.prepare<[string], { lines: string }>(
    'SELECT lines FROM carts WHERE user_id = ?',
  )
  const upsertCart = db.prepare(
    `INSERT INTO carts (user_id, lines, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET lines = excluded.lines, updated_at = excluded.updated_at`,
  )

  const untouched = db.prepare<
    [string, string, number],
    { user_id: string; lines: string; updated_at: string }
  >(
    `SELECT user_id, lines, updated_at FROM carts
     WHERE updated_at > ? AND updated_at <= ? AND lines != '[]'
     ORDER BY updated_at, user_id LIMIT ?`,
  )

  return {
    async untouchedBetween(after, atOrBefore, limit) {
      return untouched.all(after, atOrBefore, limit).map((row) => ({
        userId: row.user_id,
        lines: JSON.parse(row.lines) as CartLine[],
        updatedAt: row.updated_at,
      }))
    },
    async get(userId) {
      const row = selectCart.get(userId)
      return row ? (JSON.parse(row.lines) as CartLine[]) : []
    },
    async set(userId, lines) {
      const clean = lines.map(({ productId, variantId, quantity }) =>
        variantId ? { productId, variantId, quantity } : { productId, quantity },
      )
      upsertCart.run(userId, JSON.stringify(clean), context.now())
    },
  }
}
