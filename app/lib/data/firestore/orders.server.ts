import type { DocumentReference, Transaction } from 'firebase-admin/firestore'

import {
  EXPIRED_NOTE,
  assertTransition,
  iso,
  releasesStock,
  wantedPerProduct,
} from '../rules.server'
import { OutOfStockError, type OrderStore } from '../store'
import type { Order, OrderStatus, Product } from '../types'
import type { FirestoreContext } from './context.server'

type TransitionOptions = { now: string; note?: string; pfPaymentId?: string }

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
    const order = snap.data() as Order
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
        back.set(line.productId, (back.get(line.productId) ?? 0) + line.quantity)
      for (const snap of productSnaps) {
        // A product removed since the order was placed has no stock to give back.
        if (!snap.exists) continue
        const stock = (snap.data() as Product).stock + (back.get(snap.id) ?? 0)
        tx.update(snap.ref, { stock, updatedAt: options.now })
      }
    }
    return next
  }

  return {
    async place(draft, id, now) {
      const at = iso(now)
      const wanted = wantedPerProduct(draft)
      return transaction(async (tx) => {
        const refs = [...wanted.keys()].map((productId) => col.products.doc(productId))
        const snaps = await tx.getAll(...refs)
        const shortages: OutOfStockError['shortages'] = []
        const stockById = new Map<string, number>()
        for (const snap of snaps) {
          const available = snap.exists ? (snap.data() as Product).stock : 0
          const requested = wanted.get(snap.id) ?? 0
          stockById.set(snap.id, available)
          if (available < requested) shortages.push({ productId: snap.id, requested, available })
        }
        if (shortages.length) throw new OutOfStockError(shortages)
        for (const [productId, requested] of wanted) {
          tx.update(col.products.doc(productId), {
            stock: (stockById.get(productId) ?? 0) - requested,
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
            name: line.name,
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
          createdAt: at,
          updatedAt: at,
        }
        tx.create(col.orders.doc(id), order)
        return order
      })
    },
    async get(id) {
      const snap = await col.orders.doc(id).get()
      return snap.exists ? (snap.data() as Order) : null
    },
    async listForUser(userId) {
      const snap = await col.orders.where('userId', '==', userId).orderBy('createdAt', 'desc').get()
      return snap.docs.map((doc) => doc.data() as Order)
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
