import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { authAction } from '~/lib/account/auth-action.server'
import { cartAction } from '~/lib/cart/cart-action.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'
import { checkoutAction } from '~/lib/checkout/checkout.server'
import { openStore, type Store } from '~/lib/data/index.server'
import { honeypot } from '~/lib/honeypot.server'
import * as accountRoute from '~/routes/account'
import { answer, get, post, signInStaffAndCustomer } from '../../../test/admin-requests'

/**
 * "Send me news and offers" on the three forms that carry it, over a real SQLite store: sign-up,
 * checkout and /account each record a change with its source; an unticked box at sign-up or
 * checkout changes nobody's choice; /account shows the choice and when it was made.
 */
let store: Store
let dataDir: string
let customer: string
vi.mock('~/lib/data/index.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...actual, getStore: () => Promise.resolve(store) }
})

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'consent-forms-test-'))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([
    makeProduct({ id: 'rusks', name: 'Buttermilk rusks', priceCents: 6500, stock: 50 }),
  ])
  customer = (await signInStaffAndCustomer(store)).customer
})

afterAll(async () => {
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const sources = async (email: string) =>
  (await store.consents.history(email)).map(
    (entry) => `${entry.optIn ? 'in' : 'out'}:${entry.source}`,
  )

describe('consent at sign-up', () => {
  const signUp = (email: string, extra: Record<string, string> = {}) => {
    const trap = honeypot.getInputProps()
    return authAction({
      request: post('/auth', {
        intent: 'signup',
        firstName: 'Lerato',
        lastName: 'Dlamini',
        email,
        password: 'long enough',
        [trap.nameFieldName]: '',
        [trap.validFromFieldName!]: trap.encryptedValidFrom,
        ...extra,
      }),
      clientIp: '10.1.0.1',
    })
  }

  it('records a tick as consent from sign-up, for the new account; no tick records nothing', async () => {
    expect(
      ((await signUp('lerato@example.co.za', { marketingOptIn: 'on' })) as Response).status,
    ).toBe(302)
    const [entry] = await store.consents.history('lerato@example.co.za')
    expect(entry).toMatchObject({ optIn: true, source: 'sign-up' })
    const user = await store.users.getByEmail('lerato@example.co.za')
    expect(entry?.userId).toBe(user?.id)

    await signUp('quiet@example.co.za')
    expect(await store.consents.history('quiet@example.co.za')).toEqual([])
  })

  it("changes nothing for a taken email: a stranger's tick is not its owner's consent", async () => {
    await signUp('owner@example.co.za')
    const again = (await signUp('owner@example.co.za', { marketingOptIn: 'on' })) as Response
    expect(again.status).toBe(302) // the same answer as a new account: nothing told
    expect(await store.consents.current('owner@example.co.za')).toBe(false)
  })
})

describe('consent at checkout', () => {
  const details = {
    email: 'Guest@Example.co.za',
    firstName: 'Sipho',
    lastName: 'Nkosi',
    phone: '082 123 4567',
    line1: '12 Long Street',
    line2: '',
    suburb: 'Gardens',
    city: 'Cape Town',
    province: 'Western Cape',
    postalCode: '8001',
    acceptTerms: 'on',
  }
  async function checkout(form: Record<string, string>) {
    const added = (await cartAction({
      request: post('/cart', { intent: 'add', productId: 'rusks', quantity: '1' }),
    })) as Response
    const cookie = added.headers.get('Set-Cookie')!.split(';')[0]!
    return checkoutAction({ request: post('/checkout', form, cookie) })
  }

  it("records a guest's tick for the order's email once the order is placed; no tick changes nothing", async () => {
    expect(await checkout(details)).toBeInstanceOf(Response)
    expect(await store.consents.history('guest@example.co.za')).toEqual([])
    expect(await checkout({ ...details, marketingOptIn: 'on' })).toBeInstanceOf(Response)
    expect(await sources('guest@example.co.za')).toEqual(['in:checkout'])
    // A later checkout without the tick is not a withdrawal (that is /account or the mail's link).
    await checkout(details)
    expect(await store.consents.current('guest@example.co.za')).toBe(true)
  })

  it('refuses a box value no browser sends, naming the field', async () => {
    const refused = (await checkout({ ...details, marketingOptIn: 'yes please' })) as unknown as {
      data: { result: { error?: Record<string, string[]> } }
      init: ResponseInit | null
    }
    expect(refused.init?.status).toBe(400)
    expect(refused.data.result.error?.marketingOptIn).toEqual(['Tick the box or leave it empty'])
  })
})

describe('consent on /account', () => {
  const load = () =>
    answer(() =>
      accountRoute.loader({
        request: get('/account', customer),
        params: {},
        context: { clientIp: '10.1.0.9' },
      }),
    )
  const save = (fields: Record<string, string>) =>
    answer(() =>
      accountRoute.action({
        request: post('/account', { intent: 'marketing', ...fields }, customer),
        params: {},
        context: { clientIp: '10.1.0.9' },
      }),
    )

  it('shows the choice and when it was made; ticking and unticking each record one change', async () => {
    expect((await load()).body.consent).toEqual({ optIn: false, since: null, source: null })

    const on = await save({ marketingOptIn: 'on' })
    expect(on.status).toBe(302)
    expect(on.location).toBe('/account')
    const shown = (await load()).body.consent
    expect(shown).toMatchObject({ optIn: true, source: 'account' })
    expect(Date.parse(shown.since)).not.toBeNaN()

    await save({ marketingOptIn: 'on' }) // the same again: no second entry
    await save({}) // unticked and saved: a withdrawal
    expect(await sources('thandi@example.co.za')).toEqual(['in:account', 'out:account'])
    const [, out] = await store.consents.history('thandi@example.co.za')
    expect(out?.userId).toBe('customer-1')
    expect((await load()).body.consent).toMatchObject({ optIn: false, source: 'account' })
  })
})
