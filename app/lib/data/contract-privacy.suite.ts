import { describe, expect, it } from 'vitest'

import { customerData, deleteAccount } from '~/lib/customers/privacy.server'

import { HOME } from './contract-addresses.suite'
import { draft, manualClock, product, storePerTest, type ContractHarness } from './contract.suite'
import { ERASED_AUTHOR_NAME } from './privacy-requests'
import type { Store } from './store'

const T0 = '2025-03-01T10:00:00.000Z'
const EMAIL = 'thandi@example.co.za'
const OTHER = 'sipho@example.co.za'

/**
 * POPIA requests (docs/contracts.md "Customers and privacy") every data adapter must keep: a
 * deletion removes every personal record of the account and keeps its orders without the link to
 * it; the export finds everything; each request is recorded, newest first.
 */
export function describePrivacyContract(name: string, harness: ContractHarness): void {
  describe(`privacy contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([product('biltong'), product('rusks')])
      return store
    })

    /** A customer with one of everything the shop can hold about them. */
    async function customerWithEverything(id: string, email: string) {
      await store.users.create({
        id,
        email,
        firstName: 'Thandi',
        lastName: 'Mokoena',
        phone: '082 123 4567',
        address: null,
      })
      await store.credentials.setPasswordHash(id, `hash-of-${id}`)
      await store.credentials.createResetToken({
        tokenHash: `reset-${id}`,
        userId: id,
        expiresAt: '2025-03-01T10:30:00.000Z',
      })
      const session = await store.sessions.create({ userId: id, userAgent: 'Firefox', token: null })
      await store.addresses.save(id, null, HOME)
      await store.liked.add(id, ['biltong'])
      await store.carts.set(id, [{ productId: 'rusks', variantId: 'rusks', quantity: 2 }])
      const review = await store.reviews.upsert({
        productId: 'biltong',
        userId: id,
        authorName: 'Thandi M.',
        rating: 5,
        title: 'Lekker',
        body: 'The best biltong',
      })
      const order = await store.orders.place(
        { ...draft([{ productId: 'biltong', quantity: 1 }], id), email },
        `order-${id}`,
      )
      await store.consents.record({ email, userId: id, optIn: true, source: 'sign-up' })
      await store.stockAlerts.request({
        email,
        userId: id,
        productId: 'rusks',
        variantId: 'rusks',
      })
      await store.messages.create({
        name: 'Thandi',
        email,
        subject: 'Sizes',
        message: 'Do you ship to Upington?',
        ip: '127.0.0.1',
      })
      await store.outbox.enqueue({
        key: `hello:${id}`,
        to: email,
        replyTo: null,
        subject: 'Welcome to the shop',
        text: 'Hello',
        html: '<p>Hello</p>',
        orderId: null,
      })
      return { session, review, order }
    }

    it('exports everything the shop holds about the customer, and records the request', async () => {
      const { order } = await customerWithEverything('u1', EMAIL)
      await customerWithEverything('u2', OTHER)
      const user = (await store.users.get('u1'))!
      await store.privacyRequests.record({ userId: 'u1', email: EMAIL, kind: 'export' })
      const data = await customerData(store, user, T0)

      expect(data.profile).toMatchObject({ id: 'u1', email: EMAIL, phone: '082 123 4567' })
      expect(data.addresses).toEqual([expect.objectContaining({ line1: HOME.line1 })])
      expect(data.orders.map((o) => o.id)).toEqual([order.id])
      expect(data.reviews).toEqual([expect.objectContaining({ title: 'Lekker', userId: 'u1' })])
      expect(data.likedProductIds).toEqual(['biltong'])
      expect(data.cart).toEqual([expect.objectContaining({ productId: 'rusks', quantity: 2 })])
      expect(data.marketingConsent).toEqual([expect.objectContaining({ optIn: true })])
      expect(data.stockAlerts).toEqual([expect.objectContaining({ variantId: 'rusks' })])
      expect(data.contactMessages).toEqual([
        expect.objectContaining({ subject: 'Sizes', message: 'Do you ship to Upington?' }),
      ])
      expect(data.mailsSent.map((m) => m.subject)).toContain('Welcome to the shop')
      expect(data.sessions).toEqual([{ createdAt: T0, lastSeenAt: T0, userAgent: 'Firefox' }])
      expect(data.privacyRequests).toEqual([{ kind: 'export', at: T0 }])
      // Nothing of the other customer, and no secret that signs anyone in.
      const text = JSON.stringify(data)
      expect(text).not.toContain(OTHER)
      expect(text).not.toContain('hash-of-u1')
      expect(text).not.toContain('reset-u1')
    })

    it('deletes every personal record of the account and keeps its orders detached', async () => {
      const { session, review, order } = await customerWithEverything('u1', EMAIL)
      const other = await customerWithEverything('u2', OTHER)
      clock.advance(5)

      const request = await deleteAccount(store, {}, 'u1')
      expect(request).toMatchObject({ userId: 'u1', email: EMAIL, kind: 'delete' })

      // Sign-in and every device are gone; the email is free for a fresh sign-up.
      expect(await store.users.get('u1')).toBeNull()
      expect(await store.users.getByEmail(EMAIL)).toBeNull()
      expect(await store.credentials.getPasswordHash('u1')).toBeNull()
      expect(await store.credentials.consumeResetToken('reset-u1')).toBeNull()
      expect(await store.sessions.get(session.id)).toBeNull()
      expect(await store.sessions.listForUser('u1')).toEqual([])
      // Addresses, liked, cart, consent, stock alerts.
      expect(await store.addresses.list('u1')).toEqual([])
      expect(await store.liked.list('u1')).toEqual([])
      expect(await store.carts.get('u1')).toEqual([])
      expect(await store.consents.history(EMAIL)).toEqual([])
      expect(await store.consents.current(EMAIL)).toBe(false)
      expect(await store.stockAlerts.listForEmail(EMAIL)).toEqual([])
      // The review stays in the product's reviews, under no one's name and no account.
      expect(await store.privacyRequests.reviewsBy('u1')).toEqual([])
      const reviews = (await store.reviews.listForProduct('biltong')).items
      expect(reviews.find((r) => r.id === review.id)).toMatchObject({
        authorName: ERASED_AUTHOR_NAME,
        title: 'Lekker',
      })
      expect(reviews.find((r) => r.id === review.id)?.userId).not.toBe('u1')
      // The order is kept for the tax period, linked to no account.
      expect(await store.orders.listForUser('u1')).toEqual([])
      expect(await store.orders.get(order.id)).toMatchObject({
        userId: null,
        totalCents: order.totalCents,
      })
      // The deletion is on record; the other customer keeps everything.
      expect(await store.privacyRequests.listForUser('u1')).toEqual([request])
      expect(await store.users.get('u2')).not.toBeNull()
      expect(await store.sessions.get(other.session.id)).not.toBeNull()
      expect(await store.liked.list('u2')).toEqual(['biltong'])
      expect(await store.consents.current(OTHER)).toBe(true)
      expect(await store.orders.get(other.order.id)).toMatchObject({ userId: 'u2' })
      expect(await store.reviews.getByUser('biltong', 'u2')).toMatchObject({
        authorName: 'Thandi M.',
      })
    })

    it('starts afresh when the email signs up again, and a second deletion finds no one', async () => {
      await customerWithEverything('u1', EMAIL)
      await deleteAccount(store, {}, 'u1')
      expect(await deleteAccount(store, {}, 'u1')).toBeNull()
      await store.users.create({
        id: 'u3',
        email: EMAIL,
        firstName: 'Thandi',
        lastName: 'Mokoena',
        phone: null,
        address: null,
      })
      expect(await store.orders.listForUser('u3')).toEqual([])
      expect(await store.liked.list('u3')).toEqual([])
      expect(await store.privacyRequests.reviewsBy('u3')).toEqual([])
    })

    it('lists requests newest first, by customer and for the back office', async () => {
      await store.privacyRequests.record({ userId: 'u1', email: EMAIL, kind: 'export' })
      clock.advance(1)
      await store.privacyRequests.record({ userId: 'u2', email: OTHER, kind: 'export' })
      clock.advance(1)
      await store.privacyRequests.record({ userId: 'u1', email: EMAIL, kind: 'delete' })
      expect((await store.privacyRequests.listForUser('u1')).map((r) => r.kind)).toEqual([
        'delete',
        'export',
      ])
      const page = await store.privacyRequests.list({ offset: 1, limit: 1 })
      expect(page.total).toBe(3)
      expect(page.items).toEqual([expect.objectContaining({ userId: 'u2', email: OTHER })])
    })
  })
}
