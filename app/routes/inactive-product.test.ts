import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import type { Store } from '~/lib/data/store'
import type { Product } from '~/lib/data/types'

import type * as ProductRoute from './shop.$id'
import type * as ShopRoute from './shop._index'
import type * as SitemapRoute from './sitemap[.]xml'

/**
 * A product staff take off sale (issue 12): gone from /shop, search and the sitemap, its page a
 * 404, on the next request; back on sale, it is back everywhere. A real SQLite store in a temporary
 * DATA_DIR, through the same getStore() and catalogue index the app uses.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'inactive-product-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('APP_URL', 'https://shop.example')

let store: Store
let productPage: typeof ProductRoute
let shop: typeof ShopRoute
let sitemap: typeof SitemapRoute

const audit = { by: 'nomsa@karoo.example' }
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  await store.products.upsertMany([
    makeProduct({ id: 'enamel-mug', name: 'Enamel Camp Mug', category: 'kitchen' }),
    makeProduct({ id: 'rooibos-tin', name: 'Rooibos Tea Tin', category: 'pantry' }),
    makeProduct({
      id: 'retired-kettle',
      name: 'Enamel Kettle',
      category: 'kitchen',
      active: false,
    }),
  ])
  productPage = await import('./shop.$id')
  shop = await import('./shop._index')
  sitemap = await import('./sitemap[.]xml')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

async function statusOfPage(id: string): Promise<number> {
  try {
    await productPage.loader({
      request: new Request(`https://shop.example/shop/${id}`),
      params: { id },
      context,
    })
    return 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    throw thrown
  }
}

const shopIds = async (query = '') =>
  (
    await shop.loader({
      request: new Request(`https://shop.example/shop${query}`),
      params: {},
      context,
    })
  ).items.map((p) => p.id)

const sitemapText = async () => (await sitemap.loader()).text()

/** Staff switch the product on or off sale, as the back office's save does. */
async function setActive(product: Product, active: boolean) {
  await store.products.save(
    {
      ...product,
      active,
      variants: product.variants.map((v) => ({ ...v, onHand: v.stock })),
    },
    audit,
  )
}

describe('a product off sale', () => {
  it('is left out of the shop, search and sitemap, and its page is a 404', async () => {
    expect(await statusOfPage('retired-kettle')).toBe(404)
    expect(await shopIds()).toEqual(expect.not.arrayContaining(['retired-kettle']))
    expect(await shopIds('?q=enamel')).toEqual(['enamel-mug'])
    expect(await shopIds('?category=kitchen')).toEqual(['enamel-mug'])
    expect(await sitemapText()).not.toContain('retired-kettle')
    expect(await sitemapText()).toContain('https://shop.example/shop/enamel-mug')
  })

  it('leaves and comes back on the next request when staff switch it', async () => {
    const mug = (await store.products.get('enamel-mug'))!
    expect(await statusOfPage('enamel-mug')).toBe(200)

    await setActive(mug, false)
    expect(await statusOfPage('enamel-mug')).toBe(404)
    expect(await shopIds('?q=enamel')).toEqual([])
    expect(await shopIds()).toEqual(['rooibos-tin'])
    expect(await sitemapText()).not.toContain('enamel-mug')

    await setActive(mug, true)
    expect(await statusOfPage('enamel-mug')).toBe(200)
    expect(await shopIds('?q=enamel')).toEqual(['enamel-mug'])
    expect(await sitemapText()).toContain('https://shop.example/shop/enamel-mug')
  })

  it('stays in a cart that holds it, marked no longer available, so checkout waits', async () => {
    const { cartOwner, loadCart, writeCartLines } = await import('~/lib/cart/cart.server')
    const { sessionStorage } = await import('~/lib/cookie-session.server')
    const cartPage = (cookie?: string) =>
      new Request('https://shop.example/cart', { headers: cookie ? { Cookie: cookie } : {} })
    const owner = await cartOwner(cartPage())
    await writeCartLines(owner, [
      { productId: 'rooibos-tin', quantity: 2 },
      { productId: 'enamel-mug', quantity: 1 },
    ])
    const cookie = (await sessionStorage.commitSession(owner.session)).split(';')[0]!

    await setActive((await store.products.get('rooibos-tin'))!, false)
    const cart = await loadCart(cartPage(cookie))
    expect(cart.hasProblems).toBe(true)
    expect(cart.lines.map((l) => [l.productId, l.maxQuantity, l.problem])).toEqual([
      ['rooibos-tin', 0, 'Rooibos Tea Tin is no longer available'],
      ['enamel-mug', 10, null],
    ])
    await setActive((await store.products.get('rooibos-tin'))!, true)
    expect((await loadCart(cartPage(cookie))).hasProblems).toBe(false)
  })
})
