import { randomUUID } from 'node:crypto'

import { addMs } from '../outbox.server'
import type { StockAlert, StockAlertStore } from '../stock-alerts'
import type { SqliteContext } from './context.server'

type StockAlertRow = {
  id: string
  email: string
  user_id: string | null
  product_id: string
  variant_id: string
  requested_at: string
  due_at: string | null
}

const toAlert = (row: StockAlertRow): StockAlert => ({
  id: row.id,
  email: row.email,
  userId: row.user_id,
  productId: row.product_id,
  variantId: row.variant_id,
  requestedAt: row.requested_at,
  dueAt: row.due_at,
})

/** Stock alerts in `stock_alerts` (migration 19): one row per email and variant. */
export function createStockAlertStore({ db, now }: SqliteContext): StockAlertStore {
  const insert = db.prepare(
    `INSERT INTO stock_alerts (id, email, user_id, product_id, variant_id, requested_at, due_at)
     VALUES (@id, @email, @userId, @productId, @variantId, @requestedAt, NULL)
     ON CONFLICT (email, variant_id) DO NOTHING`,
  )
  const byEmailAndVariant = db.prepare<[string, string], StockAlertRow>(
    'SELECT * FROM stock_alerts WHERE email = ? AND variant_id = ?',
  )
  const markDue = db.prepare(
    'UPDATE stock_alerts SET due_at = @now WHERE variant_id = @variantId AND due_at IS NULL',
  )
  const selectDue = db.prepare<[string, number], StockAlertRow>(
    'SELECT * FROM stock_alerts WHERE due_at <= ? ORDER BY due_at, rowid LIMIT ?',
  )
  const claim = db.prepare('UPDATE stock_alerts SET due_at = @until WHERE id = @id')
  const remove = db.prepare('DELETE FROM stock_alerts WHERE id = ?')
  const nextDue = db.prepare<[], { due: string | null }>(
    'SELECT MIN(due_at) AS due FROM stock_alerts WHERE due_at IS NOT NULL',
  )
  const forEmail = db.prepare<[string], StockAlertRow>(
    'SELECT * FROM stock_alerts WHERE email = ? ORDER BY requested_at, rowid',
  )
  const eraseEmail = db.prepare('DELETE FROM stock_alerts WHERE email = ?')

  return {
    async request(input) {
      const email = input.email.trim().toLowerCase()
      const alert: StockAlert = {
        id: randomUUID(),
        email,
        userId: input.userId,
        productId: input.productId,
        variantId: input.variantId,
        requestedAt: now(),
        dueAt: null,
      }
      const created = insert.run(alert).changes > 0
      return { alert: toAlert(byEmailAndVariant.get(email, input.variantId)!), created }
    },
    async markInStock(variantIds) {
      if (!variantIds.length) return 0
      return db.transaction(() => {
        const at = now()
        let n = 0
        for (const variantId of new Set(variantIds))
          n += markDue.run({ now: at, variantId }).changes
        return n
      })()
    },
    async claimDue(leaseMs, limit) {
      return db
        .transaction((): StockAlert[] => {
          const at = now()
          const until = addMs(at, leaseMs)
          const rows = selectDue.all(at, limit)
          for (const row of rows) claim.run({ id: row.id, until })
          return rows.map((row) => toAlert({ ...row, due_at: until }))
        })
        .immediate()
    },
    async forget(id) {
      remove.run(id)
    },
    async nextDueAt() {
      return nextDue.get()?.due ?? null
    },
    async listForEmail(email) {
      return forEmail.all(email.trim().toLowerCase()).map(toAlert)
    },
    async eraseForEmail(email) {
      return eraseEmail.run(email.trim().toLowerCase()).changes
    },
  }
}
