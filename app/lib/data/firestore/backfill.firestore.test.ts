import { randomBytes } from 'node:crypto'

import { FieldValue, type Firestore } from 'firebase-admin/firestore'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { orderMoves } from '~/lib/orders/orders.test-helper'
import { refundOrder, type RefundDeps } from '~/lib/orders/refunds.server'

import { draft, manualClock, product } from '../contract.suite'
import { openStore, type Store } from '../index.server'
import type { IssuedCreditNote } from '../store'
import { firestoreFor } from './app.server'
import { backfillFirestore, describeBackfill } from './backfill.server'
import { COLLECTIONS } from './collections.server'

/**
 * `npm run backfill` on Firestore (docs/decisions/032 and 033): credit notes issued before the
 * `creditNotes` collection existed, and users stored before `searchTerms`, are found again by the
 * reports and the customer search once it has run; a second run writes nothing.
 */

const emulator = process.env.FIRESTORE_EMULATOR_HOST

if (!emulator) {
  describe.skip('backfill: firestore (skipped: FIRESTORE_EMULATOR_HOST is not set; `npm run test:firestore` starts the emulator)', () => {
    it('runs only against the Firestore emulator', () => {})
  })
} else {
  // Midnight in South Africa (UTC+2) on 1 March 2026 is 22:00 UTC on 28 February.
  const MARCH_STARTS = '2026-02-28T22:00:00.000Z'
  const APRIL_STARTS = '2026-03-31T22:00:00.000Z'
  const inMarch = (hours: number) =>
    new Date(Date.parse(MARCH_STARTS) + hours * 3_600_000).toISOString()

  describe('backfill: firestore', () => {
    const projectId = `demo-backfill-${randomBytes(5).toString('hex')}`
    const clock = manualClock(inMarch(1))
    let store: Store
    let db: Firestore
    /** The creditNotes documents as the refunds' transactions wrote them, by number. */
    const written = new Map<string, unknown>()
    let stampedBefore: unknown

    const marchNotes = async (): Promise<IssuedCreditNote[]> => {
      const page = await store.orders.listCreditNotes({
        from: MARCH_STARTS,
        to: APRIL_STARTS,
        limit: 50,
      })
      return page.items
    }
    const foundBySearch = async (q: string) =>
      (await store.users.search({ q, offset: 0, limit: 10 })).items.map((user) => user.id)

    beforeAll(async () => {
      store = await openStore({ backend: 'firestore', projectId, now: clock.now })
      db = firestoreFor(projectId).db
      await store.products.upsertMany([product('tea', { stock: 100 })])
      const deps: RefundDeps = {
        store,
        mail: { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' },
        log: { error: () => {}, warn: () => {} },
        payfast: async () => ({ ok: true, reference: 'pf-refund' }),
      }
      // Four paid orders (two pages of two): two refunded twice, one once, one not at all.
      for (const [n, refunds] of [
        [1, 2],
        [2, 1],
        [3, 0],
        [4, 2],
      ] as const) {
        clock.set(inMarch(n))
        const placed = await store.orders.place(
          draft([{ productId: 'tea', quantity: 1 }], 'user-1'),
          `BACKFILL00${n}`,
        )
        await orderMoves(store.orders, clock).transition(placed.id, 'paid', {
          pfPaymentId: placed.id,
          at: inMarch(n),
        })
        for (let r = 0; r < refunds; r++) {
          clock.set(inMarch(n + 0.1 * (r + 1)))
          const refunded = await refundOrder(deps, placed.id, {
            key: `refund-${n}-${r}`,
            amountCents: 500,
            reason: 'Damaged in transit',
            restock: [],
            cardTo: 'card',
            by: 'staff@shop.example.co.za',
          })
          expect(refunded).toMatchObject({ ok: true })
        }
      }
      const notes = await db.collection(COLLECTIONS.creditNotes).get()
      for (const doc of notes.docs) written.set(doc.id, doc.data())
      // As stored before the creditNotes collection existed: all but the first note are missing.
      for (const doc of notes.docs.slice(1)) await doc.ref.delete()

      // A user saved through the store today, then as stored before the customer search.
      clock.set(inMarch(10))
      await store.users.create({
        id: 'user-mokoena',
        email: 'Thandi.Mokoena@Example.co.za',
        firstName: 'Thandi',
        lastName: 'Mokoena',
        phone: null,
        address: null,
      })
      await db
        .collection(COLLECTIONS.users)
        .doc('user-mokoena')
        .update({ searchTerms: FieldValue.delete() })
      for (const [id, first, last] of [
        ['user-naidoo', 'Priya', 'Naidoo'],
        ['user-van-wyk', 'Pieter', 'van Wyk'],
      ] as const) {
        await store.users.create({
          id,
          email: `${first.toLowerCase()}@example.co.za`,
          firstName: first,
          lastName: last,
          phone: null,
          address: null,
        })
      }
      await db
        .collection(COLLECTIONS.users)
        .doc('user-van-wyk')
        .update({ searchTerms: FieldValue.delete() })
      stampedBefore = (await db.collection(COLLECTIONS.users).doc('user-mokoena').get()).get(
        'updatedAt',
      )
    }, 120_000)

    afterAll(async () => {
      await store?.close()
    }, 60_000)

    it('before it runs, the reports miss the older credit notes and the search misses older users', async () => {
      expect(written.size).toBe(5)
      expect((await marchNotes()).length).toBe(1)
      expect(await foundBySearch('mokoe')).toEqual([])
      expect(await foundBySearch('wyk')).toEqual([])
      expect(await foundBySearch('priya')).toEqual(['user-naidoo'])
    })

    it('writes each missing credit note as the refund wrote it and each missing searchTerms, a page at a time', async () => {
      const lines: string[] = []
      const report = await backfillFirestore(db, { pageSize: 2, log: (line) => lines.push(line) })
      expect(report).toEqual({
        creditNotes: { read: 4, written: 4 },
        searchTerms: { read: 3, written: 2 },
      })
      // Both pages of orders wrote notes; both pages of users held an older user.
      expect(lines.filter((line) => line.startsWith('creditNotes:'))).toHaveLength(2)
      expect(lines.filter((line) => line.startsWith('users:'))).toHaveLength(2)

      const notes = await db.collection(COLLECTIONS.creditNotes).get()
      expect(new Map(notes.docs.map((doc) => [doc.id, doc.data()]))).toEqual(written)
      const march = await marchNotes()
      expect(march.map((note) => note.refund.creditNote.number)).toEqual([...written.keys()].sort())
      expect(march.map((note) => note.order.id)).toEqual([
        'BACKFILL001',
        'BACKFILL001',
        'BACKFILL002',
        'BACKFILL004',
        'BACKFILL004',
      ])

      expect(await foundBySearch('mokoe')).toEqual(['user-mokoena'])
      expect(await foundBySearch('thandi.mokoena@example.co.za')).toEqual(['user-mokoena'])
      expect(await foundBySearch('wyk')).toEqual(['user-van-wyk'])
      // Not a profile change: the user's updatedAt stays.
      const mokoena = await db.collection(COLLECTIONS.users).doc('user-mokoena').get()
      expect(mokoena.get('updatedAt')).toBe(stampedBefore)
    })

    it('a second run writes nothing and says so', async () => {
      const lines: string[] = []
      const report = await backfillFirestore(db, { pageSize: 2, log: (line) => lines.push(line) })
      expect(report).toEqual({
        creditNotes: { read: 4, written: 0 },
        searchTerms: { read: 3, written: 0 },
      })
      expect(lines).toEqual([])
      expect(describeBackfill(report)).toContain(
        'Nothing to write: every credit note has its creditNotes document and every user its searchTerms.',
      )
    })
  })
}
