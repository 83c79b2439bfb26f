import { FieldPath, type Query } from 'firebase-admin/firestore'

import { documentNumber } from '~/lib/documents/numbers'

import {
  assertPage,
  emailKey,
  iso,
  orderSearch,
  safeDocId,
  wantedPerVariant,
} from '../rules.server'
import { mailEnqueued } from '../outbox.server'
import { decodePeriodCursor, nextCursor, periodBounds } from '../period-pages'
import { orderClaims } from '../promotions.server'
import { OutOfStockError, type OrderStore, type PeriodPageRequest } from '../store'
import {
  ORDER_STATUSES,
  type Order,
  type OrderHistoryEntry,
  type OrderStatus,
  type Shipment,
} from '../types'
import type { FirestoreContext } from './context.server'
import { prepareDiscountClaims, prepareDiscountRelease } from './discounts.server'
import { prepareGiveBack, prepareHolds, prepareSettle } from './gift-cards.server'
import { stageOutbox } from './outbox.server'
import { productFromDoc, variantStockUpdate } from './products.server'
import { nextInSequence } from './sequences.server'

type CheckoutKeyDoc = { orderId: string; createdAt: string }

/** The `creditNotes` document of one credit note (by its number). */
type CreditNoteDoc = { number: string; orderId: string; refundId: string; issuedAt: string }

/** Firestore's `in` takes at most 30 values. */
const IN_LIMIT = 30

type StoredLine = Omit<Order['lines'][number], 'variantId' | 'options'> &
  Partial<Pick<Order['lines'][number], 'variantId' | 'options'>>

/**
 * An order document as stored: the order and the key the back office finds its email by. Documents
 * written before the refund flag existed lack it; lines written before product options existed lack
 * their variant (the product's one variant); those written before the back office lack the
 * shipment, the email key and who made each move (nobody); those written before shipping methods
 * lack the chosen method (standard delivery); those written before Bob Go lack its sync state
 * and shipments (none); those written before promotions lack their discounts, gift cards and store
 * credit (none).
 */
type OrderDoc = Order & { emailKey: string }

const toOrder = (data: unknown): Order => {
  const { emailKey: _key, ...order } = data as Omit<
    OrderDoc,
    | 'refundNeeded'
    | 'lines'
    | 'history'
    | 'shipment'
    | 'shipping'
    | 'shipments'
    | 'bobgo'
    | 'discounts'
    | 'giftCards'
    | 'storeCreditCents'
    | 'returns'
    | 'refunds'
    | 'buyerVatNumber'
    | 'invoice'
    | 'emailKey'
  > & {
    refundNeeded?: boolean
    lines: StoredLine[]
    history: (Omit<OrderHistoryEntry, 'by'> & { by?: string | null })[]
    shipment?: Shipment | null
    shipping?: Order['shipping']
    shipments?: Order['shipments']
    bobgo?: Order['bobgo']
    discounts?: Order['discounts']
    giftCards?: Order['giftCards']
    storeCreditCents?: number
    returns?: Order['returns']
    refunds?: Order['refunds']
    buyerVatNumber?: string | null
    invoice?: Order['invoice']
    emailKey?: string
  }
  return {
    ...order,
    lines: order.lines.map((line) => ({
      ...line,
      variantId: line.variantId ?? line.productId,
      options: line.options ?? [],
    })),
    history: order.history.map((entry) => ({ ...entry, by: entry.by ?? null })),
    refundNeeded: order.refundNeeded ?? false,
    shipment: order.shipment ?? null,
    shipping: order.shipping ?? null,
    shipments: order.shipments ?? [],
    bobgo: order.bobgo ?? null,
    discounts: order.discounts ?? [],
    giftCards: order.giftCards ?? [],
    storeCreditCents: order.storeCreditCents ?? 0,
    returns: order.returns ?? [],
    refunds: order.refunds ?? [],
    buyerVatNumber: order.buyerVatNumber ?? null,
    invoice: order.invoice ?? null,
  }
}

const toDoc = (order: Order): OrderDoc => ({ ...order, emailKey: emailKey(order.email) })

/** Whether Firestore takes this text as a document id (a search may hold anything staff type). */
const canBeDocId = (id: string) =>
  !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id)

/** Newest first, as the back office lists orders; ties by id, as Firestore breaks them. */
const newestFirst = (a: Order, b: Order) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)

/** Orders are one document each, their lines and history embedded. */
export function createOrderStore(context: FirestoreContext): OrderStore {
  const { col, transaction, now } = context
  return {
    async place(draft, id) {
      const at = now()
      const wanted = wantedPerVariant(draft)
      const claimed = orderClaims(draft)
      return transaction(async (tx) => {
        // Reads before writes: the checkout key first. Its document is created below in this same
        // transaction, so of two placements of one checkout the second retries and finds the first.
        const keyRef = draft.checkoutKey ? col.checkoutKeys.doc(safeDocId(draft.checkoutKey)) : null
        const keySnap = keyRef ? await tx.get(keyRef) : null
        if (keySnap?.exists) {
          const placed = await tx.get(col.orders.doc((keySnap.data() as CheckoutKeyDoc).orderId))
          if (placed.exists) return toOrder(placed.data())
        }
        const productIds = [...new Set([...wanted.values()].map((line) => line.productId))]
        const snaps = await tx.getAll(...productIds.map((productId) => col.products.doc(productId)))
        const products = new Map(
          snaps.filter((snap) => snap.exists).map((snap) => [snap.id, productFromDoc(snap.data())]),
        )
        const shortages: OutOfStockError['shortages'] = []
        const stockById = new Map<string, number>()
        for (const [variantId, { productId, quantity }] of wanted) {
          const product = products.get(productId)
          // A product off sale (back office) sells nothing, as if sold out.
          const variant = product?.active ? product.variants.find((v) => v.id === variantId) : null
          const available = variant?.stock ?? 0
          stockById.set(variantId, available - quantity)
          if (available < quantity) {
            shortages.push({ productId, variantId, requested: quantity, available })
          }
        }
        if (shortages.length) throw new OutOfStockError(shortages)
        // Still reading: a discount that cannot be claimed, or a balance that cannot pay, throws
        // before anything of the order (its stock included) is written.
        const writeClaims = await prepareDiscountClaims(
          tx,
          context,
          id,
          draft,
          claimed.discounts,
          at,
        )
        const holds = await prepareHolds(tx, col, id, draft.userId, claimed, at)
        for (const [productId, product] of products) {
          tx.update(col.products.doc(productId), {
            ...variantStockUpdate(product, stockById),
            updatedAt: at,
          })
        }
        const order: Order = {
          id,
          userId: draft.userId,
          email: draft.email,
          firstName: draft.firstName,
          lastName: draft.lastName,
          phone: draft.phone,
          shippingAddress: draft.shippingAddress,
          lines: draft.lines.map((line) => ({
            productId: line.productId,
            variantId: line.variantId,
            name: line.name,
            options: line.options.map((option) => ({ name: option.name, value: option.value })),
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
            imageUrl: line.imageUrl,
          })),
          subtotalCents: draft.subtotalCents,
          shippingCents: draft.shippingCents,
          totalCents: draft.totalCents,
          vatCents: draft.vatCents,
          status: 'pending_payment',
          history: [{ status: 'pending_payment', at, note: null, by: null }],
          invoice: null,
          pfPaymentId: null,
          refundNeeded: false,
          shipment: null,
          // Plain JSON: Firestore refuses undefined values.
          shipping: draft.shipping
            ? (JSON.parse(JSON.stringify(draft.shipping)) as Order['shipping'])
            : null,
          shipments: [],
          bobgo: null,
          // Plain JSON copies, made by orderClaims.
          discounts: claimed.discounts,
          giftCards: holds.giftCards,
          storeCreditCents: claimed.storeCreditCents,
          returns: [],
          refunds: [],
          buyerVatNumber: draft.buyerVatNumber ?? null,
          createdAt: at,
          updatedAt: at,
        }
        tx.create(col.orders.doc(id), toDoc(order))
        writeClaims()
        holds.write()
        if (keyRef) tx.set(keyRef, { orderId: id, createdAt: at } satisfies CheckoutKeyDoc)
        return order
      })
    },
    async get(id) {
      const snap = await col.orders.doc(id).get()
      return snap.exists ? toOrder(snap.data()) : null
    },
    async listForUser(userId) {
      const snap = await col.orders.where('userId', '==', userId).orderBy('createdAt', 'desc').get()
      return snap.docs.map((doc) => toOrder(doc.data()))
    },
    async findByCheckoutKey(checkoutKey) {
      const key = await col.checkoutKeys.doc(safeDocId(checkoutKey)).get()
      if (!key.exists) return null
      const snap = await col.orders.doc((key.data() as CheckoutKeyDoc).orderId).get()
      return snap.exists ? toOrder(snap.data()) : null
    },
    async listRefundNeeded() {
      // Equality only (no composite index); the list is short, so it is sorted here.
      const snap = await col.orders.where('refundNeeded', '==', true).get()
      return snap.docs
        .map((doc) => toOrder(doc.data()))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    },
    async list({ status, q, offset, limit }) {
      assertPage({ offset, limit })
      const search = orderSearch(q)
      // Longer than any email (254) or order id: nothing to find, and production Firestore refuses
      // query values over 1500 bytes.
      if (search && search.text.length > 254) return { items: [], total: 0 }
      if (search) {
        // A search finds a handful of orders: the one with that id and those of that email, read
        // whole, then filtered and paged here. Documents stored before the email key existed are
        // found by their email as typed, or as its key.
        const [byId, byKey, byEmail] = await Promise.all([
          canBeDocId(search.id) ? col.orders.doc(search.id).get() : null,
          col.orders.where('emailKey', '==', search.emailKey).get(),
          col.orders.where('email', 'in', [...new Set([search.text, search.emailKey])]).get(),
        ])
        const found = new Map<string, Order>()
        for (const doc of [byId, ...byKey.docs, ...byEmail.docs]) {
          if (doc?.exists) found.set(doc.id, toOrder(doc.data()))
        }
        const matching = [...found.values()]
          .filter((order) => !status || order.status === status)
          .sort(newestFirst)
        return { items: matching.slice(offset, offset + limit), total: matching.length }
      }
      const matching = status ? col.orders.where('status', '==', status) : col.orders
      const [snap, count] = await Promise.all([
        matching.orderBy('createdAt', 'desc').offset(offset).limit(limit).get(),
        matching.count().get(),
      ])
      return { items: snap.docs.map((doc) => toOrder(doc.data())), total: count.data().count }
    },
    async countByStatus() {
      const counts = await Promise.all(
        ORDER_STATUSES.map(async (status) => {
          const count = await col.orders.where('status', '==', status).count().get()
          return [status, count.data().count] as const
        }),
      )
      return Object.fromEntries(counts) as Record<OrderStatus, number>
    },
    async saveMove(id, decide, mail) {
      const ref = col.orders.doc(id)
      const saved = await transaction(async (tx) => {
        // All reads before any write: the order, the mail's keys, the products it gives back to.
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const order = toOrder(snap.data())
        const decision = decide(order)
        if (decision.kind !== 'change') return { order, decision, mailAdded: 0 }
        const { change } = decision
        const at = now()
        const writeMail = await stageOutbox(tx, col.outbox, mail, at)
        const productSnaps = change.releaseStock
          ? await tx.getAll(...new Set(order.lines.map((line) => col.products.doc(line.productId))))
          : []
        const writeRelease = change.releaseClaims
          ? await prepareDiscountRelease(tx, context, order, at)
          : () => {}
        const settle = change.releaseClaims
          ? await prepareSettle(tx, col, order, 'release', at)
          : change.spendHolds
            ? await prepareSettle(tx, col, order, 'spend', at)
            : () => {}
        // Last of the reads: the invoice counter is read and advanced in this transaction.
        const invoice =
          change.issueInvoice && order.invoice === null
            ? {
                number: documentNumber('INV', await nextInSequence(tx, context.db, 'invoice')),
                issuedAt: at,
              }
            : order.invoice
        const next: Order = {
          ...order,
          invoice,
          status: change.status,
          pfPaymentId: change.pfPaymentId,
          shipment: change.shipment,
          refundNeeded: change.refundNeeded,
          history: [...order.history, { ...change.entry, at }],
          updatedAt: at,
        }
        tx.set(ref, toDoc(next))
        if (productSnaps.length) {
          const back = new Map<string, number>()
          for (const line of order.lines)
            back.set(line.variantId, (back.get(line.variantId) ?? 0) + line.quantity)
          for (const productSnap of productSnaps) {
            // A product (or variant) removed since the order was placed has no stock to give back.
            if (!productSnap.exists) continue
            const product = productFromDoc(productSnap.data())
            const stockById = new Map(
              product.variants.map((v) => [v.id, v.stock + (back.get(v.id) ?? 0)] as const),
            )
            tx.update(productSnap.ref, { ...variantStockUpdate(product, stockById), updatedAt: at })
          }
        }
        writeRelease()
        settle()
        return { order: next, decision, mailAdded: writeMail() }
      })
      if (!saved) return null
      if (saved.mailAdded) mailEnqueued()
      return { order: saved.order, decision: saved.decision }
    },
    async saveRefund(id, decide, mail) {
      const ref = col.orders.doc(id)
      const saved = await transaction(async (tx) => {
        // All reads before any write: the order, the mail's keys, the products, cards and credit.
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const order = toOrder(snap.data())
        const at = now()
        const decision = decide(order, at)
        if (decision.kind !== 'change') return { order, decision, mailAdded: 0 }
        let change = decision.change
        const staged: Order = { ...order, status: change.status, refunds: change.refunds }
        // The mail names no credit note number, so its keys are read before the counter moves.
        const writeMail = await stageOutbox(tx, col.outbox, mail(staged, change), at)
        const back = new Map<string, number>()
        for (const line of change.restock) {
          back.set(line.variantId, (back.get(line.variantId) ?? 0) + line.quantity)
        }
        const productIds = new Set(
          order.lines.filter((line) => back.has(line.variantId)).map((line) => line.productId),
        )
        const productSnaps = productIds.size
          ? await tx.getAll(...[...productIds].map((productId) => col.products.doc(productId)))
          : []
        const giveBack = await prepareGiveBack(
          tx,
          col,
          order.id,
          change.toCards,
          change.storeCredit,
          at,
          change.entry.by,
        )
        if (change.issueCreditNote) {
          // Last: it reads and writes the gap-free counter.
          const creditNote = {
            number: documentNumber('CN', await nextInSequence(tx, context.db, 'credit_note')),
            issuedAt: at,
          }
          const refund = { ...change.refund, creditNote }
          change = { ...change, refund, refunds: [...change.refunds.slice(0, -1), refund] }
          tx.create(col.creditNotes.doc(creditNote.number), {
            ...creditNote,
            orderId: order.id,
            refundId: refund.id,
          } satisfies CreditNoteDoc)
        }
        const next: Order = {
          ...order,
          status: change.status,
          // Plain JSON: Firestore refuses undefined values.
          refunds: JSON.parse(JSON.stringify(change.refunds)) as Order['refunds'],
          history: [...order.history, { ...change.entry, at }],
          updatedAt: at,
        }
        tx.set(ref, toDoc(next))
        for (const productSnap of productSnaps) {
          // A product removed since the order was placed has no stock to take back.
          if (!productSnap.exists) continue
          const product = productFromDoc(productSnap.data())
          const stockById = new Map(
            product.variants.map((v) => [v.id, v.stock + (back.get(v.id) ?? 0)] as const),
          )
          tx.update(productSnap.ref, { ...variantStockUpdate(product, stockById), updatedAt: at })
        }
        giveBack()
        return {
          order: next,
          decision: { kind: 'change' as const, change },
          mailAdded: writeMail(),
        }
      })
      if (!saved) return null
      if (saved.mailAdded) mailEnqueued()
      return { order: saved.order, decision: saved.decision }
    },
    async saveReturn(id, decide, mail) {
      const ref = col.orders.doc(id)
      const saved = await transaction(async (tx) => {
        // All reads before any write: the order, the mail's keys, the products taking stock back.
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const order = toOrder(snap.data())
        const at = now()
        const decision = decide(order, at)
        if (decision.kind !== 'change') return { order, decision, mailAdded: 0 }
        const { change } = decision
        const next: Order = {
          ...order,
          // Plain JSON: Firestore refuses undefined values.
          returns: JSON.parse(JSON.stringify(change.returns)) as Order['returns'],
          history: [...order.history, { ...change.entry, at }],
          updatedAt: at,
        }
        const writeMail = await stageOutbox(tx, col.outbox, mail(next, change), at)
        const back = new Map<string, number>()
        for (const line of change.restock) {
          back.set(line.variantId, (back.get(line.variantId) ?? 0) + line.quantity)
        }
        const productIds = new Set(
          order.lines.filter((line) => back.has(line.variantId)).map((line) => line.productId),
        )
        const productSnaps = productIds.size
          ? await tx.getAll(...[...productIds].map((productId) => col.products.doc(productId)))
          : []
        tx.set(ref, toDoc(next))
        for (const productSnap of productSnaps) {
          // A product removed since the order was placed has no stock to take back.
          if (!productSnap.exists) continue
          const product = productFromDoc(productSnap.data())
          const stockById = new Map(
            product.variants.map((v) => [v.id, v.stock + (back.get(v.id) ?? 0)] as const),
          )
          tx.update(productSnap.ref, { ...variantStockUpdate(product, stockById), updatedAt: at })
        }
        return { order: next, decision, mailAdded: writeMail() }
      })
      if (!saved) return null
      if (saved.mailAdded) mailEnqueued()
      return { order: saved.order, decision: saved.decision }
    },
    async listInvoiced(query) {
      const snap = await periodPage(col.orders, 'invoice.issuedAt', query).get()
      const items = snap.docs.map((doc) => toOrder(doc.data()))
      return {
        items,
        next: nextCursor(items, query.limit, (o) => ({ at: o.invoice!.issuedAt, key: o.id })),
      }
    },
    async listCreditNotes(query) {
      const notes = (await periodPage(col.creditNotes, 'issuedAt', query).get()).docs.map(
        (doc) => doc.data() as CreditNoteDoc,
      )
      const orderIds = [...new Set(notes.map((note) => note.orderId))]
      const orderSnaps = orderIds.length
        ? await context.db.getAll(...orderIds.map((id) => col.orders.doc(id)))
        : []
      const orders = new Map(
        orderSnaps.filter((s) => s.exists).map((s) => [s.id, toOrder(s.data())] as const),
      )
      const items = notes.flatMap((note) => {
        const order = orders.get(note.orderId)
        const refund = order?.refunds.find((r) => r.creditNote?.number === note.number)
        return order && refund?.creditNote
          ? [{ order, refund: { ...refund, creditNote: refund.creditNote } }]
          : []
      })
      // The cursor follows the notes read, so a note whose order is gone is passed, not repeated.
      return {
        items,
        next: nextCursor(notes, query.limit, (note) => ({ at: note.issuedAt, key: note.number })),
      }
    },
    async emailsInvoicedBefore(emails, before) {
      const keys = [...new Set(emails.map(emailKey))]
      const chunks: string[][] = []
      for (let start = 0; start < keys.length; start += IN_LIMIT) {
        chunks.push(keys.slice(start, start + IN_LIMIT))
      }
      const found = new Set<string>()
      // Composite index (emailKey, invoice.issuedAt) in firestore.indexes.json.
      const snaps = await Promise.all(
        chunks.map((chunk) =>
          col.orders
            .where('emailKey', 'in', chunk)
            .where('invoice.issuedAt', '<', iso(before))
            .select('emailKey')
            .get(),
        ),
      )
      for (const snap of snaps) {
        for (const doc of snap.docs) found.add(doc.get('emailKey') as string)
      }
      return found
    },
    async listPendingBefore(createdBefore) {
      const stale = await col.orders
        .where('status', '==', 'pending_payment')
        .where('createdAt', '<', iso(createdBefore))
        .get()
      return stale.docs.map((doc) => toOrder(doc.data()))
    },
  }
}

/**
 * One page of `collection` whose `field` (an ISO time) lies in the request's period, oldest first
 * and then by document id, after the request's cursor: a range and an order on one field, which
 * single-field indexes serve.
 */
function periodPage(collection: Query, field: string, query: PeriodPageRequest): Query {
  const { from, to } = periodBounds(query)
  const after = decodePeriodCursor(query.after)
  let page = collection
    .where(field, '>=', from)
    .where(field, '<', to)
    .orderBy(field)
    .orderBy(FieldPath.documentId())
  if (after) page = page.startAfter(after.at, after.key)
  return page.limit(query.limit)
}
