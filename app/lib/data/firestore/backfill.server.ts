import {
  FieldPath,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore'

import type { Order, User } from '../types'
import { userSearchTerms } from '../user-search'
import { COLLECTIONS } from './collections.server'

/** Documents read per page, and so at most the writes of one transaction (Firestore allows 500). */
export const BACKFILL_PAGE_SIZE = 200

export type BackfillCounts = {
  /** Documents read from the collection walked. */
  read: number
  /** Documents written: `creditNotes` created, or users given `searchTerms`. */
  written: number
}

export type BackfillReport = { creditNotes: BackfillCounts; searchTerms: BackfillCounts }

export type BackfillOptions = {
  /** Documents read per page (1 to 500); each page's writes are one transaction. */
  pageSize?: number
  /** Told after each page that wrote something. */
  log?: (line: string) => void
}

type StoredRefund = Pick<Order['refunds'][number], 'id'> & {
  creditNote?: Order['refunds'][number]['creditNote']
}

/**
 * Brings Firestore data stored before two changes up to what the store now writes with every
 * change (docs/decisions/032 and 033): a `creditNotes/{number}` document for each credit note in an
 * order's refunds, as the refund's transaction writes it, and `searchTerms` on each user, as saving
 * the profile sets them. Walks every order and every user once, by document id, a page at a time;
 * each page's writes are one transaction that reads its targets again first, so a second run, or
 * one racing a refund or a profile save, writes nothing twice and never overwrites newer data.
 */
export async function backfillFirestore(
  db: Firestore,
  { pageSize = BACKFILL_PAGE_SIZE, log = () => {} }: BackfillOptions = {},
): Promise<BackfillReport> {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500)
    throw new RangeError(`pageSize must be a whole number from 1 to 500, not ${pageSize}`)
  const creditNotes = await backfillCreditNotes(db, pageSize, log)
  const searchTerms = await backfillSearchTerms(db, pageSize, log)
  return { creditNotes, searchTerms }
}

/** Each page of `query` (ordered by document id) in turn, until a short page. */
async function eachPage(
  query: Query,
  pageSize: number,
  visit: (docs: DocumentSnapshot[]) => Promise<void>,
): Promise<void> {
  let after: DocumentSnapshot | undefined
  for (;;) {
    const page = query.orderBy(FieldPath.documentId()).limit(pageSize)
    const { docs } = await (after ? page.startAfter(after) : page).get()
    if (docs.length) await visit(docs)
    if (docs.length < pageSize) return
    after = docs[docs.length - 1]
  }
}

async function backfillCreditNotes(
  db: Firestore,
  pageSize: number,
  log: (line: string) => void,
): Promise<BackfillCounts> {
  const notes = db.collection(COLLECTIONS.creditNotes)
  const counts = { read: 0, written: 0 }
  // NOTE: every order is read: Firestore cannot ask for "a non-empty array" by an index it keeps
  // for every shop (an inequality on the whole `refunds` array would order by its contents).
  await eachPage(db.collection(COLLECTIONS.orders).select('refunds'), pageSize, async (docs) => {
    counts.read += docs.length
    const wanted = docs.flatMap((doc) =>
      ((doc.get('refunds') as StoredRefund[] | undefined) ?? []).flatMap((refund) =>
        refund.creditNote
          ? [
              {
                ref: notes.doc(refund.creditNote.number),
                // The fields and their order as saveRefund's tx.create writes them.
                data: {
                  number: refund.creditNote.number,
                  issuedAt: refund.creditNote.issuedAt,
                  orderId: doc.id,
                  refundId: refund.id,
                },
              },
            ]
          : [],
      ),
    )
    if (!wanted.length) return
    const created = await db.runTransaction(async (tx) => {
      const existing = await tx.getAll(...wanted.map((note) => note.ref))
      const missing = wanted.filter((_, i) => !existing[i]!.exists)
      for (const note of missing) tx.create(note.ref, note.data)
      return missing.map((note) => note.data.number)
    })
    counts.written += created.length
    if (created.length)
      log(
        `creditNotes: wrote ${created.length} (${created.join(', ')}) after ${counts.read} orders`,
      )
  })
  return counts
}

async function backfillSearchTerms(
  db: Firestore,
  pageSize: number,
  log: (line: string) => void,
): Promise<BackfillCounts> {
  const counts = { read: 0, written: 0 }
  const users = db.collection(COLLECTIONS.users)
  const lacking = (doc: DocumentSnapshot) =>
    doc.exists && doc.get('searchTerms') === undefined && typeof doc.get('email') === 'string'
  const fields = ['email', 'firstName', 'lastName', 'searchTerms']
  await eachPage(users.select(...fields), pageSize, async (docs) => {
    counts.read += docs.length
    const candidates = docs.filter(lacking).map((doc) => doc.ref)
    if (!candidates.length) return
    const updated = await db.runTransaction(async (tx) => {
      // Read again inside the transaction: a profile saved meanwhile brought its own terms.
      const fresh = (await tx.getAll(...candidates)).filter(lacking)
      for (const doc of fresh) {
        const user = doc.data() as Partial<Pick<User, 'firstName' | 'lastName'>> & { email: string }
        // Not a profile change: `updatedAt` stays.
        tx.update(doc.ref, {
          searchTerms: userSearchTerms({
            email: user.email,
            firstName: user.firstName ?? '',
            lastName: user.lastName ?? '',
          }),
        })
      }
      return fresh.length
    })
    counts.written += updated
    if (updated) log(`users: set searchTerms on ${updated} after ${counts.read} users`)
  })
  return counts
}

/** What a run did, in a line or two for the maintainer. */
export function describeBackfill({ creditNotes, searchTerms }: BackfillReport): string[] {
  const lines = [
    `creditNotes: read ${creditNotes.read} orders, created ${creditNotes.written} missing creditNotes documents`,
    `users: read ${searchTerms.read} users, set searchTerms on ${searchTerms.written}`,
  ]
  if (!creditNotes.written && !searchTerms.written)
    lines.push(
      'Nothing to write: every credit note has its creditNotes document and every user its searchTerms.',
    )
  return lines
}
