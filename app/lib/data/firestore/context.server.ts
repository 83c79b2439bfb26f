import type {
  CollectionReference,
  DocumentReference,
  Firestore,
  Transaction,
} from 'firebase-admin/firestore'

import { COLLECTIONS } from './collections.server'
import { createProductFeed, type ProductFeed } from './product-feed.server'
import { productFromDoc } from './products.server'

/**
 * Checkout reserves stock on a few hot documents; under contention Firestore aborts and retries
 * transactions, and the default of 5 attempts is too few for a rush on the last units.
 */
const TRANSACTION_ATTEMPTS = 30
/**
 * NOTE: under contention the Firestore emulator sometimes closes a transaction it chose to abort and
 * answers the next call with INVALID_ARGUMENT "Transaction is invalid or closed." instead of
 * ABORTED, which the SDK does not retry (firebase-tools issue 4473). Nothing of it was committed, so
 * the whole transaction runs again. Production Firestore answers ABORTED and the SDK retries it.
 */
const EMULATOR_CLOSED_RETRIES = 5

function closedByEmulator(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 3 &&
    /Transaction is invalid or closed/.test(error.message)
  )
}

/**
 * What the Firestore stores share over one database: its collections, a transaction runner with
 * enough retries, the clock every write stamps its time with, and the snapshot listeners to stop on
 * close. Times are stored as ISO-8601 strings, the same as the domain types, so documents read back
 * without conversion and range queries compare lexicographically (every time passes through iso()).
 */
export type FirestoreContext = {
  db: Firestore
  col: Record<keyof typeof COLLECTIONS, CollectionReference>
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>
  /** The current time as ISO-8601, from the store's clock. */
  now(): string
  /** The current time in milliseconds since the epoch, from the store's clock. */
  nowMs(): number
  snapshotStops: Set<() => void>
  /** Product changes for subscribers: one shared listener, plus this instance's own commits. */
  productFeed: ProductFeed
}

export function createFirestoreContext(db: Firestore, clock: () => Date): FirestoreContext {
  const col = Object.fromEntries(
    Object.entries(COLLECTIONS).map(([key, name]) => [key, db.collection(name)]),
  ) as FirestoreContext['col']
  const snapshotStops = new Set<() => void>()
  const productFeed = createProductFeed({
    db,
    products: col.products,
    decode: productFromDoc,
    snapshotStops,
  })
  return {
    db,
    col,
    // Every transaction records the products it writes; once it committed, they are emitted here
    // before the write returns (an action's redirect never beats the snapshot listener).
    async transaction(fn) {
      const written = new Set<string>()
      const attempt = () =>
        db.runTransaction(
          (tx) => {
            written.clear() // a retried attempt writes afresh
            return fn(recordingProductWrites(tx, col.products, written))
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        )
      let result: Awaited<ReturnType<typeof attempt>>
      for (let tries = 1; ; tries++) {
        try {
          result = await attempt()
          break
        } catch (error) {
          if (tries >= EMULATOR_CLOSED_RETRIES || !closedByEmulator(error)) throw error
        }
      }
      await productFeed.committed(written)
      return result
    },
    now: () => clock().toISOString(),
    nowMs: () => clock().getTime(),
    snapshotStops,
    productFeed,
  }
}

const WRITES = new Set<PropertyKey>(['set', 'update', 'create', 'delete'])

/** `tx`, noting into `written` the id of each product document it is asked to write. */
function recordingProductWrites(
  tx: Transaction,
  products: CollectionReference,
  written: Set<string>,
): Transaction {
  const recording: Transaction = new Proxy(tx, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      if (!WRITES.has(property)) return value.bind(target)
      return (ref: DocumentReference, ...rest: unknown[]) => {
        if (ref.parent.path === products.path) written.add(ref.id)
        ;(value as (...args: unknown[]) => unknown).call(target, ref, ...rest)
        return recording // chained writes keep recording
      }
    },
  })
  return recording
}
