import { addMs, mailEnqueued, newOutboxMessage, oneLineError } from '../outbox.server'
import { iso } from '../rules.server'
import type { OutboxStore } from '../store'
import type { OutboxDraft, OutboxMessage, OutboxStatus } from '../types'
import type { SqliteContext } from './context.server'
import type { Db } from './database.server'

type OutboxRow = {
  key: string
  to_address: string
  reply_to: string | null
  subject: string
  text: string
  html: string
  order_id: string | null
  headers: string | null
  status: OutboxStatus
  attempts: number
  due_at: string
  last_error: string | null
  sent_at: string | null
  created_at: string
  updated_at: string
}

const toMessage = (row: OutboxRow): OutboxMessage => ({
  key: row.key,
  to: row.to_address,
  replyTo: row.reply_to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  orderId: row.order_id,
  ...(row.headers === null ? {} : { headers: JSON.parse(row.headers) as Record<string, string> }),
  status: row.status,
  attempts: row.attempts,
  dueAt: row.due_at,
  lastError: row.last_error,
  sentAt: row.sent_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const INSERT_SQL = `INSERT INTO outbox (key, to_address, reply_to, subject, text, html, order_id,
    headers, status, attempts, due_at, last_error, sent_at, created_at, updated_at)
  VALUES (@key, @to, @replyTo, @subject, @text, @html, @orderId, @headers, @status, @attempts,
    @dueAt, @lastError, @sentAt, @createdAt, @updatedAt)
  ON CONFLICT (key) DO NOTHING`

/**
 * Writes mail into the outbox as part of the caller's transaction (the event that causes it);
 * a draft whose key is already there is skipped. Returns how many were added. Call mailEnqueued()
 * after the transaction committed, so the sender claims them at once.
 */
export function outboxWriter(db: Db): (drafts: readonly OutboxDraft[], now: string) => number {
  const insert = db.prepare(INSERT_SQL)
  return (drafts, now) => {
    const at = iso(now)
    let added = 0
    for (const draft of drafts) {
      const { headers, ...message } = newOutboxMessage(draft, at)
      added += insert.run({ ...message, headers: headers ? JSON.stringify(headers) : null }).changes
    }
    return added
  }
}

export function createOutboxStore({ db, now }: SqliteContext): OutboxStore {
  const write = outboxWriter(db)
  const selectOne = db.prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE key = ?')
  // A claim that ran out (status sending, due passed) is claimed again: its sender died.
  const selectDue = db.prepare<[string, number], OutboxRow>(
    `SELECT * FROM outbox WHERE status IN ('pending', 'sending') AND due_at <= ?
     ORDER BY due_at, rowid LIMIT ?`,
  )
  const claim = db.prepare(
    `UPDATE outbox SET status = 'sending', due_at = @until, attempts = attempts + 1,
       updated_at = @now WHERE key = @key`,
  )
  const sent = db.prepare(
    `UPDATE outbox SET status = 'sent', sent_at = @now, updated_at = @now WHERE key = @key`,
  )
  const failed = db.prepare(
    `UPDATE outbox SET status = @status, due_at = @dueAt, last_error = @error, updated_at = @now
     WHERE key = @key`,
  )
  const countFailed = db.prepare<[], { n: number }>(
    `SELECT COUNT(*) AS n FROM outbox WHERE status = 'failed'`,
  )
  const nextDue = db.prepare<[], { due: string | null }>(
    `SELECT MIN(due_at) AS due FROM outbox WHERE status IN ('pending', 'sending')`,
  )

  return {
    async enqueue(draft) {
      const added = write([draft], now()) > 0
      if (added) mailEnqueued()
      return added
    },
    async claimDue(leaseMs, limit) {
      return db
        .transaction((): OutboxMessage[] => {
          const at = now()
          const until = addMs(at, leaseMs)
          const rows = selectDue.all(at, limit)
          for (const row of rows) claim.run({ key: row.key, until, now: at })
          return rows.map((row) => toMessage(selectOne.get(row.key)!))
        })
        .immediate()
    },
    async markSent(key) {
      sent.run({ key, now: now() })
    },
    async markFailed(key, error, retryAt) {
      const at = now()
      failed.run({
        key,
        status: retryAt === null ? 'failed' : 'pending',
        dueAt: retryAt === null ? at : iso(retryAt),
        error: oneLineError(error),
        now: at,
      })
    },
    async get(key) {
      const row = selectOne.get(key)
      return row ? toMessage(row) : null
    },
    async list({ offset, limit, orderId, status }) {
      const where: string[] = []
      const params: Record<string, string> = {}
      if (orderId !== undefined) {
        where.push('order_id = @orderId')
        params.orderId = orderId
      }
      if (status !== undefined) {
        where.push('status = @status')
        params.status = status
      }
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
      const total = db
        .prepare<Record<string, string>, { n: number }>(
          `SELECT COUNT(*) AS n FROM outbox ${clause}`,
        )
        .get(params)!.n
      const items = db
        .prepare<Record<string, string | number>, OutboxRow>(
          `SELECT * FROM outbox ${clause} ORDER BY created_at DESC, rowid DESC
           LIMIT @limit OFFSET @offset`,
        )
        .all({ ...params, limit, offset })
        .map(toMessage)
      return { items, total }
    },
    async countFailed() {
      return countFailed.get()!.n
    },
    async nextDueAt() {
      return nextDue.get()?.due ?? null
    },
  }
}
