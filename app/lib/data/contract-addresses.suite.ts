import { describe, expect, it } from 'vitest'

import { ADDRESS_BOOK_MAX, type AddressDraft, type SavedAddress } from '~/lib/shipping/types'

import { manualClock, storePerTest, type ContractHarness } from './contract.suite'
import { AddressBookFullError, type Store } from './store'
import type { Address } from './types'

const T0 = '2025-03-01T10:00:00.000Z'
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString()

/** Thandi's home in Cape Town, as the address form hands it to the store. */
export const HOME: AddressDraft = {
  label: 'Home',
  firstName: 'Thandi',
  lastName: 'Mokoena',
  phone: '082 123 4567',
  line1: '12 Long Street',
  line2: null,
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
}

export const WORK: AddressDraft = {
  label: 'Work',
  firstName: 'Thandi',
  lastName: 'Mokoena',
  phone: '021 555 0100',
  line1: '1 Dock Road',
  line2: 'Floor 3',
  suburb: 'V&A Waterfront',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8002',
}

/** Her mother's farm outside Springbok, where a parcel sometimes goes. */
export const FARM: AddressDraft = {
  label: "Ma's farm",
  firstName: 'Lindiwe',
  lastName: 'Mokoena',
  phone: '027 712 3456',
  line1: 'Plaas Rooiberg',
  line2: null,
  suburb: 'Okiep',
  city: 'Springbok',
  province: 'Northern Cape',
  postalCode: '8270',
}

const OLD_ADDRESS: Address = {
  line1: '7 Jacaranda Avenue',
  line2: 'Unit 2',
  suburb: 'Melville',
  city: 'Johannesburg',
  province: 'Gauteng',
  postalCode: '2092',
}

const labels = (addresses: SavedAddress[]) =>
  addresses.map((address) => `${address.label}${address.isDefault ? ' (default)' : ''}`)

/**
 * The address book (docs/contracts.md "Shipping") every data adapter must keep: one default while
 * there are addresses, the default first and then the newest, never another customer's address,
 * at most ADDRESS_BOOK_MAX, and the single address of before as the first entry.
 */
export function describeAddressBookContract(name: string, harness: ContractHarness): void {
  describe(`address book contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })

    const customer = (id: string, address: Address | null = null) =>
      store.users.create({
        id,
        email: `${id}@example.co.za`,
        firstName: 'Sipho',
        lastName: 'Dlamini',
        phone: address ? '083 444 5555' : null,
        address,
      })

    it('starts empty and knows no address', async () => {
      await customer('u1')
      expect(await store.addresses.list('u1')).toEqual([])
      expect(await store.addresses.list('nobody')).toEqual([])
      expect(await store.addresses.get('u1', 'missing')).toBeNull()
      expect(await store.addresses.remove('u1', 'missing')).toBe(false)
      expect(await store.addresses.makeDefault('u1', 'missing')).toBeNull()
      expect(await store.addresses.save('u1', 'missing', HOME)).toBeNull()
      expect(await store.addresses.list('u1')).toEqual([])
    })

    it('makes the first address the default and lists the default first, then the newest', async () => {
      await customer('u1')
      const home = await store.addresses.save('u1', null, HOME)
      expect(home).toEqual({
        ...HOME,
        id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        isDefault: true,
        createdAt: T0,
        updatedAt: T0,
      })
      clock.advance(1)
      const work = await store.addresses.save('u1', null, WORK)
      clock.advance(1)
      const farm = await store.addresses.save('u1', null, FARM, { makeDefault: false })
      expect(work).toMatchObject({ isDefault: false, createdAt: minutes(1) })
      expect(farm).toMatchObject({ isDefault: false, createdAt: minutes(2) })
      expect(labels(await store.addresses.list('u1'))).toEqual([
        'Home (default)',
        "Ma's farm",
        'Work',
      ])
      expect(await store.addresses.get('u1', work!.id)).toEqual(work)
      expect(new Set([home!.id, work!.id, farm!.id]).size).toBe(3)
    })

    it('keeps the order of addresses added in the same instant', async () => {
      await customer('u1')
      await store.addresses.save('u1', null, HOME)
      await store.addresses.save('u1', null, WORK)
      await store.addresses.save('u1', null, FARM)
      expect(labels(await store.addresses.list('u1'))).toEqual([
        'Home (default)',
        "Ma's farm",
        'Work',
      ])
    })

    it('moves the default to a new address saved as the default, and to one made default', async () => {
      await customer('u1')
      const home = await store.addresses.save('u1', null, HOME)
      const work = await store.addresses.save('u1', null, WORK, { makeDefault: true })
      expect(work?.isDefault).toBe(true)
      expect(await store.addresses.get('u1', home!.id)).toMatchObject({ isDefault: false })
      expect(labels(await store.addresses.list('u1'))).toEqual(['Work (default)', 'Home'])

      const made = await store.addresses.makeDefault('u1', home!.id)
      expect(made).toEqual({ ...home, isDefault: true })
      expect(labels(await store.addresses.list('u1'))).toEqual(['Home (default)', 'Work'])
      // Making the default the default again changes nothing.
      expect(await store.addresses.makeDefault('u1', home!.id)).toEqual(made)
      expect(labels(await store.addresses.list('u1'))).toEqual(['Home (default)', 'Work'])
    })

    it('edits an address in place: same id, same creation, new fields; the default stays', async () => {
      await customer('u1')
      const home = await store.addresses.save('u1', null, HOME)
      const work = await store.addresses.save('u1', null, WORK)
      clock.advance(5)
      const moved = { ...HOME, line1: '14 Long Street', line2: 'Flat 1', phone: '082 999 0000' }
      const edited = await store.addresses.save('u1', home!.id, moved)
      expect(edited).toEqual({
        ...moved,
        id: home!.id,
        isDefault: true,
        createdAt: T0,
        updatedAt: minutes(5),
      })
      expect(await store.addresses.get('u1', home!.id)).toEqual(edited)
      // Saving the default without makeDefault leaves it the default (a book always has one).
      const again = await store.addresses.save('u1', home!.id, moved, { makeDefault: false })
      expect(again?.isDefault).toBe(true)
      // An edit that asks for the default takes it.
      const workDefault = await store.addresses.save('u1', work!.id, WORK, { makeDefault: true })
      expect(workDefault).toMatchObject({ id: work!.id, isDefault: true, createdAt: T0 })
      expect(labels(await store.addresses.list('u1'))).toEqual(['Work (default)', 'Home'])
    })

    it('stores only the fields of an address, and a blank line 2 as none', async () => {
      await customer('u1')
      const smuggled = { ...HOME, line2: '', isDefault: false, id: 'chosen', userId: 'u2' }
      const saved = await store.addresses.save('u1', null, smuggled as AddressDraft)
      expect(saved).toMatchObject({ line2: null, isDefault: true })
      expect(saved?.id).not.toBe('chosen')
      expect(await store.addresses.get('u1', saved!.id)).toEqual(saved)
      expect(Object.keys(saved!).sort()).toEqual(
        [...Object.keys(HOME), 'id', 'isDefault', 'createdAt', 'updatedAt'].sort(),
      )
      expect(await store.addresses.list('u2')).toEqual([])
    })

    it("never answers with, changes or removes another customer's address", async () => {
      await customer('u1')
      await customer('u2')
      const thandis = await store.addresses.save('u1', null, HOME)
      const siphos = await store.addresses.save('u2', null, WORK)
      const id = thandis!.id

      expect(await store.addresses.get('u2', id)).toBeNull()
      expect(await store.addresses.save('u2', id, FARM, { makeDefault: true })).toBeNull()
      expect(await store.addresses.makeDefault('u2', id)).toBeNull()
      expect(await store.addresses.remove('u2', id)).toBe(false)

      expect(await store.addresses.list('u1')).toEqual([thandis])
      expect(await store.addresses.list('u2')).toEqual([siphos])
    })

    it('makes the newest remaining address the default when the default is removed', async () => {
      await customer('u1')
      const home = await store.addresses.save('u1', null, HOME)
      const work = await store.addresses.save('u1', null, WORK)
      const farm = await store.addresses.save('u1', null, FARM)
      await store.addresses.makeDefault('u1', work!.id)

      // Removing one that is not the default leaves the default where it is.
      expect(await store.addresses.remove('u1', home!.id)).toBe(true)
      expect(labels(await store.addresses.list('u1'))).toEqual(['Work (default)', "Ma's farm"])
      expect(await store.addresses.get('u1', home!.id)).toBeNull()
      expect(await store.addresses.remove('u1', home!.id)).toBe(false)

      expect(await store.addresses.remove('u1', work!.id)).toBe(true)
      expect(await store.addresses.list('u1')).toEqual([{ ...farm, isDefault: true }])

      expect(await store.addresses.remove('u1', farm!.id)).toBe(true)
      expect(await store.addresses.list('u1')).toEqual([])
      // An empty book starts again: its next first address is the default.
      const next = await store.addresses.save('u1', null, WORK)
      expect(next?.isDefault).toBe(true)
    })

    it(`holds at most ${ADDRESS_BOOK_MAX} addresses, and still edits a full book`, async () => {
      await customer('u1')
      const saved: SavedAddress[] = []
      for (let i = 0; i < ADDRESS_BOOK_MAX; i++) {
        saved.push((await store.addresses.save('u1', null, { ...WORK, label: `Office ${i}` }))!)
      }
      await expect(store.addresses.save('u1', null, HOME)).rejects.toBeInstanceOf(
        AddressBookFullError,
      )
      expect(await store.addresses.list('u1')).toHaveLength(ADDRESS_BOOK_MAX)
      const last = saved.at(-1)!
      const edited = await store.addresses.save('u1', last.id, HOME, { makeDefault: true })
      expect(edited).toMatchObject({ id: last.id, label: 'Home', isDefault: true })
      await store.addresses.remove('u1', saved[0]!.id)
      expect(await store.addresses.save('u1', null, FARM)).toMatchObject({ label: "Ma's farm" })
    })

    it('keeps exactly one default when several changes race', async () => {
      await customer('u1')
      const added = await Promise.all(
        [HOME, WORK, FARM].map((d) => store.addresses.save('u1', null, d)),
      )
      expect(added.filter((a) => a?.isDefault)).toHaveLength(1)
      await Promise.all(added.map((a) => store.addresses.makeDefault('u1', a!.id)))
      const book = await store.addresses.list('u1')
      expect(book).toHaveLength(3)
      expect(book.filter((a) => a.isDefault)).toHaveLength(1)
      expect(book[0]?.isDefault).toBe(true)
    })

    it('shows the single address of before as the first entry, the default, once', async () => {
      await customer('u1', OLD_ADDRESS)
      clock.advance(3)
      const book = await store.addresses.list('u1')
      expect(book).toEqual([
        {
          ...OLD_ADDRESS,
          id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
          label: 'Home',
          firstName: 'Sipho',
          lastName: 'Dlamini',
          phone: '083 444 5555',
          isDefault: true,
          createdAt: minutes(3),
          updatedAt: minutes(3),
        },
      ])
      // Read again: the same entry, not a second copy.
      expect(await store.addresses.list('u1')).toEqual(book)
      expect(await store.addresses.get('u1', book[0]!.id)).toEqual(book[0])

      const work = await store.addresses.save('u1', null, WORK)
      expect(work?.isDefault).toBe(false)
      expect(labels(await store.addresses.list('u1'))).toEqual(['Home (default)', 'Work'])

      // Removed, it does not come back.
      await store.addresses.remove('u1', book[0]!.id)
      expect(await store.addresses.list('u1')).toEqual([{ ...work, isDefault: true }])
    })

    it('brings the address of before in when the first touch of the book is a write', async () => {
      await customer('u1', OLD_ADDRESS)
      const work = await store.addresses.save('u1', null, WORK, { makeDefault: true })
      expect(labels(await store.addresses.list('u1'))).toEqual(['Work (default)', 'Home'])
      expect(work?.isDefault).toBe(true)

      await customer('u2', OLD_ADDRESS)
      expect(await store.addresses.remove('u2', 'missing')).toBe(false)
      expect(labels(await store.addresses.list('u2'))).toEqual(['Home (default)'])
      // A customer without one starts with an empty book.
      await customer('u3')
      expect(await store.addresses.save('u3', 'missing', HOME)).toBeNull()
      expect(await store.addresses.list('u3')).toEqual([])
    })
  })
}
