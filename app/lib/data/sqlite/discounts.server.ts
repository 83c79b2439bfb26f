import { randomUUID } from 'node:crypto'

import { availabilityRefusal, normalizeDiscountCode } from '~/lib/promotions/rules'
import type { AppliedDiscount, Discount, DiscountScope } from '~/lib/promotions/types'

import { checkDiscountDraft } from '../promotions.server'
import { assertPage, emailKey } from '../rules.server'
import {
  DiscountUnavailableError,
  DuplicateDiscountCodeError,
  type DiscountCustomer,
  type DiscountStore,
  type DiscountUse,
} from '../store'
import type { SqliteContext } from './context.server'
import type { Db } from './database.server'

type DiscountRow = {
  id: string
  code: string | null
  kind: Discount['kind']
  value: number
  min_spend_cents: number | null
  scope: string
  starts_at: string | null
  ends_at: string | null
  usage_limit: number | null
  per_customer_limit: number | null
  automatic: number
  active: number
  created_at: string
  updated_at: string
  /** Counted from discount_uses by the select. */
  uses: number
  given_cents: number
}

type UseRow = {
  discount_id: string
  order_id: string
  user_id: string | null
  email: string
  amount_cents: number
  claimed_at: string
  released_at: string | null
}

/** Every discount select reads its uses and the discount given from the claims still held. */
const SELECT = `SELECT d.*,
    (SELECT count(*) FROM discount_uses u
      WHERE u.discount_id = d.id AND u.released_at IS NULL) AS uses,
    (SELECT coalesce(sum(u.amount_cents), 0) FROM discount_uses u
      WHERE u.discount_id = d.id AND u.released_at IS NULL) AS given_cents
  FROM discounts d`

const toDiscount = (row: DiscountRow): Discount => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  minSpendCents: row.min_spend_cents,
  scope: JSON.parse(row.scope) as DiscountScope,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  usageLimit: row.usage_limit,
  perCustomerLimit: row.per_customer_limit,
  automatic: row.automatic === 1,
  active: row.active === 1,
  uses: row.uses,
  discountGivenCents: row.given_cents,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const toUse = (row: UseRow): DiscountUse => ({
  discountId: row.discount_id,
  orderId: row.order_id,
  userId: row.user_id,
  email: row.email,
  amountCents: row.amount_cents,
  claimedAt: row.claimed_at,
  releasedAt: row.released_at,
})

/** The statements reading a discount and a customer's uses of it, shared by the store and the claims. */
function discountReads(db: Db) {
  const byId = db.prepare<[string], DiscountRow>(`${SELECT} WHERE d.id = ?`)
  const customerCounts = db.prepare<
    [{ discountId: string; userId: string | null; emailKey: string }],
    { by_user: number; by_email: number }
  >(
    `SELECT
       (SELECT count(*) FROM discount_uses WHERE discount_id = @discountId
         AND released_at IS NULL AND user_id = @userId) AS by_user,
       (SELECT count(*) FROM discount_uses WHERE discount_id = @discountId
         AND released_at IS NULL AND email_key = @emailKey) AS by_email`,
  )
  return {
    get: (id: string) => {
      const row = byId.get(id)
      return row ? toDiscount(row) : null
    },
    /** The customer's uses held: the larger of the account's and the email's count. */
    customerUses(discountId: string, customer: DiscountCustomer): number {
      const counts = customerCounts.get({
        discountId,
        userId: customer.userId,
        emailKey: emailKey(customer.email),
      })!
      return Math.max(counts.by_user, counts.by_email)
    },
  }
}

/**
 * An order's claims on its discounts, for the order store's transactions: `claim` (placing) takes a
 * use of each or throws DiscountUnavailableError, `release` (an order not paid) gives them back.
 * Call both inside an immediate transaction: writers take turns, so counting and claiming is one
 * step.
 */
export function discountClaims(context: SqliteContext) {
  const { db } = context
  const reads = discountReads(db)
  const insertUse = db.prepare(
    `INSERT INTO discount_uses (discount_id, order_id, user_id, email, email_key, amount_cents,
       claimed_at, released_at)
     VALUES (@discountId, @orderId, @userId, @email, @emailKey, @amountCents, @at, NULL)`,
  )
  const releaseUses = db.prepare(
    'UPDATE discount_uses SET released_at = ? WHERE order_id = ? AND released_at IS NULL',
  )
  return {
    claim(
      orderId: string,
      customer: DiscountCustomer,
      discounts: readonly AppliedDiscount[],
      at: string,
    ) {
      const now = new Date(at)
      for (const applied of discounts) {
        const discount = reads.get(applied.discountId)
        const refusal = availabilityRefusal(discount, {
          now,
          customerUses: discount ? reads.customerUses(discount.id, customer) : 0,
        })
        if (refusal) throw new DiscountUnavailableError(applied.discountId, applied.code, refusal)
        insertUse.run({
          discountId: applied.discountId,
          orderId,
          userId: customer.userId,
          email: customer.email,
          emailKey: emailKey(customer.email),
          amountCents: applied.amountCents,
          at,
        })
      }
    },
    release(orderId: string, at: string) {
      releaseUses.run(at, orderId)
    },
  }
}

export function createDiscountStore(context: SqliteContext): DiscountStore {
  const { db } = context
  const reads = discountReads(db)
  const selectByCode = db.prepare<[string], DiscountRow>(`${SELECT} WHERE d.code = ?`)
  const selectPage = db.prepare<[number, number], DiscountRow>(
    `${SELECT} ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?`,
  )
  const countAll = db.prepare<[], number>('SELECT count(*) FROM discounts').pluck()
  const selectAutomatic = db.prepare<[], DiscountRow>(
    `${SELECT} WHERE d.automatic = 1 AND d.active = 1 ORDER BY d.created_at, d.id`,
  )
  const codeTaken = db
    .prepare<[string, string], number>('SELECT count(*) FROM discounts WHERE code = ? AND id != ?')
    .pluck()
  const insert = db.prepare(
    `INSERT INTO discounts (id, code, kind, value, min_spend_cents, scope, starts_at, ends_at,
       usage_limit, per_customer_limit, automatic, active, created_at, created_by, updated_at,
       updated_by)
     VALUES (@id, @code, @kind, @value, @minSpendCents, @scope, @startsAt, @endsAt, @usageLimit,
       @perCustomerLimit, @automatic, @active, @at, @by, @at, @by)`,
  )
  const update = db.prepare(
    `UPDATE discounts SET code = @code, kind = @kind, value = @value,
       min_spend_cents = @minSpendCents, scope = @scope, starts_at = @startsAt, ends_at = @endsAt,
       usage_limit = @usageLimit, per_customer_limit = @perCustomerLimit,
       automatic = @automatic, active = @active, updated_at = @at, updated_by = @by
     WHERE id = @id`,
  )
  const updateActive = db.prepare(
    'UPDATE discounts SET active = @active, updated_at = @at, updated_by = @by WHERE id = @id',
  )
  const selectUses = db.prepare<[string, number, number], UseRow>(
    `SELECT * FROM discount_uses WHERE discount_id = ?
      ORDER BY claimed_at DESC, order_id DESC LIMIT ? OFFSET ?`,
  )
  const countUses = db
    .prepare<[string], number>('SELECT count(*) FROM discount_uses WHERE discount_id = ?')
    .pluck()

  /** Writes a checked draft as discount `id`, created or updated, in one immediate transaction. */
  const write = (
    id: string,
    draft: Parameters<DiscountStore['create']>[0],
    by: string,
    isNew: boolean,
  ) => {
    const checked = checkDiscountDraft(draft)
    const at = context.now()
    return db
      .transaction((): Discount | null => {
        if (!isNew && !reads.get(id)) return null
        if (checked.code !== null && codeTaken.get(checked.code, id)! > 0) {
          throw new DuplicateDiscountCodeError(checked.code)
        }
        const row = {
          id,
          code: checked.code,
          kind: checked.kind,
          value: checked.value,
          minSpendCents: checked.minSpendCents,
          scope: JSON.stringify(checked.scope),
          startsAt: checked.startsAt,
          endsAt: checked.endsAt,
          usageLimit: checked.usageLimit,
          perCustomerLimit: checked.perCustomerLimit,
          automatic: checked.automatic ? 1 : 0,
          active: checked.active ? 1 : 0,
          at,
          by,
        }
        if (isNew) insert.run(row)
        else update.run(row)
        return reads.get(id)
      })
      .immediate()
  }

  return {
    async create(draft, audit) {
      return write(randomUUID(), draft, audit.by, true)!
    },
    async update(id, draft, audit) {
      return write(id, draft, audit.by, false)
    },
    async get(id) {
      return reads.get(id)
    },
    async getByCode(code) {
      const normal = normalizeDiscountCode(code)
      if (!normal) return null
      const row = selectByCode.get(normal)
      return row ? toDiscount(row) : null
    },
    async list({ offset, limit }) {
      assertPage({ offset, limit })
      return db.transaction(() => ({
        items: selectPage.all(limit, offset).map(toDiscount),
        total: countAll.get()!,
      }))()
    },
    async listAutomatic() {
      return selectAutomatic.all().map(toDiscount)
    },
    async setActive(id, active, audit) {
      return db
        .transaction((): Discount | null => {
          const discount = reads.get(id)
          if (!discount || discount.active === active) return discount
          updateActive.run({ id, active: active ? 1 : 0, at: context.now(), by: audit.by })
          return reads.get(id)
        })
        .immediate()
    },
    async listUses(discountId, { offset, limit }) {
      assertPage({ offset, limit })
      return db.transaction(() => ({
        items: selectUses.all(discountId, limit, offset).map(toUse),
        total: countUses.get(discountId)!,
      }))()
    },
    async customerUses(customer, discountIds) {
      return Object.fromEntries(
        [...new Set(discountIds)].map((id) => [id, reads.customerUses(id, customer)]),
      )
    },
  }
}
