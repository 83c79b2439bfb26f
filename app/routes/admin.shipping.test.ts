import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { ShippingFormValues } from '~/lib/admin/shipping-form'
import type { Store } from '~/lib/data/store'
import { defaultShippingSettings } from '~/lib/shipping/default-zones'
import { standardOption } from '~/lib/shipping/rates'
import { answer, get, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as ShippingRoute from './admin.shipping'

/** /admin/shipping over a real SQLite store in a temp DATA_DIR, signed in through the real cookie. */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-shipping-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let route: typeof ShippingRoute
const context = { clientIp: '127.0.0.1' }
const STAFF_EMAIL = 'nomsa@shop.example.co.za'

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  who = await signInStaffAndCustomer(store)
  route = await import('./admin.shipping')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

/** Back to the seeded settings before each test (a save of the defaults, by a test account). */
beforeEach(async () => {
  const { updatedAt: _at, updatedBy: _by, ...seeded } = defaultShippingSettings()
  await store.shipping.save(seeded, { by: 'reset@test' })
})

/** The form's values as a browser posts them: a field per value, provinces once per tick. */
function fieldsOf(values: ShippingFormValues): [string, string][] {
  const fields: [string, string][] = [
    ['intent', values.intent],
    ['defaultWeightGrams', values.defaultWeightGrams],
  ]
  values.zones.forEach((zone, i) => {
    for (const [key, value] of Object.entries(zone)) {
      if (key === 'provinces') {
        for (const province of value as string[]) fields.push([`zones[${i}].provinces`, province])
      } else fields.push([`zones[${i}].${key}`, value as string])
    }
  })
  for (const [key, value] of Object.entries(values.collection)) {
    fields.push([`collection.${key}`, value])
  }
  return fields
}

const load = (cookie = who.staff) =>
  answer(() => route.loader({ request: get('/admin/shipping', cookie), params: {}, context }))

const post = (fields: [string, string][], cookie = who.staff) =>
  answer(() =>
    route.action({
      request: new Request('http://localhost:3000/admin/shipping', {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie },
      }),
      params: {},
      context,
    }),
  )

/** The page's form as loaded, changed by `edit`. */
async function loadedForm(edit: (values: ShippingFormValues) => void = () => {}) {
  const values = structuredClone((await load()).body.values as ShippingFormValues)
  edit(values)
  return values
}

const capeTown = { province: 'Western Cape', postalCode: '8001' } as const
const springbok = { province: 'Northern Cape', postalCode: '8240' } as const

describe('/admin/shipping', () => {
  it('is staff only: a visitor signs in first, a customer gets the 404 page and saves nothing', async () => {
    const visitor = await answer(() =>
      route.loader({ request: get('/admin/shipping'), params: {}, context }),
    )
    expect(visitor.location).toBe('/auth?redirectTo=%2Fadmin%2Fshipping')
    expect((await load(who.customer)).status).toBe(404)
    const values = await loadedForm((v) => (v.defaultWeightGrams = '5'))
    expect((await post(fieldsOf(values), who.customer)).status).toBe(404)
    expect((await store.shipping.get()).defaultWeightGrams).toBe(1000)
  })

  it('shows the seeded zones as text staff can edit, and an empty row for a new zone', async () => {
    const page = await load()
    expect(page.status).toBe(200)
    const { values } = page.body as { values: ShippingFormValues }
    expect(values.zones.map((z) => z.name)).toEqual([
      'Main centres',
      'Regional',
      'Outlying areas',
      '',
    ])
    const [main, regional, outlying] = values.zones
    expect(main!.postalRanges).toContain('7100-7199, 7349, 7400-7599, 7700-8099')
    expect(main!.bands).toBe('2000 = 89.00\n5000 = 99.00\n10000 = 139.00\n20000 = 199.00')
    expect(main).toMatchObject({ perExtraKg: '10.00', freeFrom: '1000.00', position: '1' })
    expect(regional!.provinces).toContain('Limpopo')
    expect(outlying).toMatchObject({ provinces: ['Northern Cape'], freeFrom: '' })
    expect(values.defaultWeightGrams).toBe('1000')
    expect(values.collection.name).toBe('')
  })

  it('saves zones, bands, thresholds, a new zone, the default weight and a collection point', async () => {
    const values = await loadedForm((v) => {
      const main = v.zones[0]!
      main.bands = '2000 = 79\n5 kg = R 95,00\n10000 = 135.00'
      main.freeFrom = '1 500'
      v.zones[2]!.postalRanges = '8200-8999, 6970'
      v.zones[3] = {
        ...v.zones[3]!,
        name: 'Islands',
        position: '1',
        postalRanges: '7995',
        bands: '1000 = 250.00',
        perExtraKg: '50',
        estimate: 'By boat, 10 days',
      }
      // Looked at first; the others move down one.
      v.zones.slice(0, 3).forEach((zone, i) => (zone.position = String(i + 2)))
      v.defaultWeightGrams = '750'
      v.collection = {
        name: 'Karoo & Co. warehouse',
        phone: '021 555 0100',
        hours: 'Mon–Fri 09:00–17:00',
        line1: '12 Bree Street',
        line2: '',
        suburb: 'Cape Town City Centre',
        city: 'Cape Town',
        province: 'Western Cape',
        postalCode: '8001',
      }
    })
    const saved = await post(fieldsOf(values))
    expect(saved.status).toBe(302)
    expect(saved.location).toBe('/admin/shipping')
    expect(saved.headers.get('Set-Cookie')).toMatch(/^en_toast=/)
    expect(saved.headers.get('Cache-Control')).toBe('no-store')

    const settings = await store.shipping.get()
    expect(settings.updatedBy).toBe(STAFF_EMAIL)
    expect(settings.zones.map((z) => [z.id, z.position])).toEqual([
      ['islands', 0],
      ['main-centres', 1],
      ['regional', 2],
      ['outlying', 3],
    ])
    const main = settings.zones.find((z) => z.id === 'main-centres')!
    expect(main.bands).toEqual([
      { upToGrams: 2000, priceCents: 7_900 },
      { upToGrams: 5000, priceCents: 9_500 },
      { upToGrams: 10_000, priceCents: 13_500 },
    ])
    expect(main.freeFromCents).toBe(150_000)
    expect(settings.zones[0]).toMatchObject({
      name: 'Islands',
      postalRanges: [{ from: '7995', to: '7995' }],
      perExtraKgCents: 5_000,
      freeFromCents: null,
    })
    expect(settings.defaultWeightGrams).toBe(750)
    expect(settings.collection).toEqual({ ...values.collection, line2: null })

    // What the shop now charges: a 3 kg parcel to Cape Town and to Springbok.
    const parcel = [{ weightGrams: 3000, quantity: 1 }]
    expect(standardOption(settings, capeTown, parcel, 50_000).priceCents).toBe(9_500)
    expect(standardOption(settings, springbok, parcel, 50_000).priceCents).toBe(19_900)
    // The page opens with what was saved.
    const again = (await load()).body.values as ShippingFormValues
    expect(again.zones[0]).toMatchObject({ name: 'Islands', postalRanges: '7995', position: '1' })
    expect(again.zones[1]).toMatchObject({ name: 'Main centres', position: '2' })
    expect(again.zones[1]!.bands).toBe('2000 = 79.00\n5000 = 95.00\n10000 = 135.00')
  })

  it('removes a zone and clears the collection point when its fields are emptied', async () => {
    await post(
      fieldsOf(
        await loadedForm((v) => {
          v.collection = { ...v.collection, name: 'Shop', phone: '0215550100', hours: '9-5' }
          Object.assign(v.collection, {
            line1: '1 Long St',
            suburb: 'Gardens',
            city: 'Cape Town',
            province: 'Western Cape',
            postalCode: '8001',
          })
        }),
      ),
    )
    expect((await store.shipping.get()).collection?.name).toBe('Shop')
    const values = await loadedForm((v) => {
      v.zones[1]!.remove = 'on'
      for (const key of Object.keys(v.collection)) {
        v.collection[key as keyof typeof v.collection] = ''
      }
    })
    expect((await post(fieldsOf(values))).status).toBe(302)
    const settings = await store.shipping.get()
    expect(settings.zones.map((z) => z.id)).toEqual(['main-centres', 'outlying'])
    expect(settings.collection).toBeNull()
  })

  it.each([
    [
      'a band line that is not grams = rands',
      (v: ShippingFormValues) => (v.zones[0]!.bands = '2000 = 89\nheavy = 120'),
      'zones[0].bands',
      'Line 2 ("heavy = 120"): Write each band on its own line as grams = rands, e.g. 2000 = 89.00',
    ],
    [
      'two bands of one weight',
      (v: ShippingFormValues) => (v.zones[1]!.bands = '2000 = 89\n2 kg = 95'),
      'zones[1].bands',
      'Two bands are up to 2000 g: keep one',
    ],
    [
      'a postal range that runs backwards',
      (v: ShippingFormValues) => (v.zones[0]!.postalRanges = '8099-7441'),
      'zones[0].postalRanges',
      '8099-7441 runs backwards: write the lower code first',
    ],
    [
      'a postal code of three digits',
      (v: ShippingFormValues) => (v.zones[2]!.postalRanges = '824'),
      'zones[2].postalRanges',
      '"824" is not a postal code. Write postal codes as 4 digits or ranges like 7441-8099, separated by commas',
    ],
    [
      'a zone without a name',
      (v: ShippingFormValues) => (v.zones[1]!.name = ' '),
      'zones[1].name',
      'Name the zone, e.g. Main centres',
    ],
    [
      'a new zone without bands',
      (v: ShippingFormValues) => Object.assign(v.zones[3]!, { name: 'Far', estimate: 'Slow' }),
      'zones[3].bands',
      'Give the zone at least one weight band. Write each band on its own line as grams = rands, e.g. 2000 = 89.00',
    ],
    [
      'a province that is not one of the nine',
      (v: ShippingFormValues) => (v.zones[1]!.provinces = ['Atlantis']),
      'zones[1].provinces[0]',
      'Tick provinces from the list',
    ],
    [
      'a threshold of nothing',
      (v: ShippingFormValues) => (v.zones[0]!.freeFrom = '0'),
      'zones[0].freeFrom',
      'The free-delivery threshold must be more than R 0,00',
    ],
    [
      'a default weight of nothing',
      (v: ShippingFormValues) => (v.defaultWeightGrams = '0'),
      'defaultWeightGrams',
      'Enter the default weight in whole grams, e.g. 1000',
    ],
    [
      'half a collection point',
      (v: ShippingFormValues) => (v.collection.name = 'Shop'),
      'collection.phone',
      'Enter a South African phone number, e.g. 082 123 4567',
    ],
  ])('refuses %s beside its field and saves nothing', async (_, edit, field, message) => {
    const before = await store.shipping.get()
    const refused = await post(fieldsOf(await loadedForm(edit)))
    expect(refused.status).toBe(400)
    expect(refused.headers.get('Cache-Control')).toBe('no-store')
    expect(refused.body.result.error[field]).toEqual([message])
    expect(await store.shipping.get()).toEqual(before)
  })

  it('keeps at least one zone', async () => {
    const values = await loadedForm((v) => {
      for (const zone of v.zones.slice(0, 3)) zone.remove = 'on'
    })
    const refused = await post(fieldsOf(values))
    expect(refused.status).toBe(400)
    expect(refused.body.result.error.zones).toEqual([
      'Keep at least one zone: every address needs a delivery price',
    ])
  })

  it('answers a hostile body with a 400 that echoes only its own fields', async () => {
    const junk: [string, string][] = [
      ['intent', 'save'],
      ['defaultWeightGrams', '1000'],
      ...Array.from({ length: 12 }, (_, i): [string, string] => [`zones[${i}].name`, `Zone ${i}`]),
      ['isAdmin', 'true'],
      ['__proto__[polluted]', 'yes'],
    ]
    const refused = await post(junk)
    expect(refused.status).toBe(400)
    expect(refused.body.result.error.zones).toEqual(['The table rates may have at most 10 zones'])
    expect(JSON.stringify(refused.body.result)).not.toMatch(/isAdmin|polluted/)
    expect((await post([['intent', 'drop-tables']])).status).toBe(400)
    // The highest index the form-body layer lets through: one sparse row, refused as too many.
    const sparse = await post([
      ['intent', 'save'],
      ['defaultWeightGrams', '1000'],
      ['zones[99].name', 'Far away'],
    ])
    expect(sparse.status).toBe(400)
    expect(sparse.body.result.error.zones).toEqual(['The table rates may have at most 10 zones'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it("shows Bob Go's status and answers its connection test, staff only", async () => {
    expect((await load()).body.bobgo).toMatchObject({ configured: false })
    const tested = await post([['intent', 'bobgo-test']])
    expect(tested.status).toBe(200)
    expect(tested.body.bobgoTest).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Bob Go is not configured/),
    })
    expect((await post([['intent', 'bobgo-test']], who.customer)).status).toBe(404)
  })
})
