import { describe, expect, it } from 'vitest'

import { draft, manualClock, product, type ContractHarness, storePerTest } from './contract.suite'
import type { Store } from './store'
import type { OrderDraft, OutboxDraft } from './types'
import { orderMoves } from '~/lib/orders/orders.test-helper'

const T0 = '2025-03-01T10:00:00.000Z'
const minutes = (n: number, from = T0) => new Date(Date.parse(from) + n * 60_000).toISOString()
const LEASE_MS = 5 * 60_000

/** A mail draft for event `key`; keys name events and may hold "/" and ":". */
export function mailDraft(key: string, overrides: Partial<OutboxDraft> = {}): OutboxDraft {
  return {
    key,
    to: 'thandi@example.co.za',
    replyTo: null,
    subject: `About ${key}`,
    text: `Plain text of ${key}`,
    html: `<p>HTML of ${key}</p>`,
    orderId: null,
    ...overrides,
  }
}

/**
 * The outbox (docs/contracts.md "Email") every data adapter must keep: once per event, claimed by
 * one sender at a time, retried, listed for staff. Runs with the same harness as contract.suite.ts.
 */
export function describeOutboxContract(name: string, harness: ContractHarness): void {
  describe(`outbox contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })
    /** The outbox at the time `at`: the store's clock, which stamps and judges what is due. */
    const outboxAt = (at: string) => {
      clock.set(at)
      return store.outbox
    }
    /** Places the order at the time `at` (the store's clock set there first). */
    const placeAt = (input: OrderDraft, id: string, at: string) => {
      clock.set(at)
      return store.orders.place(input, id)
    }

    const keys = (messages: { key: string }[]) => messages.map((m) => m.key).sort()

    it('keeps one message per event key, as first written, pending and due at once', async () => {
      const key = 'order-paid:ORD/1'
      const draft = mailDraft(key, { replyTo: 'buyer@example.co.za', orderId: 'ORD/1' })
      expect(await outboxAt(T0).enqueue(draft)).toBe(true)
      expect(await outboxAt(minutes(1)).enqueue({ ...draft, subject: 'Second try' })).toBe(false)
      expect(await store.outbox.get(key)).toEqual({
        ...draft,
        status: 'pending',
        attempts: 0,
        dueAt: T0,
        lastError: null,
        sentAt: null,
        createdAt: T0,
        updatedAt: T0,
      })
      expect(await store.outbox.get('order-paid:ORD/2')).toBeNull()
      expect((await store.outbox.list({ offset: 0, limit: 10 })).total).toBe(1)
    })

    it('claims due messages only, holds them for the lease, and reclaims an expired claim', async () => {
      await outboxAt(T0).enqueue(mailDraft('now'))
      await outboxAt(minutes(10)).enqueue(mailDraft('later'))

      const first = await outboxAt(minutes(1)).claimDue(LEASE_MS, 10)
      expect(first).toEqual([
        expect.objectContaining({
          key: 'now',
          status: 'sending',
          attempts: 1,
          dueAt: minutes(6),
          updatedAt: minutes(1),
        }),
      ])
      expect(await store.outbox.get('now')).toMatchObject({ status: 'sending', attempts: 1 })
      // Held by its sender: nobody else gets it while the lease runs.
      expect(await outboxAt(minutes(5)).claimDue(LEASE_MS, 10)).toEqual([])
      // That sender died: after the lease another takes it over, with the later message now due.
      const second = await outboxAt(minutes(10)).claimDue(LEASE_MS, 10)
      expect(keys(second)).toEqual(['later', 'now'])
      expect(second.find((m) => m.key === 'now')).toMatchObject({ attempts: 2, dueAt: minutes(15) })
    })

    it('claims up to the limit, oldest due first', async () => {
      await outboxAt(minutes(2)).enqueue(mailDraft('b'))
      await outboxAt(minutes(1)).enqueue(mailDraft('a'))
      await outboxAt(minutes(3)).enqueue(mailDraft('c'))
      expect(keys(await outboxAt(minutes(5)).claimDue(LEASE_MS, 2))).toEqual(['a', 'b'])
      expect(keys(await outboxAt(minutes(5)).claimDue(LEASE_MS, 2))).toEqual(['c'])
    })

    it('never gives one message to two concurrent claims', async () => {
      for (const key of ['m1', 'm2', 'm3', 'm4', 'm5']) await outboxAt(T0).enqueue(mailDraft(key))
      const [a, b] = await Promise.all([
        outboxAt(minutes(1)).claimDue(LEASE_MS, 3),
        outboxAt(minutes(1)).claimDue(LEASE_MS, 3),
      ])
      const claimed = [...keys(a), ...keys(b)]
      expect(new Set(claimed).size).toBe(claimed.length)
      // Both claims together take every due message their limits allow.
      expect(claimed.sort()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5'])
      for (const message of [...a, ...b]) expect(message.attempts).toBe(1)
    })

    it('marks a message sent: it is never claimed again', async () => {
      await outboxAt(T0).enqueue(mailDraft('welcome'))
      await outboxAt(T0).claimDue(LEASE_MS, 10)
      await outboxAt(minutes(1)).markSent('welcome')
      expect(await store.outbox.get('welcome')).toMatchObject({
        status: 'sent',
        sentAt: minutes(1),
        attempts: 1,
        updatedAt: minutes(1),
      })
      expect(await outboxAt(minutes(60)).claimDue(LEASE_MS, 10)).toEqual([])
      expect(await store.outbox.nextDueAt()).toBeNull()
    })

    it('retries a failed message at its retry time, then fails it for good', async () => {
      await outboxAt(T0).enqueue(mailDraft('flaky'))
      await outboxAt(T0).claimDue(LEASE_MS, 10)
      await outboxAt(T0).markFailed(
        'flaky',
        'connect ECONNREFUSED 127.0.0.1:2525\n    at TCPConnectWrap',
        minutes(1),
      )
      expect(await store.outbox.get('flaky')).toMatchObject({
        status: 'pending',
        dueAt: minutes(1),
        attempts: 1,
        lastError: 'connect ECONNREFUSED 127.0.0.1:2525 at TCPConnectWrap',
      })
      expect(await store.outbox.nextDueAt()).toBe(minutes(1))
      expect(await outboxAt(minutes(0.5)).claimDue(LEASE_MS, 10)).toEqual([])
      expect(keys(await outboxAt(minutes(1)).claimDue(LEASE_MS, 10))).toEqual(['flaky'])

      await outboxAt(minutes(2)).markFailed('flaky', '550 mailbox unavailable', null)
      expect(await store.outbox.get('flaky')).toMatchObject({
        status: 'failed',
        attempts: 2,
        lastError: '550 mailbox unavailable',
        sentAt: null,
      })
      expect(await store.outbox.countFailed()).toBe(1)
      expect(await outboxAt(minutes(600)).claimDue(LEASE_MS, 10)).toEqual([])
      expect(await store.outbox.nextDueAt()).toBeNull()
    })

    it('keeps an error to one line of bounded length', async () => {
      await outboxAt(T0).enqueue(mailDraft('long'))
      await outboxAt(T0).claimDue(LEASE_MS, 10)
      await outboxAt(T0).markFailed('long', `x\n${'y'.repeat(5000)}`, null)
      const { lastError } = (await store.outbox.get('long'))!
      expect(lastError).toMatch(/^x y+/)
      expect(lastError!.length).toBeLessThanOrEqual(500)
    })

    it('lists newest first, by order and by status, a page at a time', async () => {
      const orders = ['ORD1', null, 'ORD1', 'ORD2', 'ORD1']
      for (const [i, orderId] of orders.entries()) {
        await outboxAt(minutes(i)).enqueue(mailDraft(`mail-${i}`, { orderId }))
      }
      const all = await store.outbox.list({ offset: 0, limit: 2 })
      expect(all.total).toBe(5)
      expect(all.items.map((m) => m.key)).toEqual(['mail-4', 'mail-3'])
      const next = await store.outbox.list({ offset: 2, limit: 2 })
      expect(next.items.map((m) => m.key)).toEqual(['mail-2', 'mail-1'])

      const ofOrder = await store.outbox.list({ offset: 0, limit: 10, orderId: 'ORD1' })
      expect(ofOrder).toMatchObject({ total: 3 })
      expect(ofOrder.items.map((m) => m.key)).toEqual(['mail-4', 'mail-2', 'mail-0'])

      await outboxAt(minutes(10)).claimDue(LEASE_MS, 10)
      await outboxAt(minutes(11)).markSent('mail-0')
      await outboxAt(minutes(11)).markFailed('mail-2', 'refused', null)
      await outboxAt(minutes(11)).markFailed('mail-3', 'refused', null)
      const failed = await store.outbox.list({ offset: 0, limit: 1, status: 'failed' })
      expect(failed.total).toBe(2)
      expect(failed.items.map((m) => m.key)).toEqual(['mail-3'])
      const failedOfOrder = await store.outbox.list({
        offset: 0,
        limit: 10,
        orderId: 'ORD1',
        status: 'failed',
      })
      expect(failedOfOrder.items.map((m) => m.key)).toEqual(['mail-2'])
      expect(await store.outbox.countFailed()).toBe(2)
      expect((await store.outbox.list({ offset: 0, limit: 10, status: 'sent' })).total).toBe(1)
    })

    it('tells the sender when the next message is due', async () => {
      expect(await store.outbox.nextDueAt()).toBeNull()
      await outboxAt(minutes(30)).enqueue(mailDraft('late'))
      await outboxAt(minutes(5)).enqueue(mailDraft('early'))
      expect(await store.outbox.nextDueAt()).toBe(minutes(5))
      await outboxAt(minutes(5)).claimDue(LEASE_MS, 1)
      // The claimed one is due again only if its sender dies: when its lease runs out.
      expect(await store.outbox.nextDueAt()).toBe(minutes(10))
      await outboxAt(minutes(6)).markSent('early')
      expect(await store.outbox.nextDueAt()).toBe(minutes(30))
    })

    describe('mail written with its event', () => {
      it('stores the reset mail with its token, once per key', async () => {
        const user = await store.users.create({
          id: 'u-reset',
          email: 'reset@example.co.za',
          firstName: 'R',
          lastName: 'S',
          phone: null,
          address: null,
        })
        const mail = mailDraft('password-reset:h1', { to: user.email })
        await store.credentials.createResetToken(
          { tokenHash: 'h1', userId: user.id, expiresAt: minutes(30) },
          mail,
        )
        expect(await store.outbox.get('password-reset:h1')).toMatchObject({
          ...mail,
          status: 'pending',
          dueAt: T0,
        })
        // The same event again adds no second mail; the token itself is still made.
        await store.credentials.createResetToken(
          { tokenHash: 'h2', userId: user.id, expiresAt: minutes(30) },
          { ...mail, subject: 'Again' },
        )
        expect(await store.credentials.consumeResetToken('h2')).toBe(user.id)
        const all = await store.outbox.list({ offset: 0, limit: 10 })
        expect(all.total).toBe(1)
        expect(all.items[0]!.subject).toBe(mail.subject)
        // Without mail, a token adds none.
        await store.credentials.createResetToken({
          tokenHash: 'h3',
          userId: user.id,
          expiresAt: minutes(30),
        })
        expect((await store.outbox.list({ offset: 0, limit: 10 })).total).toBe(1)
      })

      it("stores an order move's mail with the move, once per event", async () => {
        await store.products.upsertMany([product('mail-p1')])
        const order = await placeAt(
          draft([{ productId: 'mail-p1', quantity: 1 }]),
          'ORDMAIL0001',
          T0,
        )
        const paidMail = mailDraft(`order-paid:${order.id}`, { orderId: order.id })
        const paid = await orderMoves(store.orders, clock).transition(order.id, 'paid', {
          at: minutes(1),
          mail: [paidMail],
        })
        expect(paid.status).toBe('paid')
        expect(await store.outbox.get(paidMail.key)).toMatchObject({
          ...paidMail,
          status: 'pending',
          dueAt: minutes(1),
        })
        // A move the order cannot make (a replayed ITN) writes no mail.
        await expect(
          orderMoves(store.orders, clock).transition(order.id, 'paid', {
            at: minutes(2),
            mail: [mailDraft(`order-paid-again:${order.id}`, { orderId: order.id })],
          }),
        ).rejects.toThrow()
        // The same event's mail on a later move is not added twice (shipping mails, so its mail is
        // handed to the store).
        await orderMoves(store.orders, clock).transition(order.id, 'shipped', {
          at: minutes(3),
          shipment: { courier: 'The Courier Guy', trackingNumber: 'TCG123' },
          mail: [{ ...paidMail, subject: 'Paid, again' }],
        })
        const ofOrder = await store.outbox.list({ offset: 0, limit: 10, orderId: order.id })
        expect(ofOrder.total).toBe(1)
        expect(ofOrder.items[0]!.subject).toBe(paidMail.subject)
        // A move without mail adds none.
        await orderMoves(store.orders, clock).transition(order.id, 'delivered', { at: minutes(4) })
        expect((await store.outbox.list({ offset: 0, limit: 10 })).total).toBe(1)
      })

      it("stores a contact message's mail with the message, naming the stored message", async () => {
        const seen: string[] = []
        const message = await store.messages.create(
          {
            name: 'Thandi',
            email: 'thandi@example.co.za',
            subject: 'Delivery',
            message: 'When does my order arrive?',
            ip: '203.0.113.9',
          },
          (stored) => {
            seen.push(stored.id)
            return [
              mailDraft(`contact:${stored.id}:ack`, { to: stored.email }),
              mailDraft(`contact:${stored.id}:shop`, {
                to: 'shop@localhost',
                replyTo: stored.email,
              }),
            ]
          },
        )
        expect(seen).toEqual([message.id])
        expect(await store.outbox.get(`contact:${message.id}:ack`)).toMatchObject({
          to: 'thandi@example.co.za',
          status: 'pending',
        })
        expect(await store.outbox.get(`contact:${message.id}:shop`)).toMatchObject({
          to: 'shop@localhost',
          replyTo: 'thandi@example.co.za',
        })
        expect((await store.outbox.list({ offset: 0, limit: 10 })).total).toBe(2)
        expect((await store.messages.list()).map((m) => m.id)).toEqual([message.id])
      })
    })
  })
}
