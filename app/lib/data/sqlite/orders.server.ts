import { documentNumber } from '~/lib/documents/numbers'

import { decodePeriodCursor, nextCursor, periodBounds } from '../period-pages'
import { assertPage, emailKey, iso, orderSearch, wantedPerVariant } from '../rules.server'
import { mailEnqueued } from '../outbox.server'
import { orderClaims } from '../promotions.server'
import { OutOfStockError, type OrderStore } from '../store'
import {
  ORDER_STATUSES,
  type Address,
  type OptionValue,
  type Order,
  type OrderHistoryEntry,
  type OrderLine,
  type OrderStatus,
  type Shipment,
} from '../types'
import type { SqliteContext } from './context.server'
import { bobgoFields, type BobgoColumns } from './bobgo.server'
import { discountClaims } from './discounts.server'
import { balanceHolds } from './gift-cards.server'
import { outboxWriter } from './outbox.server'
import { nextInSequence } from './sequences.server'

/** The orders row; the Bob Go columns (migration 12) are read by ./bobgo.server.ts. */
type OrderRow = BobgoColumns & {
  id: string
  user_id: string | null
  email: string
  first_name: string
  last_name: string
  phone: string
  shipping_address: string
  subtotal_cents: number
  shipping_cents: number
  total_cents: number
  vat_cents: number
  status: string
  pf_payment_id: string | null
  refund_needed: number
  checkout_key: string | null
  /** JSON Shipment, set when shipped. */
  shipment: string | null
  /** JSON OrderShipping; null on orders placed before shipping methods. */
  shipping: string | null
  /** JSON AppliedDiscount[] and OrderGiftCard[] (migration 13; '[]' on orders placed before). */
  discounts: string
  gift_cards: string
  store_credit_cents: number
  /** JSON OrderReturn[] (migration 16; '[]' on orders placed before). */
  returns: string
  /** JSON OrderRefund[] (migration 15; '[]' on orders placed before). */
  refunds: string
  /** The buyer's VAT number (migration 17; null on orders placed before). */
  buyer_vat_number: string | null
  /** JSON IssuedDocument, set by the pay move (migration 14; null before, and on older orders). */
  invoice: string | null
  created_at: string
  updated_at: string
}

type OrderLineRow = {
  product_id: string
  /** Null only on lines stored before product options existed, which migration 4 filled in. */
  variant_id: string | null
  options: string
  name: string
  unit_price_cents: number
  quantity: number
  image_url: string | null
}

type HistoryRow = { status: string; at: string; note: string | null; made_by: string | null }

/** The back office's filters, as bound to the list queries (null: no filter). */
type ListParams = { status: string | null; id: string | null; emailKey: string | null }
const LIST_WHERE = `(@status IS NULL OR status = @status)
  AND (@id IS NULL OR id = @id OR email_key = @emailKey)`

export function createOrderStore(context: SqliteContext): OrderStore {
  const { db, selectVariant } = context
  const claims = discountClaims(context)
  const holds = balanceHolds(context)
  const selectOrder = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?')
  const writeMail = outboxWriter(db)
  const selectForUser = db.prepare<[string], OrderRow>(
    'SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, id',
  )
  const selectByCheckoutKey = db.prepare<[string], OrderRow>(
    'SELECT * FROM orders WHERE checkout_key = ?',
  )
  const selectRefundNeeded = db.prepare<[], OrderRow>(
    'SELECT * FROM orders WHERE refund_needed = 1 ORDER BY created_at, id',
  )
  const selectStale = db.prepare<[string], OrderRow>(
    "SELECT * FROM orders WHERE status = 'pending_payment' AND created_at < ?",
  )
  const selectLines = db.prepare<[string], OrderLineRow>(
    `SELECT product_id, variant_id, options, name, unit_price_cents, quantity, image_url
       FROM order_lines WHERE order_id = ? ORDER BY position`,
  )
  const selectHistory = db.prepare<[string], HistoryRow>(
    'SELECT status, at, note, made_by FROM order_history WHERE order_id = ? ORDER BY position',
  )
  const selectPage = db.prepare<[ListParams & { limit: number; offset: number }], OrderRow>(
    `SELECT * FROM orders WHERE ${LIST_WHERE}
      ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  )
  const countMatching = db
    .prepare<[ListParams], number>(`SELECT count(*) FROM orders WHERE ${LIST_WHERE}`)
    .pluck()
  const countStatuses = db.prepare<[], { status: string; count: number }>(
    'SELECT status, count(*) AS count FROM orders GROUP BY status',
  )
  const insertOrder = db.prepare(
    `INSERT INTO orders (id, user_id, email, email_key, first_name, last_name, phone,
       shipping_address, subtotal_cents, shipping_cents, total_cents, vat_cents, status,
       pf_payment_id, checkout_key, shipping, discounts, gift_cards, store_credit_cents,
       buyer_vat_number, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending_payment', NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertLine = db.prepare(
    `INSERT INTO order_lines (order_id, position, product_id, variant_id, options, name,
       unit_price_cents, quantity, image_url)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertHistory = db.prepare(
    `INSERT INTO order_history (order_id, position, status, at, note, made_by)
     VALUES (@orderId, (SELECT count(*) FROM order_history WHERE order_id = @orderId), @status,
       @at, @note, @by)`,
  )
  const updateMoved = db.prepare(
    `UPDATE orders SET status = @status, pf_payment_id = @pfPaymentId, shipment = @shipment,
       refund_needed = @refundNeeded, updated_at = @now WHERE id = @id`,
  )

  const updateInvoice = db.prepare<[{ invoice: string; invoicedAt: string; id: string }]>(
    `UPDATE orders SET invoice = @invoice, invoiced_at = @invoicedAt
      WHERE id = @id AND invoice IS NULL`,
  )
  const insertCreditNote = db.prepare<
    [{ number: string; orderId: string; refundId: string; issuedAt: string }]
  >(
    `INSERT INTO credit_notes (number, order_id, refund_id, issued_at)
     VALUES (@number, @orderId, @refundId, @issuedAt)`,
  )
  /** A period's page after the cursor (`''`s before the first page: every row is after them). */
  type PeriodParams = { from: string; to: string; afterAt: string; afterKey: string; limit: number }
  const selectInvoiced = db.prepare<[PeriodParams], OrderRow>(
    `SELECT * FROM orders
      WHERE invoiced_at >= @from AND invoiced_at < @to AND (invoiced_at, id) > (@afterAt, @afterKey)
      ORDER BY invoiced_at, id LIMIT @limit`,
  )
  const selectCreditNotes = db.prepare<
    [PeriodParams],
    { number: string; order_id: string; refund_id: string; issued_at: string }
  >(
    `SELECT number, order_id, refund_id, issued_at FROM credit_notes
      WHERE issued_at >= @from AND issued_at < @to AND (issued_at, number) > (@afterAt, @afterKey)
      ORDER BY issued_at, number LIMIT @limit`,
  )

  const updateRefunds = db.prepare(
    'UPDATE orders SET refunds = @refunds, status = @status, updated_at = @now WHERE id = @id',
  )

  const updateReturns = db.prepare(
    'UPDATE orders SET returns = @returns, updated_at = @now WHERE id = @id',
  )

  const toOrder = (row: OrderRow): Order => ({
    id: row.id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    shippingAddress: JSON.parse(row.shipping_address) as Address,
    lines: selectLines.all(row.id).map((line): OrderLine => ({
      productId: line.product_id,
      variantId: line.variant_id ?? line.product_id,
      name: line.name,
      options: JSON.parse(line.options) as OptionValue[],
      unitPriceCents: line.unit_price_cents,
      quantity: line.quantity,
      imageUrl: line.image_url,
    })),
    subtotalCents: row.subtotal_cents,
    shippingCents: row.shipping_cents,
    totalCents: row.total_cents,
    vatCents: row.vat_cents,
    status: row.status as OrderStatus,
    history: selectHistory.all(row.id).map((h): OrderHistoryEntry => ({
      status: h.status as OrderStatus,
      at: h.at,
      note: h.note,
      by: h.made_by,
    })),
    pfPaymentId: row.pf_payment_id,
    refundNeeded: row.refund_needed === 1,
    shipment: row.shipment === null ? null : (JSON.parse(row.shipment) as Shipment),
    shipping: row.shipping === null ? null : (JSON.parse(row.shipping) as Order['shipping']),
    ...bobgoFields(row),
    discounts: JSON.parse(row.discounts) as Order['discounts'],
    giftCards: JSON.parse(row.gift_cards) as Order['giftCards'],
    storeCreditCents: row.store_credit_cents,
    returns: JSON.parse(row.returns) as Order['returns'],
    refunds: JSON.parse(row.refunds ?? '[]') as Order['refunds'],
    buyerVatNumber: row.buyer_vat_number ?? null,
    invoice: row.invoice === null ? null : (JSON.parse(row.invoice) as Order['invoice']),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  })

  return {
    async place(draft, id) {
      const at = context.now()
      const wanted = wantedPerVariant(draft)
      const claimed = orderClaims(draft)
      const placed = db
        .transaction((): Order => {
          // The checkout key is checked inside the same immediate transaction that would claim it,
          // so a second placement of one checkout waits for the first and then finds its order.
          const existing = draft.checkoutKey
            ? selectByCheckoutKey.get(draft.checkoutKey)
            : undefined
          if (existing) return toOrder(existing)
          const shortages: OutOfStockError['shortages'] = []
          for (const [variantId, { productId, quantity }] of wanted) {
            const variant = selectVariant.get(variantId)
            // A variant id must belong to the line's product, or one product's stock could pay for
            // another's; a product off sale (back office) sells nothing, as if sold out.
            const onSale = context.selectProduct.get(productId)?.active === 1
            const available = onSale && variant?.product_id === productId ? variant.stock : 0
            if (available < quantity) {
              shortages.push({ productId, variantId, requested: quantity, available })
            }
          }
          if (shortages.length) throw new OutOfStockError(shortages)
          for (const [variantId, { quantity }] of wanted) {
            context.addVariantStock(variantId, -quantity, at)
          }
          // In the stock's transaction: a refused claim or hold throws, and nothing of the order
          // (its stock included) is written.
          claims.claim(id, draft, claimed.discounts, at)
          const giftCards = holds.hold(id, draft.userId, claimed, at)
          insertOrder.run(
            id,
            draft.userId,
            draft.email,
            emailKey(draft.email),
            draft.firstName,
            draft.lastName,
            draft.phone,
            JSON.stringify(draft.shippingAddress),
            draft.subtotalCents,
            draft.shippingCents,
            draft.totalCents,
            draft.vatCents,
            draft.checkoutKey ?? null,
            draft.shipping ? JSON.stringify(draft.shipping) : null,
            JSON.stringify(claimed.discounts),
            JSON.stringify(giftCards),
            claimed.storeCreditCents,
            draft.buyerVatNumber ?? null,
            at,
            at,
          )
          draft.lines.forEach((line, position) =>
            insertLine.run(
              id,
              position,
              line.productId,
              line.variantId,
              JSON.stringify(line.options),
              line.name,
              line.unitPriceCents,
              line.quantity,
              line.imageUrl,
            ),
          )
          insertHistory.run({ orderId: id, status: 'pending_payment', at, note: null, by: null })
          return toOrder(selectOrder.get(id)!)
        })
        .immediate()
      context.emitProducts([...wanted.values()].map((line) => line.productId))
      return placed
    },
    async get(id) {
      const row = selectOrder.get(id)
      return row ? toOrder(row) : null
    },
    async listForUser(userId) {
      return selectForUser.all(userId).map(toOrder)
    },
    async findByCheckoutKey(checkoutKey) {
      const row = selectByCheckoutKey.get(checkoutKey)
      return row ? toOrder(row) : null
    },
    async listRefundNeeded() {
      return selectRefundNeeded.all().map(toOrder)
    },
    async list({ status, q, offset, limit }) {
      assertPage({ offset, limit })
      const search = orderSearch(q)
      const params: ListParams = {
        status: status ?? null,
        id: search?.id ?? null,
        emailKey: search?.emailKey ?? null,
      }
      // One read transaction, so the page and its total agree.
      return db.transaction(() => ({
        items: selectPage.all({ ...params, limit, offset }).map(toOrder),
        total: countMatching.get(params)!,
      }))()
    },
    async countByStatus() {
      const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
        OrderStatus,
        number
      >
      for (const { status, count } of countStatuses.all()) counts[status as OrderStatus] = count
      return counts
    },
    async saveMove(id, decide, mail) {
      let released: string[] = []
      let mailAdded = 0
      const saved = db
        .transaction(() => {
          const row = selectOrder.get(id)
          if (!row) return null
          const order = toOrder(row)
          const decision = decide(order)
          if (decision.kind !== 'change') return { order, decision }
          const { change } = decision
          const at = context.now()
          updateMoved.run({
            status: change.status,
            pfPaymentId: change.pfPaymentId,
            shipment: change.shipment ? JSON.stringify(change.shipment) : null,
            refundNeeded: change.refundNeeded ? 1 : 0,
            now: at,
            id,
          })
          insertHistory.run({ orderId: id, ...change.entry, at })
          if (change.releaseStock) {
            for (const line of order.lines)
              context.addVariantStock(line.variantId, line.quantity, at)
            released = order.lines.map((line) => line.productId)
          }
          if (change.releaseClaims) {
            claims.release(id, at)
            holds.release(order, at)
          }
          if (change.spendHolds) holds.spend(order, at)
          if (change.issueInvoice && order.invoice === null) {
            const number = documentNumber('INV', nextInSequence(db, 'invoice'))
            updateInvoice.run({
              invoice: JSON.stringify({ number, issuedAt: at }),
              invoicedAt: at,
              id,
            })
          }
          // The move's mail, in the move's transaction: kept only if the move is.
          mailAdded = writeMail(mail, at)
          return { order: toOrder(selectOrder.get(id)!), decision }
        })
        .immediate()
      context.emitProducts(released)
      if (mailAdded) mailEnqueued()
      return saved
    },
    async listPendingBefore(createdBefore) {
      return selectStale.all(iso(createdBefore)).map(toOrder)
    },
    async listInvoiced(query) {
      const after = decodePeriodCursor(query.after)
      const items = selectInvoiced
        .all({
          ...periodBounds(query),
          afterAt: after?.at ?? '',
          afterKey: after?.key ?? '',
          limit: query.limit,
        })
        .map(toOrder)
      return {
        items,
        next: nextCursor(items, query.limit, (o) => ({ at: o.invoice!.issuedAt, key: o.id })),
      }
    },
    async listCreditNotes(query) {
      const after = decodePeriodCursor(query.after)
      // One read transaction, so each note finds its order as it was when the note was listed.
      const items = db.transaction(() =>
        selectCreditNotes
          .all({
            ...periodBounds(query),
            afterAt: after?.at ?? '',
            afterKey: after?.key ?? '',
            limit: query.limit,
          })
          .map((row) => {
            const order = toOrder(selectOrder.get(row.order_id)!)
            const refund = order.refunds.find((r) => r.creditNote?.number === row.number)!
            return { order, refund: { ...refund, creditNote: refund.creditNote! } }
          }),
      )()
      return {
        items,
        next: nextCursor(items, query.limit, (note) => ({
          at: note.refund.creditNote.issuedAt,
          key: note.refund.creditNote.number,
        })),
      }
    },
    async emailsInvoicedBefore(emails, before) {
      const keys = [...new Set(emails.map(emailKey))]
      const found = new Set<string>()
      // SQLite binds at most 32 766 values; a report asks about far fewer at once.
      for (let start = 0; start < keys.length; start += 500) {
        const chunk = keys.slice(start, start + 500)
        const rows = db
          .prepare<string[], string>(
            `SELECT DISTINCT email_key FROM orders
              WHERE email_key IN (${chunk.map(() => '?').join(', ')}) AND invoiced_at < ?`,
          )
          .pluck()
          .all(...chunk, iso(before))
        for (const key of rows) found.add(key)
      }
      return found
    },
    async saveRefund(id, decide, mail) {
      let restocked: string[] = []
      let mailAdded = 0
      const saved = db
        .transaction(() => {
          const row = selectOrder.get(id)
          if (!row) return null
          const order = toOrder(row)
          const at = context.now()
          const decision = decide(order, at)
          if (decision.kind !== 'change') return { order, decision }
          let change = decision.change
          if (change.issueCreditNote) {
            // The credit note's number, from the gap-free counter, in the refund's transaction.
            const creditNote = {
              number: documentNumber('CN', nextInSequence(db, 'credit_note')),
              issuedAt: at,
            }
            const refund = { ...change.refund, creditNote }
            change = { ...change, refund, refunds: [...change.refunds.slice(0, -1), refund] }
            insertCreditNote.run({ ...creditNote, orderId: id, refundId: refund.id })
          }
          updateRefunds.run({
            refunds: JSON.stringify(change.refunds),
            status: change.status,
            now: at,
            id,
          })
          insertHistory.run({ orderId: id, ...change.entry, at })
          for (const line of change.restock) {
            context.addVariantStock(line.variantId, line.quantity, at)
          }
          restocked = order.lines
            .filter((line) => change.restock.some((r) => r.variantId === line.variantId))
            .map((line) => line.productId)
          holds.giveBack(order.id, change.toCards, change.storeCredit, at, change.entry.by)
          const after = toOrder(selectOrder.get(id)!)
          // The refund's mail, in its transaction: kept only if the refund is.
          mailAdded = writeMail(mail(after, change), at)
          return { order: after, decision: { kind: 'change' as const, change } }
        })
        .immediate()
      if (restocked.length) context.emitProducts(restocked)
      if (mailAdded) mailEnqueued()
      return saved
    },
    async saveReturn(id, decide, mail) {
      let restocked: string[] = []
      let mailAdded = 0
      const saved = db
        .transaction(() => {
          const row = selectOrder.get(id)
          if (!row) return null
          const order = toOrder(row)
          const at = context.now()
          const decision = decide(order, at)
          if (decision.kind !== 'change') return { order, decision }
          const { change } = decision
          updateReturns.run({ returns: JSON.stringify(change.returns), now: at, id })
          insertHistory.run({ orderId: id, ...change.entry, at })
          for (const line of change.restock) {
            context.addVariantStock(line.variantId, line.quantity, at)
          }
          restocked = order.lines
            .filter((line) => change.restock.some((r) => r.variantId === line.variantId))
            .map((line) => line.productId)
          const after = toOrder(selectOrder.get(id)!)
          // The return's mail, in its transaction: kept only if the move is.
          mailAdded = writeMail(mail(after, change), at)
          return { order: after, decision }
        })
        .immediate()
      if (restocked.length) context.emitProducts(restocked)
      if (mailAdded) mailEnqueued()
      return saved
    },
  }
}
