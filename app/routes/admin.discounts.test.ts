import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { draft, product } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import { newOrderId } from '~/lib/orders/id.server'
import { discountLabel } from '~/lib/promotions/rules'
import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as EditRoute from './admin.discounts.$id'
import type * as ListRoute from './admin.discounts._index'
import type * as NewRoute from './admin.discounts.new'

/**
 * /admin/discounts over a real SQLite store in a temp DATA_DIR, signed in through the real session
 * cookie: the guard, the list, creating and editing a code with good and bad input, and switching
 * it off and on.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-discounts-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let routes: { list: typeof ListRoute; create: typeof NewRoute; edit: typeof EditRoute }
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  who = await signInStaffAndCustomer(store)
  routes = {
    list: await import('./admin.discounts._index'),
    create: await import('./admin.discounts.new'),
    edit: await import('./admin.discounts.$id'),
  }
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const SUMMER = {
  intent: 'save',
  code: 'summer10',
  kind: 'percent',
  value: '10 %',
  minSpend: '300',
  productIds: '',
  startsAt: '2025-12-01',
  endsAt: '2025-12-31',
  usageLimit: '100',
  perCustomerLimit: '1',
  active: 'on',
}

const create = (fields: Record<string, string>, cookie = who.staff) =>
  answer(() =>
    routes.create.action({
      request: post('/admin/discounts/new', fields, cookie),
      params: {},
      context,
    }),
  )

const edit = (id: string, fields: Record<string, string>, cookie = who.staff) =>
  answer(() =>
    routes.edit.action({
      request: post(`/admin/discounts/${id}`, fields, cookie),
      params: { id },
      context,
    }),
  )

const list = (cookie = who.staff) =>
  answer(() =>
    routes.list.loader({ request: get('/admin/discounts', cookie), params: {}, context }),
  )

describe('/admin/discounts', () => {
  it('is staff only: a visitor signs in first, a customer gets the 404 page and creates nothing', async () => {
    const visitor = await list('')
    expect(visitor.location).toBe('/auth?redirectTo=%2Fadmin%2Fdiscounts')
    expect((await list(who.customer)).status).toBe(404)
    expect((await create({ ...SUMMER, code: 'SNEAKY' }, who.customer)).status).toBe(404)
    expect(await store.discounts.getByCode('SNEAKY')).toBeNull()
  })

  it('creates a code (upper-case, dates in SAST, limits) and lists it with its uses', async () => {
    const created = await create(SUMMER)
    expect(created.status).toBe(302)
    expect(created.headers.get('Set-Cookie')).toContain('en_toast')
    const discount = await store.discounts.getByCode('SUMMER10')
    expect(discount).toMatchObject({
      code: 'SUMMER10',
      kind: 'percent',
      value: 10,
      minSpendCents: 300_00,
      startsAt: '2025-11-30T22:00:00.000Z',
      endsAt: '2025-12-31T22:00:00.000Z',
      usageLimit: 100,
      perCustomerLimit: 1,
      automatic: false,
      active: true,
    })
    expect(created.location).toBe(`/admin/discounts/${discount!.id}`)

    const page = await list()
    expect(page.status).toBe(200)
    const row = page.body.discounts.find((d: { id: string }) => d.id === discount!.id)
    expect(row).toMatchObject({ code: 'SUMMER10', uses: 0, discountGivenCents: 0 })

    const loaded = await answer(() =>
      routes.edit.loader({
        request: get(`/admin/discounts/${discount!.id}`, who.staff),
        params: { id: discount!.id },
        context,
      }),
    )
    expect(loaded.body.discount.code).toBe('SUMMER10')
    expect(loaded.body).toMatchObject({ uses: [], usesTotal: 0 })
  })

  it('creates an automatic offer without a code', async () => {
    const created = await create({
      intent: 'save',
      automatic: 'on',
      kind: 'free_shipping',
      minSpend: '600.00',
      active: 'on',
    })
    expect(created.status).toBe(302)
    const [offer] = await store.discounts.listAutomatic()
    expect(offer).toMatchObject({ code: null, kind: 'free_shipping', minSpendCents: 600_00 })
  })

  it('refuses bad input with each message beside its field, and saves nothing', async () => {
    const refused = await create({
      ...SUMMER,
      code: 'NEW-ONE',
      usageLimit: 'lots',
      perCustomerLimit: '0',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.intent).toBe('save')
    expect(refused.body.result.error).toEqual({
      usageLimit: [
        'Enter the total number of uses as a whole number from 1, or leave it empty for no limit',
      ],
      perCustomerLimit: [
        'Enter the uses per customer as a whole number from 1, or leave it empty for no limit',
      ],
    })
    const percent = await create({ ...SUMMER, code: 'NEW-ONE', value: '150' })
    expect(percent.body.result.error.value).toEqual([
      'Enter the percent off as a whole number from 1 to 100, e.g. 10',
    ])
    const noCode = await create({ ...SUMMER, code: '' })
    expect(noCode.body.result.error.code).toEqual([
      'Enter the code shoppers type, e.g. SUMMER10, or tick Automatic for an offer without a code',
    ])
    const backwards = await create({
      ...SUMMER,
      code: 'NEW-ONE',
      startsAt: '2025-12-10',
      endsAt: '2025-12-01',
    })
    expect(backwards.body.result.error.endsAt).toEqual([
      'The end must come after the start: change the end or the start',
    ])
    expect(await store.discounts.getByCode('NEW-ONE')).toBeNull()
  })

  it('refuses a code another discount has, in any case, by name', async () => {
    await create({ ...SUMMER, code: 'TAKEN' })
    const again = await create({ ...SUMMER, code: 'taken' })
    expect(again.status).toBe(400)
    expect(again.body.result.error.code).toEqual([
      'Another discount already has the code TAKEN: choose a different code',
    ])
    expect(again.body.result.initialValue.code).toBe('taken')
  })

  it('saves an edit, and switches the discount off and on again', async () => {
    await create({ ...SUMMER, code: 'EDITME' })
    const { id } = (await store.discounts.getByCode('EDITME'))!
    const saved = await edit(id, {
      ...SUMMER,
      code: 'EDITME',
      kind: 'amount',
      value: 'R 50,00',
      usageLimit: '',
    })
    expect(saved.status).toBe(302)
    expect(await store.discounts.get(id)).toMatchObject({
      kind: 'amount',
      value: 50_00,
      usageLimit: null,
    })

    const off = await edit(id, { intent: 'deactivate' })
    expect(off.location).toBe(`/admin/discounts/${id}`)
    expect((await store.discounts.get(id))!.active).toBe(false)
    await edit(id, { intent: 'activate' })
    expect((await store.discounts.get(id))!.active).toBe(true)

    expect((await edit(id, { intent: 'deactivate' }, who.customer)).status).toBe(404)
    expect((await store.discounts.get(id))!.active).toBe(true)
    expect((await edit('no-such-discount', { intent: 'deactivate' })).status).toBe(404)
  })

  it('lists the orders that used a code, and the list counts its uses and the rands given', async () => {
    await store.products.upsertMany([product('biltong', { name: 'Biltong', priceCents: 129_00 })])
    await create({ ...SUMMER, code: 'USED10', startsAt: '', endsAt: '' })
    const discount = (await store.discounts.getByCode('USED10'))!
    const base = draft([{ productId: 'biltong', quantity: 1 }])
    const orderId = newOrderId()
    await store.orders.place(
      {
        ...base,
        email: 'thandi@example.co.za',
        discounts: [
          {
            discountId: discount.id,
            code: discount.code,
            kind: discount.kind,
            label: discountLabel(discount),
            amountCents: 12_90,
            on: 'items',
          },
        ],
        totalCents: base.totalCents - 12_90,
      },
      orderId,
    )
    const page = await answer(() =>
      routes.edit.loader({
        request: get(`/admin/discounts/${discount.id}`, who.staff),
        params: { id: discount.id },
        context,
      }),
    )
    expect(page.body.uses).toMatchObject([
      { orderId, email: 'thandi@example.co.za', amountCents: 12_90, releasedAt: null },
    ])
    const row = (await list()).body.discounts.find((d: { id: string }) => d.id === discount.id)
    expect(row).toMatchObject({ uses: 1, discountGivenCents: 12_90 })
  })
})
