import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { draft, product, shirt } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import { newOrderId } from '~/lib/orders/id.server'
import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'
import { solidPng } from '../../test/solid-png'

import type * as EditRoute from './admin.products.$id'
import type * as ListRoute from './admin.products._index'
import type * as NewRoute from './admin.products.new'

/**
 * The back office's product pages over a real SQLite store and image store in a temp DATA_DIR,
 * signed in through the real session cookie: the guard, the list, and every form of the new and
 * edit pages with good and bad input.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-products-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let routes: { list: typeof ListRoute; create: typeof NewRoute; edit: typeof EditRoute }
const context = { clientIp: '127.0.0.1' }
const STAFF_EMAIL = 'nomsa@shop.example.co.za'

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  await store.products.upsertMany([
    product('rooibos', { name: 'Rooibos tea', priceCents: 8_900, stock: 40 }),
    product('honeybush', { name: 'Honeybush tea', priceCents: 9_900, stock: 3 }),
    { ...shirt('tee'), name: 'Karoo tee', category: 'apparel', categoryName: 'Apparel' },
    ...Array.from({ length: 26 }, (_, i) =>
      product(`jar-${String(i).padStart(2, '0')}`, { name: `Jam jar ${i}`, stock: 50 }),
    ),
  ])
  who = await signInStaffAndCustomer(store)
  routes = {
    list: await import('./admin.products._index'),
    create: await import('./admin.products.new'),
    edit: await import('./admin.products.$id'),
  }
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const list = (search = '', cookie = who.staff) =>
  answer(() =>
    routes.list.loader({ request: get(`/admin/products${search}`, cookie), params: {}, context }),
  )
const loadEdit = (id: string, cookie = who.staff) =>
  answer(() =>
    routes.edit.loader({ request: get(`/admin/products/${id}`, cookie), params: { id }, context }),
  )
const postNew = (fields: Record<string, string>, cookie = who.staff) =>
  answer(() =>
    routes.create.action({
      request: post('/admin/products/new', fields, cookie),
      params: {},
      context,
    }),
  )
const postEdit = (id: string, fields: Record<string, string>, cookie = who.staff) =>
  answer(() =>
    routes.edit.action({
      request: post(`/admin/products/${id}`, fields, cookie),
      params: { id },
      context,
    }),
  )
/** A photo upload as a browser sends it: multipart, the file beside the other fields. */
const upload = (id: string, file: Blob, alt = 'A jar of jam on a table', name = 'photo.png') => {
  const body = new FormData()
  body.append('intent', 'image-add')
  body.append('image', file, name)
  body.append('alt', alt)
  return answer(() =>
    routes.edit.action({
      request: new Request(`http://localhost:3000/admin/products/${id}`, {
        method: 'POST',
        body,
        headers: { Cookie: who.staff },
      }),
      params: { id },
      context,
    }),
  )
}

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#b5651d' } })
    .png()
    .toBuffer()

const basics = {
  intent: 'save',
  name: 'Buchu honey',
  description: 'Fynbos honey from the Overberg.',
  category: 'pantry',
  price: '149.00',
  stock: '12',
  active: 'on',
}

describe('the guard', () => {
  it('sends a visitor to sign in and shows a customer the 404 page, on every page and form', async () => {
    for (const cookie of ['', who.customer]) {
      const expected = cookie ? 404 : 302
      expect((await list('', cookie)).status).toBe(expected)
      expect((await loadEdit('rooibos', cookie)).status).toBe(expected)
      expect((await postNew(basics, cookie)).status).toBe(expected)
      expect((await postEdit('rooibos', { ...basics, price: '1.00' }, cookie)).status).toBe(
        expected,
      )
    }
    expect((await list('?q=rooibos', '')).location).toBe(
      `/auth?${new URLSearchParams({ redirectTo: '/admin/products?q=rooibos' })}`,
    )
    expect((await store.products.get('rooibos'))?.priceCents).toBe(8_900)
  })
})

describe('/admin/products', () => {
  it('lists products by name, 25 a page, with price, stock and whether they are on sale', async () => {
    const first = await list()
    expect(first.status).toBe(200)
    expect(first.body.rows).toHaveLength(25)
    expect(first.body.total).toBe(29)
    expect(first.body.pageCount).toBe(2)
    const second = await list('?page=2')
    // By name as the stores compare text: "Jam jar 10" comes before "Jam jar 2".
    expect(second.body.rows.map((row: { name: string }) => row.name)).toEqual([
      'Jam jar 8',
      'Jam jar 9',
      'Karoo tee',
      'Rooibos tea',
    ])
    expect(second.body.rows[2]).toMatchObject({ id: 'tee', from: false, stock: 18, active: true })
  })

  it('searches by name or id and keeps the low-stock ones', async () => {
    expect((await list('?q=ROOIBOS')).body.rows.map((r: { id: string }) => r.id)).toEqual([
      'rooibos',
    ])
    expect((await list('?q=jar-07')).body.rows.map((r: { id: string }) => r.id)).toEqual(['jar-07'])
    const low = await list('?lowStock=1')
    expect(low.body.rows.map((r: { id: string }) => r.id)).toEqual(['honeybush', 'tee'])
    // Counted as the dashboard counts them, each row saying how many of its variants are low.
    expect(low.body.total).toBe(await store.products.countLowStock())
    expect(
      low.body.rows.map((r: { id: string; lowVariants: number; variantCount: number }) => [
        r.id,
        r.lowVariants,
        r.variantCount,
      ]),
    ).toEqual([
      ['honeybush', 1, 1],
      ['tee', 6, 6],
    ])
    // Odd query strings are the first page of everything, never an error.
    expect((await list('?page=-3&lowStock=yes&q=' + 'x'.repeat(500))).status).toBe(200)
  })
})

describe('/admin/products/new', () => {
  it('creates a product from the docs/contracts.md fields alone, its id the slug of its name', async () => {
    const created = await postNew({ ...basics, price: '1 299,00' })
    expect(created.status).toBe(302)
    expect(created.location).toBe('/admin/products/buchu-honey')
    expect(created.headers.get('Set-Cookie')).toContain('en_toast')
    const saved = await store.products.get('buchu-honey')
    expect(saved).toMatchObject({
      name: 'Buchu honey',
      category: 'pantry',
      categoryName: 'Pantry',
      priceCents: 129_900,
      compareAtCents: null,
      stock: 12,
      active: true,
      options: [],
    })
    const log = await store.products.changeLog('buchu-honey')
    expect(log).toHaveLength(1)
    expect(log[0]?.by).toBe(STAFF_EMAIL)

    // The same name again gets the next free id.
    expect((await postNew(basics)).location).toBe('/admin/products/buchu-honey-2')
  })

  it.each([
    [{ price: '0' }, 'price', 'The price must be more than R 0,00'],
    [{ price: 'R12,3,4' }, 'price', 'Enter the price in rands, e.g. 1299.00'],
    [
      { compareAtPrice: '100' },
      'compareAtPrice',
      'The compare-at price must be higher than the price, or left empty',
    ],
    [{ stock: '-2' }, 'stock', 'Enter the stock on hand as a whole number, 0 or more'],
    [{ category: 'no-such-category' }, 'category', 'Choose a category from the list'],
    [{ name: '' }, 'name', 'Enter the product name'],
  ])(
    'refuses %o with a 400 and the message beside %s, keeping what was typed',
    async (change, field, message) => {
      const refused = await postNew({ ...basics, name: 'Refused jam', ...change })
      expect(refused.status).toBe(400)
      expect(refused.body.intent).toBe('save')
      expect(refused.body.result.error[field]).toEqual([message])
      expect(refused.body.result.initialValue.description).toBe(basics.description)
      expect(await store.products.get('refused-jam')).toBeNull()
    },
  )

  it('answers a post without an intent, or an image before the product exists, with a 400', async () => {
    expect((await postNew({ name: 'x' })).status).toBe(400)
    const early = await postNew({ intent: 'image-remove', imageId: 'abc' })
    expect(early.status).toBe(400)
    expect(early.body.result.error['']).toEqual(['Save the product first, then add its photos.'])
  })
})

describe('/admin/products/:id', () => {
  it('is the 404 page for an unknown or malformed id, for the page and its forms', async () => {
    for (const id of ['no-such-product', 'Bad_Id', '..']) {
      expect((await loadEdit(id)).status).toBe(404)
      expect((await postEdit(id, basics)).status).toBe(404)
    }
  })

  it('shows the form with stock on hand and held per variant, and the change log', async () => {
    await store.orders.place(
      draft([{ productId: 'tee', variantId: 'tee--m-black', quantity: 2 }]),
      newOrderId(),
    )
    const page = await loadEdit('tee')
    expect(page.status).toBe(200)
    const mBlack = page.body.product.variants.find((v: { id: string }) => v.id === 'tee--m-black')
    expect(mBlack).toMatchObject({ label: 'Size: M, Colour: Black', onHand: 3, held: 2 })
    expect(page.body.categories).toContainEqual({ slug: 'apparel', name: 'Apparel' })
  })

  it('fixes a price and records who did it', async () => {
    const saved = await postEdit('rooibos', {
      ...basics,
      name: 'Rooibos tea',
      description: 'About rooibos',
      price: '79.50',
      compareAtPrice: '89.00',
      stock: '40',
    })
    expect(saved.status).toBe(302)
    expect(saved.location).toBe('/admin/products/rooibos')
    expect(await store.products.get('rooibos')).toMatchObject({
      priceCents: 7_950,
      compareAtCents: 8_900,
      stock: 40,
    })
    const log = await store.products.changeLog('rooibos')
    expect(log.at(-1)).toMatchObject({ by: STAFF_EMAIL })
    expect(log.at(-1)?.change).toContain('price')
  })

  it('logs no change when a description is saved back as a textarea posts it (CRLF line breaks)', async () => {
    const fields = { ...basics, name: 'Rooibos tea', price: '79.50', stock: '40' }
    const first = { ...fields, description: 'Loose-leaf rooibos.\nFrom the Cederberg.' }
    expect((await postEdit('rooibos', first)).status).toBe(302)
    const logged = (await store.products.changeLog('rooibos')).length
    const again = { ...fields, description: 'Loose-leaf rooibos.\r\nFrom the Cederberg.' }
    expect((await postEdit('rooibos', again)).status).toBe(302)
    expect((await store.products.get('rooibos'))?.description).toBe(first.description)
    const log = await store.products.changeLog('rooibos')
    expect(log.slice(logged).map((entry) => entry.change)).not.toContainEqual(
      expect.stringContaining('description'),
    )
  })

  it('saves a weight and a size, shows them on the form again, and logs them', async () => {
    const fields = {
      ...basics,
      name: 'Honeybush tea',
      description: 'About honeybush',
      price: '99.00',
      stock: '3',
    }
    const saved = await postEdit('honeybush', {
      ...fields,
      weightGrams: '310',
      lengthCm: '18',
      widthCm: '10',
      heightCm: '6',
    })
    expect(saved.status).toBe(302)
    expect((await store.products.get('honeybush'))?.variants[0]).toMatchObject({
      weightGrams: 310,
      lengthCm: 18,
      widthCm: 10,
      heightCm: 6,
    })
    const page = await loadEdit('honeybush')
    expect(page.body.product.variants[0]).toMatchObject({ weightGrams: 310, heightCm: 6 })
    expect((await store.products.changeLog('honeybush')).at(-1)).toMatchObject({
      by: STAFF_EMAIL,
      change: 'weight none -> 310 g; size ? x ? x ? cm -> 18 x 10 x 6 cm',
    })

    const refused = await postEdit('honeybush', { ...fields, weightGrams: '0,3 kg' })
    expect(refused.status).toBe(400)
    expect(refused.body.result.error).toEqual({
      weightGrams: ['Enter the weight in whole grams, e.g. 250, or leave it empty'],
    })
    // Emptied: unknown again, so the shop's default weight applies.
    expect((await postEdit('honeybush', fields)).status).toBe(302)
    expect((await store.products.get('honeybush'))?.variants[0]?.weightGrams).toBeNull()
  })

  it('sells out one variant from the variants table and keeps the others', async () => {
    const tee = (await store.products.get('tee'))!
    const rows = Object.fromEntries(
      tee.variants.flatMap((variant, i) => [
        [`variants[${i}].id`, variant.id],
        [`variants[${i}].price`, '250.00'],
        [
          `variants[${i}].stock`,
          variant.id === 'tee--s-black'
            ? '0'
            : String(variant.stock + (variant.id === 'tee--m-black' ? 2 : 0)),
        ],
      ]),
    )
    const saved = await postEdit('tee', {
      intent: 'save',
      name: 'Karoo tee',
      description: 'About tee',
      category: 'apparel',
      active: 'on',
      'options[0].name': 'Size',
      'options[0].values': 'S, M, L',
      'options[1].name': 'Colour',
      'options[1].values': 'Black, Rainbow',
      ...rows,
    })
    expect(saved.status).toBe(302)
    const after = (await store.products.get('tee'))!
    expect(after.variants.find((v) => v.id === 'tee--s-black')?.stock).toBe(0)
    expect(after.variants.find((v) => v.id === 'tee--s-rainbow')?.stock).toBe(3)
    // 2 of M/Black are held by the unpaid order: 3 on hand leaves 1 to sell.
    expect(after.variants.find((v) => v.id === 'tee--m-black')?.stock).toBe(1)
  })

  it('refuses stock below what unpaid orders hold, beside that stock field', async () => {
    const tee = (await store.products.get('tee'))!
    const index = tee.variants.findIndex((v) => v.id === 'tee--m-black')
    const refused = await postEdit('tee', {
      intent: 'save',
      name: 'Karoo tee',
      description: 'About tee',
      category: 'apparel',
      active: 'on',
      'options[0].name': 'Size',
      'options[0].values': 'S, M, L',
      'options[1].name': 'Colour',
      'options[1].values': 'Black, Rainbow',
      // Only this row: the variants the table leaves out keep their price and stock.
      'variants[0].id': 'tee--m-black',
      'variants[0].price': '250',
      'variants[0].stock': '1',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.result.error['variants[0].stock']).toEqual([
      '2 held by unpaid orders: the stock on hand cannot go below 2',
    ])
    expect((await store.products.get('tee'))?.variants[index]?.stock).toBe(1)
  })

  it('takes a product off the shop and back', async () => {
    const off = {
      ...basics,
      name: 'Honeybush tea',
      description: 'About honeybush',
      price: '99',
      stock: '3',
      active: '',
    }
    expect((await postEdit('honeybush', off)).status).toBe(302)
    expect((await store.products.get('honeybush'))?.active).toBe(false)
    expect((await postEdit('honeybush', { ...off, active: 'on' })).status).toBe(302)
    expect((await store.products.get('honeybush'))?.active).toBe(true)
  })
})

describe('photos', () => {
  it('adds a photo, moves it first and removes it', async () => {
    const added = await upload('jar-01', new Blob([await png()], { type: 'image/png' }))
    expect(added.status).toBe(302)
    expect(added.location).toBe('/admin/products/jar-01')
    let images = (await store.products.get('jar-01'))!.images
    expect(images).toHaveLength(2)
    const photo = images[1]!
    expect(photo).toMatchObject({ alt: 'A jar of jam on a table', width: 40, height: 30 })

    const moved = await postEdit('jar-01', {
      intent: 'image-move',
      imageId: photo.id!,
      direction: 'up',
    })
    expect(moved.status).toBe(302)
    images = (await store.products.get('jar-01'))!.images
    expect(images[0]?.id).toBe(photo.id)

    // The first picture cannot go further up: nothing changes, and the page says so plainly.
    expect(
      (await postEdit('jar-01', { intent: 'image-move', imageId: photo.id!, direction: 'up' }))
        .status,
    ).toBe(302)
    expect((await store.products.get('jar-01'))!.images[0]?.id).toBe(photo.id)

    // A picture kept by URL (not in the image store) can be moved and removed too.
    const byUrl = images[1]!.url
    expect(
      (await postEdit('jar-01', { intent: 'image-move', imageId: byUrl, direction: 'up' })).status,
    ).toBe(302)
    expect((await store.products.get('jar-01'))!.images[0]?.url).toBe(byUrl)

    const removed = await postEdit('jar-01', { intent: 'image-remove', imageId: photo.id! })
    expect(removed.status).toBe(302)
    expect((await store.products.get('jar-01'))!.images.map((i) => i.url)).toEqual([byUrl])
    const log = await store.products.changeLog('jar-01')
    expect(log.map((entry) => entry.by)).toEqual([
      STAFF_EMAIL,
      STAFF_EMAIL,
      STAFF_EMAIL,
      STAFF_EMAIL,
    ])
  })

  it('refuses the same photo twice, saying so beside the file field, and adds nothing', async () => {
    const file = () => new Blob([new Uint8Array(solidPng(24, 24))], { type: 'image/png' })
    expect((await upload('jar-02', file())).status).toBe(302)
    const before = await store.products.get('jar-02')
    const again = await upload('jar-02', file(), 'The same jar again')
    expect(again.status).toBe(400)
    expect(again.body.intent).toBe('image-add')
    expect(again.body.result.error.image).toEqual([
      'This photo is already on the product. Choose a different photo.',
    ])
    expect(await store.products.get('jar-02')).toEqual(before)
    // Put things back for the tests below (they count jar-02's pictures).
    const added = before!.images.at(-1)!
    await postEdit('jar-02', { intent: 'image-remove', imageId: added.id! })
  })

  it('refuses what is not a photo, naming the reason beside the file field', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'], {
      type: 'image/png',
    })
    const refused = await upload('jar-02', svg)
    expect(refused.status).toBe(400)
    expect(refused.body.intent).toBe('image-add')
    expect(refused.body.result.error.image[0]).toMatch(/^SVG images are not accepted/)
    expect((await store.products.get('jar-02'))!.images).toHaveLength(1)
  })

  it('refuses a photo over 50 megapixels by its size, beside the file field', async () => {
    const refused = await upload('jar-02', new Blob([new Uint8Array(solidPng(16_000, 16_000))]))
    expect(refused.status).toBe(400)
    expect(refused.body.result.error.image).toEqual([
      'This photo is 16000 x 16000 pixels; photos up to 50 megapixels are accepted. Save it smaller (for example 2000 px wide) and upload it again.',
    ])
    expect((await store.products.get('jar-02'))!.images).toHaveLength(1)
  })

  it('refuses an upload over 10 MB, an empty file and a missing alt text', async () => {
    const huge = await upload('jar-02', new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]))
    expect(huge.status).toBe(400)
    expect(huge.body.result.error.image[0]).toMatch(/over 10 MB/)

    // What a browser sends when no file was chosen: an empty part without a file name.
    const none = await upload('jar-02', new Blob([]), 'A jar', '')
    expect(none.status).toBe(400)
    expect(none.body.result.error.image).toEqual(['Choose a photo to upload'])

    const empty = await upload('jar-02', new Blob([]), 'A jar', 'empty.jpg')
    expect(empty.status).toBe(400)
    expect(empty.body.result.error.image).toEqual([
      'The file is empty. Upload a JPEG, PNG, WebP or AVIF photo.',
    ])

    const noAlt = await upload('jar-02', new Blob([await png()]), ' ')
    expect(noAlt.status).toBe(400)
    expect(noAlt.body.result.error.alt).toEqual([
      'Describe the photo for shoppers who cannot see it',
    ])
  })

  it('answers a picture that is not on the product, or a bad direction, with a 400', async () => {
    const gone = await postEdit('jar-03', { intent: 'image-remove', imageId: 'ffffffffffffffff' })
    expect(gone.status).toBe(400)
    expect(gone.body.result.error['']).toEqual([
      'That picture is no longer on this product. Reload the page to see its pictures.',
    ])
    const sideways = await postEdit('jar-03', {
      intent: 'image-move',
      imageId: 'x',
      direction: 'left',
    })
    expect(sideways.status).toBe(400)
    expect(sideways.body.result.error.direction).toEqual(['Move the picture up or down'])
    expect((await postEdit('jar-03', { intent: 'delete-everything' })).status).toBe(400)
  })
})
