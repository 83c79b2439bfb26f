import type { DocumentReference, Transaction } from 'firebase-admin/firestore'

import {
  EXPIRED_NOTE,
  assertLatePayable,
  assertTransition,
  iso,
  latePaymentNote,
  releasesStock,
  safeDocId,
  wantedPerVariant,
} from '../rules.server'
import { OutOfStockError, type OrderStore } from '../store'
import type { Order, OrderStatus } from '../types'
import type { FirestoreContext } from './context.server'
import { productFromDoc, variantStockUpdate } from './products.server'

type TransitionOptions = { now: string; note?: string; pfPaymentId?: string }

type CheckoutKeyDoc = { orderId: string; createdAt: string }

type StoredLine = Omit<Order['lines'][number], 'variantId' | 'options'> &
  Partial<Pick<Order['lines'][number], 'variantId' | 'options'>>

/**
 * An order document as stored; those written before the refund flag existed lack it, and lines
 * written before product options existed lack their variant (the product's one variant).
 */
const toOrder = (data: unknown): Order => {
  const order = data as Omit<Order, 'refundNeeded' | 'lines'> & {
    refundNeeded?: boolean
    lines: StoredLine[]
  }
  return {
    ...order,
    lines: order.lines.map((line) => ({
      ...line,
      variantId: line.variantId ?? line.productId,
      options: line.options ?? [],
    })),
    refundNeeded: order.refundNeeded ?? false,
  }
}

/** Orders are one document each, their lines and history embedded. */
export function createOrderStore({ col, transaction }: FirestoreContext): OrderStore {
  /** Reads, validates and writes one transition inside `tx`. All reads happen before any write. */
  const transitionIn = async (
    tx: Transaction,
    ref: DocumentReference,
    to: OrderStatus,
    options: TransitionOptions,
  ): Promise<Order> => {
    const snap = await tx.get(ref)
    if (!snap.exists) throw new Error(`Unknown order ${ref.id}`)
    const order = toOrder(snap.data())
    assertTransition(order.id, order.status, to)
    const productSnaps = releasesStock(to)
      ? await tx.getAll(...new Set(order.lines.map((line) => col.products.doc(line.productId))))
      : []
    const next: Order = {
      ...order,
      status: to,
      pfPaymentId: options.pfPaymentId ?? order.pfPaymentId,
      history: [...order.history, { status: to, at: options.now, note: options.note ?? null }],
      updatedAt: options.now,
    }
    tx.set(ref, next)
    if (productSnaps.length) {
      const back = new Map<string, number>()
      for (const line of order.lines)
        back.set(line.variantId, (back.get(line.variantId) ?? 0) + line.quantity)
      for (const snap of productSnaps) {
        // A product (or variant) removed since the order was placed has no stock to give back.
        if (!snap.exists) continue
        const product = productFromDoc(snap.data())
        const stockById = new Map(
          product.variants.map((v) => [v.id, v.stock + (back.get(v.id) ?? 0)] as const),
        )
        tx.update(snap.ref, { ...variantStockUpdate(product, stockById), updatedAt: options.now })
      }
    }
    return next
  }

  return {
    async place(draft, id, now) {
      const at = iso(now)
      const wanted = wantedPerVariant(draft)
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
          const variant = products.get(productId)?.variants.find((v) => v.id === variantId)
          const available = variant?.stock ?? 0
          stockById.set(variantId, available - quantity)
          if (available < quantity) {
            shortages.push({ productId, variantId, requested: quantity, available })
          }
        }
        if (shortages.length) throw new OutOfStockError(shortages)
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
          history: [{ status: 'pending_payment', at, note: null }],
          pfPaymentId: null,
          refundNeeded: false,
          createdAt: at,
          updatedAt: at,
        }
        tx.create(col.orders.doc(id), order)
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
    async flagLatePayment(id, { now, pfPaymentId }) {
      const at = iso(now)
      const note = latePaymentNote(pfPaymentId)
      const ref = col.orders.doc(id)
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) throw new Error(`Unknown order ${id}`)
        const order = toOrder(snap.data())
        assertLatePayable(id, order.status)
        if (order.history.some((entry) => entry.note === note)) return { order, flagged: false }
        const next: Order = {
          ...order,
          refundNeeded: true,
          pfPaymentId: order.pfPaymentId ?? pfPaymentId,
          history: [...order.history, { status: order.status, at, note }],
          updatedAt: at,
        }
        tx.set(ref, next)
        return { order: next, flagged: true }
      })
    },
    async listRefundNeeded() {
      // Equality only (no composite index); the list is short, so it is sorted here.
      const snap = await col.orders.where('refundNeeded', '==', true).get()
      return snap.docs
        .map((doc) => toOrder(doc.data()))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    },
    async transition(id, to, options) {
      const opts = { ...options, now: iso(options.now) }
      return transaction((tx) => transitionIn(tx, col.orders.doc(id), to, opts))
    },
    async expirePending(olderThan, now) {
      const at = iso(now)
      const stale = await col.orders
        .where('status', '==', 'pending_payment')
        .where('createdAt', '<', iso(olderThan))
        .get()
      let count = 0
      for (const doc of stale.docs) {
        // Each order in its own transaction: a payment that lands meanwhile must win, not fail the sweep.
        const expired = await transaction(async (tx) => {
          const current = await tx.get(doc.ref)
          if ((current.data() as Order | undefined)?.status !== 'pending_payment') return false
          await transitionIn(tx, doc.ref, 'cancelled', { now: at, note: EXPIRED_NOTE })
          return true
        })
        if (expired) count += 1
      }
      return count
    },
  }
}
