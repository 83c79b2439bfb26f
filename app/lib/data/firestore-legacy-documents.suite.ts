import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { firestoreFor } from './firestore/app.server'
import { COLLECTIONS } from './firestore/collections.server'
import { openStore, type Store } from './index.server'

/**
 * Firestore documents written before the back office (issue 12) lack its fields; the store reads
 * them with their defaults and finds them in the back office's lists. Runs against the emulator in
 * a project of its own, writing the old documents directly.
 */
export function describeFirestoreLegacyDocuments(projectId: string): void {
  describe('firestore documents stored before the back office', () => {
    let store: Store
    const then = '2025-01-01T00:00:00.000Z'

    beforeAll(async () => {
      const { db } = firestoreFor(projectId)
      await db.collection(COLLECTIONS.users).doc('old-user').set({
        id: 'old-user',
        email: 'Old@Example.co.za',
        firstName: 'Old',
        lastName: 'Customer',
        phone: null,
        address: null,
        createdAt: then,
        updatedAt: then,
      })
      await db
        .collection(COLLECTIONS.orders)
        .doc('OLDORDER001')
        .set({
          id: 'OLDORDER001',
          userId: null,
          email: 'old@example.co.za',
          firstName: 'Old',
          lastName: 'Customer',
          phone: '082 123 4567',
          shippingAddress: {
            line1: '1 Old Road',
            line2: null,
            suburb: 'Gardens',
            city: 'Cape Town',
            province: 'Western Cape',
            postalCode: '8001',
          },
          lines: [
            {
              productId: 'biltong',
              name: 'Biltong',
              unitPriceCents: 9900,
              quantity: 1,
              imageUrl: null,
            },
          ],
          subtotalCents: 9900,
          shippingCents: 9900,
          totalCents: 19800,
          vatCents: 2583,
          status: 'paid',
          history: [
            { status: 'pending_payment', at: then, note: null },
            { status: 'paid', at: then, note: 'ITN' },
          ],
          pfPaymentId: '1',
          createdAt: then,
          updatedAt: then,
        })
      await db.collection(COLLECTIONS.messages).doc('old-message').set({
        id: 'old-message',
        name: 'Old',
        email: 'old@example.co.za',
        subject: 'Hello',
        message: 'Still there?',
        ip: '127.0.0.1',
        createdAt: then,
      })
      store = await openStore({
        backend: 'firestore',
        projectId,
        now: () => new Date('2025-02-01T00:00:00.000Z'),
      })
    }, 60_000)
    afterAll(async () => {
      await store?.close()
    }, 60_000)

    it('reads a user as a customer, and can grant the role', async () => {
      expect((await store.users.get('old-user'))?.staff).toBe(false)
      expect((await store.users.setStaff('old-user', true))?.staff).toBe(true)
    })

    it('reads an order as unshipped, moved by nobody, and finds it by its email in any case', async () => {
      const order = await store.orders.get('OLDORDER001')
      // Written before delivery methods: standard delivery (no method), at the price it paid.
      expect(order).toMatchObject({
        shipment: null,
        refundNeeded: false,
        shipping: null,
        shippingCents: 9900,
        // Written before promotions: no discount, gift card or store credit.
        discounts: [],
        giftCards: [],
        storeCreditCents: 0,
        // Written before returns: none.
        returns: [],
        // Written before invoices: none.
        invoice: null,
      })
      expect(order?.history).toEqual([
        { status: 'pending_payment', at: then, note: null, by: null },
        { status: 'paid', at: then, note: 'ITN', by: null },
      ])
      const found = await store.orders.list({ offset: 0, limit: 5, q: 'OLD@example.co.za' })
      expect(found.items.map((o) => o.id)).toEqual(['OLDORDER001'])
    })

    it('lists an old user among all customers, and finds them by name once their profile is saved', async () => {
      const all = await store.users.search({ offset: 0, limit: 5 })
      expect(all.items.map((user) => user.id)).toEqual(['old-user'])
      // Written before the customer search: no search terms until the profile is next saved.
      expect((await store.users.search({ q: 'old', offset: 0, limit: 5 })).total).toBe(0)
      await store.users.updateProfile('old-user', {
        firstName: 'Old',
        lastName: 'Customer',
        phone: null,
      })
      const found = await store.users.search({ q: 'old@example', offset: 0, limit: 5 })
      expect(found.items).toEqual([
        expect.objectContaining({ id: 'old-user', email: 'Old@Example.co.za' }),
      ])
      expect(found.items[0]).not.toHaveProperty('searchTerms')
    })

    it('counts and lists an old message as unhandled', async () => {
      expect(await store.messages.countUnhandled()).toBe(1)
      const page = await store.messages.page({ offset: 0, limit: 5, unhandled: true })
      expect(page).toMatchObject({
        total: 1,
        items: [{ id: 'old-message', handledAt: null, handledBy: null }],
      })
    })
  })
}
