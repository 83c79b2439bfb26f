import type { App } from 'firebase-admin/app'
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore'

import {
  EXPIRED_NOTE,
  applyRating,
  assertRating,
  assertTransition,
  emailKey,
  iso,
  releasesStock,
  pickMessage,
  pickUser,
  reviewId,
  safeDocId,
  wantedPerProduct,
} from '../rules.server'
import {
  DuplicateEmailError,
  OutOfStockError,
  type CartStore,
  type CredentialStore,
  type LikedStore,
  type MessageStore,
  type OrderStore,
  type ProductChange,
  type ProductStore,
  type RateLimitStore,
  type ReviewStore,
  type Store,
  type UserStore,
} from '../store'
import type { CartLine, ContactMessage, Order, OrderStatus, Product, Review, User } from '../types'
import { closeFirestore, firestoreFor } from './app.server'
import { COLLECTIONS } from './collections.server'

/** Firestore's batch reads are limited in size; 100 keeps each request small. */
const GET_ALL_CHUNK = 100
/**
 * Checkout reserves stock on a few hot documents; under contention Firestore aborts and retries
 * transactions, and the default of 5 attempts is too few for a rush on the last units.
 */
const TRANSACTION_ATTEMPTS = 30

type ResetTokenDoc = { userId: string; expiresAt: string; usedAt: string | null }
type RateLimitDoc = { key: string; windowStart: number; count: number }

/**
 * Times are stored as ISO-8601 strings, the same as the domain types, so documents read back
 * without conversion and range queries compare lexicographically (every time passes through iso()).
 */
export function openFirestoreStore(projectId: string): Store {
  const { app, db } = firestoreFor(projectId)
  return createFirestoreStore(db, app)
}

export function createFirestoreStore(db: Firestore, app: App): Store {
  const col = {
    products: db.collection(COLLECTIONS.products),
    reviews: db.collection(COLLECTIONS.reviews),
    users: db.collection(COLLECTIONS.users),
    userEmails: db.collection(COLLECTIONS.userEmails),
    credentials: db.collection(COLLECTIONS.credentials),
    resetTokens: db.collection(COLLECTIONS.resetTokens),
    carts: db.collection(COLLECTIONS.carts),
    liked: db.collection(COLLECTIONS.liked),
    orders: db.collection(COLLECTIONS.orders),
    messages: db.collection(COLLECTIONS.messages),
    rateLimits: db.collection(COLLECTIONS.rateLimits),
  }
  const snapshotStops = new Set<() => void>()
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    db.runTransaction(fn, { maxAttempts: TRANSACTION_ATTEMPTS })

  const getMany = async (ids: readonly string[]): Promise<Product[]> => {
    const unique = [...new Set(ids)]
    const found: Product[] = []
    for (let i = 0; i < unique.length; i += GET_ALL_CHUNK) {
      const refs = unique.slice(i, i + GET_ALL_CHUNK).map((id) => col.products.doc(id))
      if (refs.length === 0) continue
      const snaps = await db.getAll(...refs)
      for (const snap of snaps) if (snap.exists) found.push(snap.data() as Product)
    }
    return found
  }

  const products: ProductStore = {
    async get(id) {
      const snap = await col.products.doc(id).get()
      return snap.exists ? (snap.data() as Product) : null
    },
    getMany,
    async all() {
      const snap = await col.products.orderBy('id').get()
      return snap.docs.map((doc) => doc.data() as Product)
    },
    async count() {
      const snap = await col.products.count().get()
      return snap.data().count
    },
    async upsertMany(list) {
      // A batch holds at most 500 writes.
      for (let i = 0; i < list.length; i += 400) {
        const batch = db.batch()
        for (const p of list.slice(i, i + 400)) {
          batch.set(col.products.doc(p.id), { ...p, createdAt: iso(p.createdAt), updatedAt: iso(p.updatedAt) })
        }
        await batch.commit()
      }
    },
    /**
     * A snapshot listener per subscriber. Its first snapshot is delivered as upserts of every
     * product: a catalogue that calls all() and then subscribe() would otherwise miss any change
     * made between the two calls. Later snapshots deliver only what changed, including writes
     * from other server instances.
     */
    subscribe(listener) {
      const stop = col.products.onSnapshot(
        (snap) => {
          const changes: ProductChange[] = snap.docChanges().map((change) =>
            change.type === 'removed'
              ? { type: 'delete', id: change.doc.id }
              : { type: 'upsert', product: change.doc.data() as Product },
          )
          if (changes.length === 0) return
          try {
            listener(changes)
          } catch (error) {
            console.error('A product change listener failed', error)
          }
        },
        (error) => console.error('The products snapshot listener stopped', error),
      )
      snapshotStops.add(stop)
      return () => {
        snapshotStops.delete(stop)
        stop()
      }
    },
  }

  const reviews: ReviewStore = {
    async listForProduct(productId, options) {
      let query = col.reviews.where('productId', '==', productId).orderBy('updatedAt', 'desc')
      if (options?.limit !== undefined) query = query.limit(options.limit)
      const snap = await query.get()
      return snap.docs.map((doc) => doc.data() as Review)
    },
    async getByUser(productId, userId) {
      const snap = await col.reviews.doc(reviewId(productId, userId)).get()
      return snap.exists ? (snap.data() as Review) : null
    },
    async upsert(input) {
      assertRating(input.rating)
      const id = reviewId(input.productId, input.userId)
      return transaction(async (tx) => {
        const now = new Date().toISOString()
        const productRef = col.products.doc(input.productId)
        const reviewRef = col.reviews.doc(id)
        const [productSnap, previousSnap] = await tx.getAll(productRef, reviewRef)
        if (!productSnap?.exists) throw new Error(`Unknown product ${input.productId}`)
        const previous = previousSnap?.exists ? (previousSnap.data() as Review) : null
        const review: Review = {
          id,
          productId: input.productId,
          userId: input.userId,
          authorName: input.authorName,
          rating: input.rating,
          title: input.title,
          body: input.body,
          createdAt: previous?.createdAt ?? now,
          updatedAt: now,
        }
        const rating = applyRating((productSnap.data() as Product).rating, previous?.rating ?? null, input.rating)
        tx.set(reviewRef, review)
        tx.update(productRef, { rating, updatedAt: now })
        return review
      })
    },
  }

  const readUser = async (id: string): Promise<User> => {
    const snap = await col.users.doc(id).get()
    if (!snap.exists) throw new Error(`Unknown user ${id}`)
    return snap.data() as User
  }

  const users: UserStore = {
    async get(id) {
      const snap = await col.users.doc(id).get()
      return snap.exists ? (snap.data() as User) : null
    },
    async getByEmail(email) {
      const claim = await col.userEmails.doc(safeDocId(emailKey(email))).get()
      if (!claim.exists) return null
      return users.get((claim.data() as { userId: string }).userId)
    },
    async create(input) {
      const claimRef = col.userEmails.doc(safeDocId(emailKey(input.email)))
      return transaction(async (tx) => {
        const claim = await tx.get(claimRef)
        if (claim.exists) throw new DuplicateEmailError(`An account with ${input.email} already exists`)
        const now = new Date().toISOString()
        const user = pickUser(input, now)
        tx.create(claimRef, { userId: user.id, email: emailKey(user.email) })
        tx.create(col.users.doc(user.id), user)
        return user
      })
    },
    async updateProfile(id, profile) {
      await col.users.doc(id).update({
        firstName: profile.firstName,
        lastName: profile.lastName,
        phone: profile.phone,
        updatedAt: new Date().toISOString(),
      })
      return readUser(id)
    },
    async updateAddress(id, address) {
      await col.users.doc(id).update({ address, updatedAt: new Date().toISOString() })
      return readUser(id)
    },
  }

  const credentials: CredentialStore = {
    async getPasswordHash(userId) {
      const snap = await col.credentials.doc(userId).get()
      return snap.exists ? (snap.data() as { passwordHash: string }).passwordHash : null
    },
    async setPasswordHash(userId, hash) {
      await col.credentials.doc(userId).set({ passwordHash: hash })
    },
    async createResetToken(token) {
      const doc: ResetTokenDoc = { userId: token.userId, expiresAt: iso(token.expiresAt), usedAt: null }
      await col.resetTokens.doc(safeDocId(token.tokenHash)).create(doc)
    },
    async consumeResetToken(tokenHash, now) {
      const at = iso(now)
      const ref = col.resetTokens.doc(safeDocId(tokenHash))
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const token = snap.data() as ResetTokenDoc
        if (token.usedAt !== null || token.expiresAt <= at) return null
        tx.update(ref, { usedAt: at })
        return token.userId
      })
    },
  }

  const carts: CartStore = {
    async get(userId) {
      const snap = await col.carts.doc(userId).get()
      return snap.exists ? (snap.data() as { lines: CartLine[] }).lines : []
    },
    async set(userId, lines) {
      await col.carts.doc(userId).set({
        lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
        updatedAt: new Date().toISOString(),
      })
    },
  }

  const liked: LikedStore = {
    async list(userId) {
      const snap = await col.liked.doc(userId).get()
      return snap.exists ? (snap.data() as { productIds: string[] }).productIds : []
    },
    async add(userId, productIds) {
      const ref = col.liked.doc(userId)
      await transaction(async (tx) => {
        const snap = await tx.get(ref)
        const current = snap.exists ? (snap.data() as { productIds: string[] }).productIds : []
        const added = [...new Set(productIds)]
        const next = [...added, ...current.filter((id) => !added.includes(id))]
        tx.set(ref, { productIds: next })
      })
    },
    async remove(userId, productId) {
      const ref = col.liked.doc(userId)
      await transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return
        const current = (snap.data() as { productIds: string[] }).productIds
        tx.set(ref, { productIds: current.filter((id) => id !== productId) })
      })
    },
  }

  /** Reads, validates and writes one transition inside `tx`. All reads happen before any write. */
  const transitionIn = async (
    tx: Transaction,
    ref: DocumentReference,
    to: OrderStatus,
    options: { now: string; note?: string; pfPaymentId?: string },
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
      for (const line of order.lines) back.set(line.productId, (back.get(line.productId) ?? 0) + line.quantity)
      for (const snap of productSnaps) {
        // A product removed since the order was placed has no stock to give back.
        if (!snap.exists) continue
        const stock = (snap.data() as Product).stock + (back.get(snap.id) ?? 0)
        tx.update(snap.ref, { stock, updatedAt: options.now })
      }
    }
    return next
  }

  const orders: OrderStore = {
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

  const messages: MessageStore = {
    async create(input, now) {
      const message = pickMessage(input, now)
      await col.messages.doc(message.id).create(message)
      return message
    },
    async list() {
      const snap = await col.messages.orderBy('createdAt', 'desc').get()
      return snap.docs.map((doc) => doc.data() as ContactMessage)
    },
  }

  const rateLimits: RateLimitStore = {
    async hit(key, limit, windowMs, now) {
      const ref = col.rateLimits.doc(safeDocId(key))
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        const row = snap.exists ? (snap.data() as RateLimitDoc) : null
        const fresh = !row || now >= row.windowStart + windowMs
        const windowStart = fresh ? now : row.windowStart
        const count = fresh ? 1 : row.count + 1
        tx.set(ref, { key, windowStart, count } satisfies RateLimitDoc)
        const allowed = count <= limit
        return { allowed, retryAfterMs: allowed ? 0 : windowStart + windowMs - now }
      })
    },
    async reset(key) {
      await col.rateLimits.doc(safeDocId(key)).delete()
    },
    async peek(key, windowMs, now) {
      const snap = await col.rateLimits.doc(safeDocId(key)).get()
      const row = snap.exists ? (snap.data() as RateLimitDoc) : null
      return row && now < row.windowStart + windowMs ? row.count : 0
    },
  }

  return {
    products,
    reviews,
    users,
    credentials,
    carts,
    liked,
    orders,
    messages,
    rateLimits,
    async close() {
      for (const stop of snapshotStops) stop()
      snapshotStops.clear()
      await closeFirestore(app)
    },
  }
}
