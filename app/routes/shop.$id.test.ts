import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as RouteModule from './shop.$id'
import { makeProduct, ratingOf } from '~/lib/catalog/test-products'

// A real SQLite store in a temporary DATA_DIR, through the same getStore() the app uses.
const dir = mkdtempSync(path.join(tmpdir(), 'product-route-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('APP_URL', 'https://shop.example')

type Route = typeof RouteModule
let route: Route

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  const store = await getStore()
  await store.products.upsertMany([
    makeProduct({
      id: 'tricky-tin',
      name: 'Tin </script><script>alert(1)</script>',
      description: 'Salt & pepper.',
      priceCents: 129900,
      stock: 0,
      rating: ratingOf(5, 4, 4),
      tags: ['secret-tag'],
    }),
  ])
  route = await import('./shop.$id')
})

afterAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const load = (id: string) =>
  route.loader({
    request: new Request(`https://shop.example/shop/${id}`),
    params: { id },
    context: { clientIp: '127.0.0.1' },
  })

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise
    return 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    throw thrown
  }
}

describe('/shop/:id loader', () => {
  it('is a 404 for a malformed or unknown id', async () => {
    expect(await statusOf(load('Not_An_Id'))).toBe(404)
    expect(await statusOf(load('no-such-product'))).toBe(404)
  })

  it('returns the rendered fields, statistics and escaped JSON-LD', async () => {
    const data = await load('tricky-tin')
    expect(Object.keys(data.product).sort()).toEqual(
      [
        'category',
        'categoryName',
        'compareAtCents',
        'description',
        'id',
        'images',
        'name',
        'priceCents',
        'stock',
      ].sort(),
    )
    expect(data.statistics).toMatchObject({ count: 3, average: 4.3 })
    expect(data.seo.canonical).toBe('https://shop.example/shop/tricky-tin')
    expect(data.jsonLd).not.toContain('</script>')
    const ld = JSON.parse(data.jsonLd) as {
      offers: { price: string; availability: string }
      sku: string
      name: string
    }
    expect(ld.name).toBe('Tin </script><script>alert(1)</script>')
    expect(ld.sku).toBe('tricky-tin')
    expect(ld.offers).toMatchObject({
      price: '1299.00',
      availability: 'https://schema.org/OutOfStock',
    })
  })
})
