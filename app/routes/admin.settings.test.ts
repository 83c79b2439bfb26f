import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Store } from '~/lib/data/store'
import { DEMO_SHOP_DETAILS } from '~/lib/legal/shop-details'
import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as SettingsRoute from './admin.settings'

/** /admin/settings (the shop's legal details) over a real SQLite store, through the real cookie. */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-settings-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let route: typeof SettingsRoute
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  who = await signInStaffAndCustomer(store)
  route = await import('./admin.settings')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const load = (cookie = who.staff) =>
  answer(() => route.loader({ request: get('/admin/settings', cookie), params: {}, context }))
const save = (fields: Record<string, string>, cookie = who.staff) =>
  answer(() =>
    route.action({ request: post('/admin/settings', fields, cookie), params: {}, context }),
  )

const VLEI = {
  legalName: 'Vlei Trading CC',
  tradingName: 'Vlei',
  address: '4 Main Road\nSedgefield\n6573',
  email: 'Hello@Vlei.example',
  phone: '044 343 0000',
  vatNumber: '',
  registrationNumber: '2001/000001/23',
}

describe('/admin/settings', () => {
  it('is staff only: a customer gets the 404 page and saves nothing', async () => {
    expect((await load(who.customer)).status).toBe(404)
    expect((await save(VLEI, who.customer)).status).toBe(404)
    expect(await store.shopDetails.get()).toBeNull()
  })

  it('shows the demo shop’s details before any save, then saves staff’s whole, with who and when', async () => {
    const before = await load()
    expect(before.status).toBe(200)
    expect(before.body.origin).toEqual({ saved: false })
    expect(before.body.values).toMatchObject({
      legalName: DEMO_SHOP_DETAILS.legalName,
      address: DEMO_SHOP_DETAILS.address.join('\n'),
    })

    const saved = await save(VLEI)
    expect(saved.status).toBe(302)
    expect(saved.location).toBe('/admin/settings')
    expect(await store.shopDetails.get()).toMatchObject({
      legalName: 'Vlei Trading CC',
      address: ['4 Main Road', 'Sedgefield', '6573'],
      email: 'hello@vlei.example',
      vatNumber: null,
      registrationNumber: '2001/000001/23',
      updatedBy: 'nomsa@shop.example.co.za',
    })
    const after = await load()
    expect(after.body.origin).toMatchObject({ saved: true, updatedBy: 'nomsa@shop.example.co.za' })
    expect(after.body.values.address).toBe('4 Main Road\nSedgefield\n6573')
  })

  it('refuses bad details with a 400 naming each field and the fix, and keeps what was saved', async () => {
    const kept = await store.shopDetails.get()
    const refused = await save({
      ...VLEI,
      legalName: ' ',
      address: 'Sedgefield',
      vatNumber: '5123456789',
      registrationNumber: '12345',
      phone: '12',
    })
    expect(refused.status).toBe(400)
    const errors = refused.body.result.error as Record<string, string[]>
    expect(errors.legalName?.[0]).toMatch(/Enter the shop’s full legal name/)
    expect(errors.address?.[0]).toMatch(/street address, one line each/)
    expect(errors.vatNumber?.[0]).toMatch(/10 digits starting with 4/)
    expect(errors.registrationNumber?.[0]).toMatch(/2019\/123456\/07/)
    expect(errors.phone?.[0]).toMatch(/South African phone number/)
    expect(await store.shopDetails.get()).toEqual(kept)
  })

  it('answers a hostile body with a 400, never a 500', async () => {
    const refused = await save({ address: 'x\n'.repeat(5_000), vatNumber: '4'.repeat(500) })
    expect(refused.status).toBe(400)
  })
})
