import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Store } from '~/lib/data/store'
import { ADDRESS_BOOK_MAX, type SavedAddress } from '~/lib/shipping/types'
import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as AccountRoute from './account'
import type * as AddressesRoute from './account_.addresses'

/**
 * /account/addresses over a real SQLite store in a temp DATA_DIR, signed in through the real
 * cookie: the customer (customer-1) and someone else (staff-1, a customer too as far as the
 * address book goes).
 */
const dir = mkdtempSync(path.join(tmpdir(), 'account-addresses-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let route: typeof AddressesRoute
let account: typeof AccountRoute
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  who = await signInStaffAndCustomer(store)
  route = await import('./account_.addresses')
  account = await import('./account')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

/** Each test starts with empty books. */
beforeEach(async () => {
  for (const userId of ['customer-1', 'staff-1']) {
    for (const address of await store.addresses.list(userId)) {
      await store.addresses.remove(userId, address.id)
    }
  }
})

const HOME = {
  label: 'Home',
  firstName: 'Thandi',
  lastName: 'Mokoena',
  phone: '082 123 4567',
  line1: '12 Long Street',
  line2: '',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
}
const WORK = {
  ...HOME,
  label: 'Work',
  line1: '1 Dock Road',
  suburb: 'V&A Waterfront',
  postalCode: '8002',
}

/** `cookie` '' for a visitor. */
const load = (search = '', cookie = who.customer) =>
  answer(() =>
    route.loader({ request: get(`/account/addresses${search}`, cookie), params: {}, context }),
  )
const send = (fields: Record<string, string>, cookie = who.customer, search = '') =>
  answer(() =>
    route.action({
      request: post(`/account/addresses${search}`, fields, cookie),
      params: {},
      context,
    }),
  )
const book = (userId = 'customer-1') => store.addresses.list(userId)

/** The flash message a redirect carries, as the next page would show it. */
async function toastOf(headers: Headers) {
  const { getToast } = await import('~/lib/toast.server')
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ')
  return (await getToast(new Request('http://localhost:3000/', { headers: { Cookie: cookie } })))
    .toast
}

async function add(fields: Record<string, string>, userId = 'customer-1'): Promise<SavedAddress> {
  const cookie = userId === 'customer-1' ? who.customer : who.staff
  const result = await send({ intent: 'save', addressId: '', ...fields }, cookie)
  expect(result.status).toBe(302)
  return (await book(userId)).find((address) => address.label === fields.label)!
}

describe('/account/addresses', () => {
  it('sends a visitor to sign in and back, for the page and for a post', async () => {
    const page = await load('?edit=abc', '')
    expect(page.status).toBe(302)
    expect(page.location).toBe('/auth?redirectTo=%2Faccount%2Faddresses%3Fedit%3Dabc')
    const posted = await send({ intent: 'save', ...HOME }, '')
    expect(posted.location).toBe('/auth?redirectTo=%2Faccount%2Faddresses')
    expect(await book()).toEqual([])
  })

  it('adds an address, the first one the default, and says so in a toast', async () => {
    const result = await send({ intent: 'save', addressId: '', ...HOME })
    expect(result.status).toBe(302)
    expect(result.location).toBe('/account/addresses')
    expect(await toastOf(result.headers)).toMatchObject({
      type: 'success',
      title: 'Home added to your addresses',
      description: 'It is your default delivery address.',
    })
    expect(await book()).toEqual([
      expect.objectContaining({ ...HOME, line2: null, isDefault: true }),
    ])

    const page = await load()
    expect(page.body.addresses).toEqual([
      {
        id: expect.any(String),
        label: 'Home',
        isDefault: true,
        recipient: 'Thandi Mokoena',
        phone: '082 123 4567',
        lines: ['12 Long Street', 'Gardens', 'Cape Town', 'Western Cape 8001'],
      },
    ])
    // A new address's form starts with the customer's own name (the profile's).
    expect(page.body.values).toMatchObject({ label: '', firstName: 'Nomsa', lastName: 'Zulu' })
    expect(page.body.editing).toBeNull()
  })

  it('adds a second address as the default when asked, and not otherwise', async () => {
    await add(HOME)
    await add(WORK)
    expect((await book()).map((a) => [a.label, a.isDefault])).toEqual([
      ['Home', true],
      ['Work', false],
    ])
    await send({ intent: 'save', ...WORK, label: 'Gym', makeDefault: 'on' })
    expect((await book()).map((a) => [a.label, a.isDefault])).toEqual([
      ['Gym', true],
      ['Work', false],
      ['Home', false],
    ])
  })

  it('edits an address: the loader fills the form, the save keeps its id', async () => {
    const home = await add(HOME)
    const page = await load(`?edit=${home.id}`)
    expect(page.body.editing).toEqual({ id: home.id, label: 'Home', isDefault: true })
    expect(page.body.values).toEqual({ ...HOME, line2: '' })

    const result = await send(
      { intent: 'save', addressId: home.id, ...HOME, line2: 'Flat 4', label: 'Flat' },
      who.customer,
      `?edit=${home.id}`,
    )
    expect(result.location).toBe('/account/addresses')
    expect(await toastOf(result.headers)).toMatchObject({ title: 'Flat saved' })
    expect(await book()).toEqual([
      expect.objectContaining({ id: home.id, label: 'Flat', line2: 'Flat 4', isDefault: true }),
    ])
  })

  it('names each field to fix (suburb too), keeps the values and saves nothing: 400', async () => {
    const result = await send({
      intent: 'save',
      addressId: '',
      ...HOME,
      label: '',
      suburb: ' ',
      postalCode: '80',
      phone: '123',
      province: 'Atlantis',
    })
    expect(result.status).toBe(400)
    expect(result.body.form).toBe('save')
    expect(result.body.result.error).toEqual({
      label: ['Name this address, e.g. Home or Work'],
      phone: [expect.stringMatching(/South African phone number/)],
      suburb: ['Enter the suburb'],
      province: ['Choose one of the nine provinces'],
      postalCode: ['Enter the 4-digit postal code, e.g. 8001'],
    })
    expect(result.body.result.initialValue).toMatchObject({ line1: '12 Long Street' })
    expect(await book()).toEqual([])
  })

  it('removes an address; removing the default makes the newest remaining one the default', async () => {
    const home = await add(HOME)
    const work = await add(WORK)
    await add({ ...WORK, label: 'Gym' })
    const result = await send({ intent: 'delete', addressId: home.id })
    expect(result.location).toBe('/account/addresses')
    expect(await toastOf(result.headers)).toMatchObject({
      title: 'Home removed',
      description: 'Gym is now your default address.',
    })
    expect((await book()).map((a) => [a.label, a.isDefault])).toEqual([
      ['Gym', true],
      ['Work', false],
    ])
    const again = await send({ intent: 'delete', addressId: work.id })
    const removed = await toastOf(again.headers)
    expect(removed).toMatchObject({ title: 'Work removed' })
    expect(removed?.description).toBeUndefined()
  })

  it('makes another address the default', async () => {
    await add(HOME)
    const work = await add(WORK)
    const result = await send({ intent: 'default', addressId: work.id })
    expect(result.location).toBe('/account/addresses')
    expect(await toastOf(result.headers)).toMatchObject({
      title: 'Work is now your default address',
    })
    expect((await book()).map((a) => [a.label, a.isDefault])).toEqual([
      ['Work', true],
      ['Home', false],
    ])
  })

  it("refuses another customer's address for every intent, changing nothing: 400", async () => {
    const theirs = await add({ ...HOME, label: 'Theirs' }, 'staff-1')
    const before = await book('staff-1')
    for (const fields of [
      { intent: 'save', ...WORK, addressId: theirs.id },
      { intent: 'delete', addressId: theirs.id },
      { intent: 'default', addressId: theirs.id },
    ]) {
      const result = await send(fields)
      expect(result.status).toBe(400)
      expect(result.body.result.error).toEqual({
        '': ['That address is not in your address book any more. Reload the page to see it.'],
      })
    }
    expect(await book('staff-1')).toEqual(before)
    expect(await book()).toEqual([])
    // Nor does the page show it to fill the form.
    const page = await load(`?edit=${theirs.id}`)
    expect(page.body).toMatchObject({ editing: null, editMissing: true })
    expect(page.body.values.line1).toBe('')
  })

  it('answers 400 on a missing or malformed id and an unknown intent', async () => {
    const posts: Record<string, string>[] = [
      { intent: 'delete' },
      { intent: 'default', addressId: '../../etc' },
      { intent: 'explode', addressId: 'abc' },
    ]
    for (const fields of posts) {
      expect((await send(fields)).status).toBe(400)
    }
    const missing = await send({ intent: 'delete' })
    expect(missing.body.result.error).toEqual({ addressId: ['Choose one of your saved addresses'] })
  })

  it(`refuses an address beyond ${ADDRESS_BOOK_MAX}: 400, and the page offers no form`, async () => {
    for (let i = 0; i < ADDRESS_BOOK_MAX; i++) {
      await store.addresses.save('customer-1', null, {
        ...HOME,
        line2: null,
        province: 'Western Cape',
        label: `Office ${i}`,
      })
    }
    const result = await send({ intent: 'save', addressId: '', ...WORK })
    expect(result.status).toBe(400)
    expect(result.body.result.error).toEqual({
      '': [
        `Your address book holds ${ADDRESS_BOOK_MAX} addresses, the most it can. Remove one to add another.`,
      ],
    })
    expect((await load()).body).toMatchObject({ full: true, max: ADDRESS_BOOK_MAX })
    expect(await book()).toHaveLength(ADDRESS_BOOK_MAX)
  })

  it("is what /account's address form edits: the default address of the book", async () => {
    const home = await add(HOME)
    await add(WORK)
    const fields = {
      intent: 'address',
      line1: '99 Kloof Street',
      line2: '',
      suburb: 'Tamboerskloof',
      city: 'Cape Town',
      province: 'Western Cape',
      postalCode: '8001',
    }
    const saved = await answer(() =>
      account.action({ request: post('/account', fields, who.customer), params: {}, context }),
    )
    expect(saved.location).toBe('/account')
    expect((await book())[0]).toMatchObject({
      id: home.id,
      label: 'Home',
      firstName: 'Thandi',
      line1: '99 Kloof Street',
      suburb: 'Tamboerskloof',
      isDefault: true,
    })
    expect(await book()).toHaveLength(2)
    const page = await answer(() =>
      account.loader({ request: get('/account', who.customer), params: {}, context }),
    )
    expect(page.body.address).toMatchObject({ line1: '99 Kloof Street', suburb: 'Tamboerskloof' })
  })
})
