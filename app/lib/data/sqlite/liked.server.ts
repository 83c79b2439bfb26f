import type { LikedStore } from '../store'
import type { SqliteContext } from './context.server'

export function createLikedStore({ db }: SqliteContext): LikedStore {
  const selectLiked = db.prepare<[string], { product_id: string }>(
    'SELECT product_id FROM liked WHERE user_id = ? ORDER BY seq DESC',
  )
  // A per-user sequence rather than a time: two likes in one millisecond still keep their order.
  const upsertLiked = db.prepare(
    `INSERT INTO liked (user_id, product_id, seq)
     VALUES (@userId, @productId, (SELECT coalesce(max(seq), 0) + 1 FROM liked WHERE user_id = @userId))
     ON CONFLICT (user_id, product_id) DO UPDATE SET seq = excluded.seq`,
  )
  const deleteLiked = db.prepare('DELETE FROM liked WHERE user_id = ? AND product_id = ?')

  return {
    async list(userId) {
      return selectLiked.all(userId).map((row) => row.product_id)
    },
    async add(userId, productIds) {
      db.transaction(() => {
        // The list comes most recent first (as list() returns it), so the last one is liked first.
        for (const productId of [...new Set(productIds)].reverse())
          upsertLiked.run({ userId, productId })
      }).immediate()
    },
    async remove(userId, productId) {
      deleteLiked.run(userId, productId)
    },
  }
}
