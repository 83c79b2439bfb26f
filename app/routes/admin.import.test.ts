import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Store } from '~/lib/data/store'
import { answer, get, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as ImportRoute from './admin.import'

/** /admin/import over a real SQLite store, through the real cookie and multipart posts. */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-import-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let route: typeof ImportRoute
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  who = await signInStaffAndCustomer(store)
  route = await import('./admin.import')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

function upload(
  fields: Record<string, string>,
  file: { name: string; text: string | Uint8Array<ArrayBuffer>; type?: string } | null,
  cookie = who.staff,
) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  if (file) body.append('file', new File([file.text], file.name, { type: file.type ?? 'text/csv' }))
  return answer(() =>
    route.action({
      request: new Request('http://localhost:3000/admin/import', {
        method: 'POST',
        body,
        headers: { Cookie: cookie },
      }),
      params: {},
      context,
    }),
  )
}

const SHEET = [
  'product_id,name,description,category,category_name,price,stock',
  'import-rusks,Import Rusks,Buttermilk rusks,bakery,Bakery,65.00,12',
  'import-jam,Import Jam,Fig jam,bakery,Bakery,45.00,0',
].join('\n')
const csv = (text: string) => ({ name: 'season.csv', text })

describe('/admin/import', () => {
  it('is staff only: a customer gets the 404 page and imports nothing', async () => {
    expect(
      (
        await answer(() =>
          route.loader({ request: get('/admin/import', who.customer), params: {}, context }),
        )
      ).status,
    ).toBe(404)
    const refused = await upload(
      { intent: 'apply', hash: 'a'.repeat(64) },
      csv(SHEET),
      who.customer,
    )
    expect(refused.status).toBe(404)
    expect(await store.products.get('import-rusks')).toBeNull()
  })

  it('answers 400 naming the fix for no file, not a CSV, too big, a wrong header or a bad intent', async () => {
    const errorOf = async (...args: Parameters<typeof upload>) => {
      const reply = await upload(...args)
      expect(reply.status).toBe(400)
      return reply.body.result.error as Record<string, string[]>
    }
    expect(await errorOf({ intent: 'preview' }, null)).toEqual({
      file: ['Choose the CSV file to import'],
    })
    expect(
      (await errorOf({ intent: 'preview' }, { name: 'photo.png', text: 'x', type: 'image/png' }))
        .file?.[0],
    ).toMatch(/photo\.png is not a CSV file/)
    const big = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x61)
    expect(
      (await errorOf({ intent: 'preview' }, { name: 'big.csv', text: big })).file?.[0],
    ).toMatch(/over 20 MB/)
    expect((await errorOf({ intent: 'preview' }, csv('a,b\n1,2\n'))).file?.[0]).toMatch(
      /header row does not match/,
    )
    expect(await errorOf({ intent: 'delete' }, csv(SHEET))).toMatchObject({
      intent: ['Use one of the buttons on the page'],
    })
    // Not multipart at all, or with hostile field names: the form is refused, never a 500.
    const plain = await answer(() =>
      route.action({
        request: new Request('http://localhost:3000/admin/import', {
          method: 'POST',
          body: new URLSearchParams({ intent: 'preview', 'junk[100000000]': 'x' }),
          headers: { Cookie: who.staff },
        }),
        params: {},
        context,
      }),
    )
    expect(plain.status).toBe(400)
    expect(plain.body.result.error).toEqual({
      '': ['The form could not be read. Reload the page and choose the file again.'],
    })
    expect(await errorOf({ intent: 'preview', 'junk[100000000]': 'x', hash: 'x' }, null)).toEqual({
      file: ['Choose the CSV file to import'],
    })
    expect(await errorOf({ intent: 'apply' }, csv(SHEET))).toMatchObject({
      hash: ['Preview the file first, then apply it'],
    })
    expect(await store.products.get('import-rusks')).toBeNull()
  })

  it('previews without changing anything, applies the same file by its hash, then finds it unchanged', async () => {
    const preview = await upload({ intent: 'preview' }, csv(SHEET))
    expect(preview.status).toBe(200)
    const { hash, counts, problems, changes } = preview.body.preview
    expect(counts).toEqual({ create: 2, update: 0, unchanged: 0, invalid: 0, skipped: 0 })
    expect(problems).toEqual([])
    expect(changes.map((change: { productId: string }) => change.productId)).toEqual([
      'import-rusks',
      'import-jam',
    ])
    expect(await store.products.get('import-rusks')).toBeNull()

    const other = await upload({ intent: 'apply', hash }, csv(`${SHEET}\n`))
    expect(other.status).toBe(400)
    expect(other.body.result.error.file[0]).toMatch(/not the file of the dry run/)
    expect(await store.products.get('import-rusks')).toBeNull()

    const applied = await upload({ intent: 'apply', hash }, csv(SHEET))
    expect(applied.status).toBe(302)
    expect(applied.location).toBe('/admin/import')
    expect(applied.headers.get('Cache-Control')).toBe('no-store')
    expect(await store.products.get('import-rusks')).toMatchObject({
      name: 'Import Rusks',
      priceCents: 6_500,
      stock: 12,
      categoryName: 'Bakery',
    })
    expect(await store.products.changeLog('import-jam')).toEqual([
      expect.objectContaining({ by: 'nomsa@shop.example.co.za' }),
    ])

    const again = await upload({ intent: 'preview' }, csv(SHEET))
    expect(again.body.preview.counts).toMatchObject({ unchanged: 2, create: 0, update: 0 })
    expect(again.body.preview.changes).toEqual([])
  })

  it('lists every bad row of the dry run with its line', async () => {
    const reply = await upload({ intent: 'preview' }, csv(`sku,stock\nimport-rusks,-1\nnope,3\n`))
    expect(reply.status).toBe(200)
    expect(reply.body.preview.problems).toEqual([
      {
        line: 2,
        sku: 'import-rusks',
        message: 'stock: Enter the stock on hand as a whole number, 0 or more',
      },
      {
        line: 3,
        sku: 'nope',
        message:
          "sku: no variant has the sku nope; add new products with a products file or on the product's page",
      },
    ])
  })
})
