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

  return {
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
