import type { CollectionReference, Firestore, Transaction } from 'firebase-admin/firestore'

import { COLLECTIONS } from './collections.server'

/**
 * Checkout reserves stock on a few hot documents; under contention Firestore aborts and retries
 * transactions, and the default of 5 attempts is too few for a rush on the last units.
 */
const TRANSACTION_ATTEMPTS = 30

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
  snapshotStops: Set<() => void>
}

export function createFirestoreContext(db: Firestore, clock: () => Date): FirestoreContext {
  const col = Object.fromEntries(
    Object.entries(COLLECTIONS).map(([key, name]) => [key, db.collection(name)]),
  ) as FirestoreContext['col']
  return {
    db,
    col,
    transaction: (fn) => db.runTransaction(fn, { maxAttempts: TRANSACTION_ATTEMPTS }),
    now: () => clock().toISOString(),
    snapshotStops: new Set(),
  }
}
