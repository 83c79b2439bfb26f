import { describe, expect, it } from 'vitest'

import { mailDraft } from './contract-outbox.suite'
import { manualClock, type ContractHarness, storePerTest } from './contract.suite'
import type { Store } from './store'

const T0 = '2025-03-01T10:00:00.000Z'
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString()

/**
 * Consent to marketing mail (docs/contracts.md "Customers and privacy") every data adapter must
 * keep: a history of changes by lower-cased email, never overwritten, the same state twice one
 * entry; and a marketing mail's headers kept in the outbox.
 */
export function describeConsentsContract(name: string, harness: ContractHarness): void {
  describe(`consents contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })

    it('has no consent for an email never recorded, and an opt-out alone records nothing', async () => {
      expect(await store.consents.current('nobody@example.co.za')).toBe(false)
      expect(await store.consents.history('nobody@example.co.za')).toEqual([])
      const recorded = await store.consents.record({
        email: 'nobody@example.co.za',
        userId: null,
        optIn: false,
        source: 'checkout',
      })
      expect(recorded).toBe(false)
      expect(await store.consents.history('nobody@example.co.za')).toEqual([])
    })

    it('keeps every change with its time, source and account, oldest first, by lower-cased email', async () => {
      expect(
        await store.consents.record({
          email: 'Thandi@Example.co.za',
          userId: 'u1',
          optIn: true,
          source: 'sign-up',
        }),
      ).toBe(true)
      clock.set(minutes(5))
      // The same state again (a second checkout with the box ticked) is not a change.
      expect(
        await store.consents.record({
          email: 'thandi@example.co.za',
          userId: null,
          optIn: true,
          source: 'checkout',
        }),
      ).toBe(false)
      clock.set(minutes(10))
      expect(
        await store.consents.record({
          email: 'thandi@example.co.za ',
          userId: null,
          optIn: false,
          source: 'unsubscribe',
        }),
      ).toBe(true)
      clock.set(minutes(20))
      await store.consents.record({
        email: 'thandi@example.co.za',
        userId: 'u1',
        optIn: true,
        source: 'account',
      })

      expect(await store.consents.current('THANDI@example.co.za')).toBe(true)
      expect(await store.consents.history('thandi@example.co.za')).toEqual([
        { email: 'thandi@example.co.za', userId: 'u1', optIn: true, source: 'sign-up', at: T0 },
        {
          email: 'thandi@example.co.za',
          userId: null,
          optIn: false,
          source: 'unsubscribe',
          at: minutes(10),
        },
        {
          email: 'thandi@example.co.za',
          userId: 'u1',
          optIn: true,
          source: 'account',
          at: minutes(20),
        },
      ])
      // Another address's consent is its own.
      expect(await store.consents.current('sipho@example.co.za')).toBe(false)
    })

    it('records one change when the same choice arrives twice at once', async () => {
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          store.consents.record({
            email: 'race@example.co.za',
            userId: null,
            optIn: true,
            source: 'checkout',
          }),
        ),
      )
      expect(results.filter(Boolean)).toHaveLength(1)
      expect(await store.consents.history('race@example.co.za')).toHaveLength(1)
    })

    it('forgets an email on erase, and only that email', async () => {
      for (const email of ['gone@example.co.za', 'kept@example.co.za']) {
        await store.consents.record({ email, userId: null, optIn: true, source: 'checkout' })
      }
      await store.consents.erase('GONE@example.co.za')
      expect(await store.consents.current('gone@example.co.za')).toBe(false)
      expect(await store.consents.history('gone@example.co.za')).toEqual([])
      expect(await store.consents.current('kept@example.co.za')).toBe(true)
      // After erasing, a new opt-in starts a new history.
      expect(
        await store.consents.record({
          email: 'gone@example.co.za',
          userId: null,
          optIn: true,
          source: 'account',
        }),
      ).toBe(true)
      expect(await store.consents.history('gone@example.co.za')).toHaveLength(1)
    })

    it("keeps a marketing mail's headers in the outbox, and none for other mail", async () => {
      const headers = {
        'List-Unsubscribe': '<https://shop.example/unsubscribe?t=abc.def>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
      await store.outbox.enqueue(mailDraft('back-in-stock:v1:a@example.co.za', { headers }))
      await store.outbox.enqueue(mailDraft('order-paid:ORD-1'))
      expect((await store.outbox.get('back-in-stock:v1:a@example.co.za'))?.headers).toEqual(headers)
      expect((await store.outbox.get('order-paid:ORD-1'))?.headers).toBeUndefined()
      const [claimed] = (await store.outbox.claimDue(60_000, 10)).filter((m) => m.headers)
      expect(claimed?.headers).toEqual(headers)
    })
  })
}
