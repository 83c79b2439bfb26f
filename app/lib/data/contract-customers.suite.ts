import { describe, expect, it } from 'vitest'

import { manualClock, storePerTest, type ContractHarness } from './contract.suite'
import type { Store } from './store'

const T0 = '2025-03-01T10:00:00.000Z'

/**
 * The back office's customer search (docs/contracts.md "Customers and privacy") every data adapter
 * must keep: newest first, paged with the total, by name or email in any case, and found under a
 * new name once the profile changes. What both backends find: a whole or starting email, the start
 * of a first or last name, and the start of "first last".
 */
export function describeCustomerSearchContract(name: string, harness: ContractHarness): void {
  describe(`customer search contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })

    /** Customers joining a minute apart, in the order given (the last is the newest). */
    const join = async (...people: [id: string, email: string, first: string, last: string][]) => {
      for (const [id, email, firstName, lastName] of people) {
        await store.users.create({ id, email, firstName, lastName, phone: null, address: null })
        clock.advance(1)
      }
    }
    const ids = (page: { items: { id: string }[] }) => page.items.map((user) => user.id)

    it('lists every customer newest first, a page at a time, with the total', async () => {
      await join(
        ['u1', 'thandi.mokoena@example.co.za', 'Thandi', 'Mokoena'],
        ['u2', 'sipho@dlamini.co.za', 'Sipho', 'Dlamini'],
        ['u3', 'anna@example.com', 'Anna', 'van der Merwe'],
      )
      expect(await store.users.search({ offset: 0, limit: 2 })).toEqual({
        items: [
          expect.objectContaining({ id: 'u3', email: 'anna@example.com', staff: false }),
          expect.objectContaining({ id: 'u2' }),
        ],
        total: 3,
      })
      expect(ids(await store.users.search({ q: '  ', offset: 2, limit: 2 }))).toEqual(['u1'])
      // The list reads back the user as the store keeps it, nothing more.
      const [first] = (await store.users.search({ q: '', offset: 2, limit: 1 })).items
      expect(first).toEqual(await store.users.get('u1'))
    })

    it('finds a customer by email or name in any case, and only them', async () => {
      await join(
        ['u1', 'Thandi.Mokoena@Example.co.za', 'Thandi', 'Mokoena'],
        ['u2', 'sipho@dlamini.co.za', 'Sipho', 'Dlamini'],
        ['u3', 'lindiwe@example.co.za', 'Lindiwe', 'Mokoena'],
      )
      const find = async (q: string) => ids(await store.users.search({ q, offset: 0, limit: 10 }))
      expect(await find('thandi.mokoena@example.co.za')).toEqual(['u1'])
      expect(await find('SIPHO@')).toEqual(['u2'])
      expect(await find('sip')).toEqual(['u2'])
      expect(await find('mokoena')).toEqual(['u3', 'u1'])
      expect(await find(' LINDIWE ')).toEqual(['u3'])
      expect(await find('thandi   mok')).toEqual(['u1'])
      expect(await find('nobody')).toEqual([])
      expect(await store.users.search({ q: 'mokoena', offset: 1, limit: 1 })).toEqual({
        items: [expect.objectContaining({ id: 'u1' })],
        total: 2,
      })
    })

    it('takes a search as text: wildcards and long input match nothing they do not contain', async () => {
      await join(['u1', 'sipho@dlamini.co.za', 'Sipho', 'Dlamini'])
      for (const q of ['%', '_', '\\', 's%', "' OR 1=1 --", 'x'.repeat(2000)]) {
        expect(await store.users.search({ q, offset: 0, limit: 10 })).toEqual({
          items: [],
          total: 0,
        })
      }
    })

    it('finds a customer by their new name after a profile change, not the old one', async () => {
      await join(['u1', 'sipho@dlamini.co.za', 'Sipho', 'Dlamini'])
      await store.users.updateProfile('u1', {
        firstName: 'Sibusiso',
        lastName: 'Zulu',
        phone: null,
      })
      const find = async (q: string) => ids(await store.users.search({ q, offset: 0, limit: 10 }))
      expect(await find('zulu')).toEqual(['u1'])
      expect(await find('sibusiso z')).toEqual(['u1'])
      expect(await find('sipho d')).toEqual([])
      expect(await find('sipho@dlamini.co.za')).toEqual(['u1'])
    })

    it('refuses a page that is not one', async () => {
      await expect(store.users.search({ offset: -1, limit: 10 })).rejects.toThrow(RangeError)
      await expect(store.users.search({ offset: 0, limit: 0 })).rejects.toThrow(RangeError)
    })
  })
}
