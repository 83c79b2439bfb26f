import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as RouteModule from './shop.$id'
import { makeProduct, ratingOf } from '~/lib/catalog/products.test-helper'
import { shirt } from '~/lib/data/contract.suite'

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
    shirt('tee', { 'tee--l-black': 0 }),
    {
      ...shirt('vest'),
      variants: shirt('vest').variants.filter((v) => v.id !== 'vest--l-rainbow'),
    },
  ])
  route = await import('./shop.$id')
})

afterAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const load = (id: string, search = '') =>
  route.loader({
    request: new Request(`https://shop.example/shop/${id}${search}`),
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
        'options',
        'variants',
        'selection',
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

  it('opens on the variant in ?variant=, the first in stock without one, its JSON-LD a ProductGroup', async () => {
    expect((await load('tee', '?variant=tee--m-rainbow')).product.selection).toEqual([
      'M',
      'Rainbow',
    ])
    const first = await load('tee')
    expect(first.product.selection).toEqual(['S', 'Black'])
    expect(first.product.variants).toHaveLength(6)
    const ld = JSON.parse(first.jsonLd) as { '@type': string; url: string; hasVariant: unknown[] }
    expect(ld['@type']).toBe('ProductGroup')
    expect(ld.url).toBe('https://shop.example/shop/tee?variant=tee--s-black')
    expect(ld.hasVariant).toHaveLength(6)
    // An unknown variant id is not an error: the page shows the default variant.
    expect((await load('tee', '?variant=tee--xxl')).product.selection).toEqual(['S', 'Black'])
  })

  it('answers the no-JS option form with the variant’s URL, and shows an unsold pick as picked', async () => {
    const thrown = await load('tee', '?size=L&colour=Rainbow').catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('Location')).toBe('/shop/tee?variant=tee--l-rainbow')
    // L/Black is sold out but sold: it has a variant, so it redirects too.
    const soldOut = (await load('tee', '?size=L&colour=Black').catch((e: unknown) => e)) as Response
    expect(soldOut.headers.get('Location')).toBe('/shop/tee?variant=tee--l-black')
    // The vest is not made in L/Rainbow: the page shows that pick, with nothing to add.
    const unsold = await load('vest', '?size=L&colour=Rainbow')
    expect(unsold.product.selection).toEqual(['L', 'Rainbow'])
  })
})
