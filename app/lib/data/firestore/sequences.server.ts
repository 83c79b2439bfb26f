import type { Firestore, Transaction } from 'firebase-admin/firestore'

import type { SequenceName } from '~/lib/documents/numbers'

import { COLLECTIONS } from './collections.server'

type SequenceDoc = { value: number }

/**
 * The next number of the gap-free counter `name` (1 first), read and advanced in `tx`: the
 * transaction that issues the document. Firestore retries a transaction whose counter another one
 * moved meanwhile, so each number is given once and only a committed transaction uses one.
 *
 * It reads and then writes: call it after every other read of the transaction (Firestore refuses
 * a read after a write).
 */
export async function nextInSequence(
  tx: Transaction,
  db: Firestore,
  name: SequenceName,
): Promise<number> {
  const ref = db.collection(COLLECTIONS.sequences).doc(name)
  const snap = await tx.get(ref)
  const value = ((snap.data() as SequenceDoc | undefined)?.value ?? 0) + 1
  tx.set(ref, { value } satisfies SequenceDoc)
  return value
}
