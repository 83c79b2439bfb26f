import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import { contentChanged } from '~/lib/content/changes.server'
import { fakeStory, startFakeStoryblok } from '../../../test/fake-storyblok-cdn'
import { withLastGoodCopy } from '~/lib/content/last-good-copy.server'
import { createStoryblokSource } from '~/lib/content/storyblok.server'
import { shirt } from '~/lib/data/contract.suite'
import { defaultVariant } from '~/lib/data/variants'
import { openStore, type Store } from '~/lib/data/index.server'
import { formatRand } from '~/lib/money'

import { createPageCacheFor } from './index.server'
import type { PageCache, Render } from './page-cache.server'

const root = mkdtempSync(path.join(tmpdir(), 'shop-page-cache-'))
let n = 0
let dataDir: string
let store: Store
let cache: PageCache

beforeEach(async () => {
  dataDir = path.join(root, String(n++))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([
    makeProduct({ id: 'rooibos', priceCents: 12_500 }),
    makeProduct({ id: 'rusks', priceCents: 4_000 }),
  ])
  cache = createPageCacheFor(store)
})
afterEach(() => store.close())
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The product page as the shop would render it now: its price read from the store. */
const productPage =
  (id: string, nonce: string): Render =>
  async () => {
    const product = await store.products.get(id)
    return new Response(
      `<p>${product ? formatRand(product.priceCents) : 'gone'}</p><script nonce="${nonce}"></script>`,
      { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
    )
  }

let nonces = 0
/** A visit of product `id`'s page, `query` (with its "?") after its path. */
async function visit(id: string, query = '') {
  return visitPath(`/shop/${id}${query}`, (nonce) => productPage(id, nonce))
}

async function visitPath(target: string, render: (nonce: string) => Render = listingPage) {
  const nonce = `nonce-${String(++nonces).padStart(18, '0')}`
  const response = await cache.serve(
    new Request(`http://shop.test${target}`),
    { nonce, buildId: 'b1' },
    render(nonce),
  )
  return { status: response.headers.get('X-Page-Cache'), html: await response.text() }
}

const listingPage =
  (nonce: string): Render =>
  async () =>
    new Response(`<p>listing</p><script nonce="${nonce}"></script>`, {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    })

describe('page cache over the store', () => {
  it("renders a product page asked with its options' picks, and keeps one page whatever else a link adds", async () => {
    await store.products.upsertMany([shirt('tee')])
    expect((await visit('tee')).status).toBe('miss')
    for (const picks of ['?size=M&colour=Black', '?colour=Rainbow', '?size=XXL']) {
      expect((await visit('tee', picks)).status, picks).toBe('bypass')
    }
    // Another product's options are nobody's business on this page.
    expect((await visit('rooibos', '?size=M')).status).toBe('miss')
    expect((await visit('rooibos')).status).toBe('hit')
    expect((await visit('tee', '?utm_source=mail&fbclid=x')).status).toBe('hit')
    expect(cache.stats.pages).toBe(2)
  })

  it('serves values a page does not know from the page it shows, and keeps no copy of its own', async () => {
    await store.products.upsertMany([shirt('tee')])
    const shown = defaultVariant((await store.products.get('tee'))!).id
    expect((await visit('tee', `?variant=${shown}`)).status).toBe('miss')
    // An unknown variant, the product's own id and bad review links all show the default variant.
    for (const query of [
      '?variant=junk',
      '?variant=tee',
      '?variant=tee--x&reviewSort=a&reviewPage=b',
    ]) {
      expect((await visit('tee', query)).status, query).toBe('hit')
    }
    // Before the page itself was asked for, such a request renders and is not kept.
    expect((await visit('rooibos', '?reviewSort=worst')).status).toBe('bypass')
    expect((await visit('rooibos')).status).toBe('miss')
    expect((await visit('rooibos', '?reviewSort=worst&reviewPage=0')).status).toBe('hit')

    expect((await visitPath('/shop?q=tea&sort=junk')).status).toBe('bypass')
    expect((await visitPath('/shop?q=tea')).status).toBe('miss')
    for (let i = 0; i < 200; i++) {
      const junk = [`sort=junk${i}`, `page=-${i}`, `inStock=no${i}`, `minPrice=x${i}`][i % 4]
      expect((await visitPath(`/shop?q=tea&${junk}`)).status, junk).toBe('hit')
    }
    expect((await visitPath('/shop?q=tea&sort=price-asc')).status).toBe('miss')
    expect(cache.stats.pages).toBe(4)
  })

  it('shows a price changed through the store on the very next visit', async () => {
    await visit('rooibos')
    expect((await visit('rooibos')).status).toBe('hit')
    await store.products.upsertMany([makeProduct({ id: 'rooibos', priceCents: 9_900 })])
    const next = await visit('rooibos')
    expect(next.status).toBe('miss')
    expect(next.html).toContain(formatRand(9_900))
  })

  it("keeps other products' pages when one product changes", async () => {
    await visit('rusks')
    await store.products.upsertMany([makeProduct({ id: 'rooibos', priceCents: 9_900 })])
    expect((await visit('rusks')).status).toBe('hit')
  })

  it('sees a write by another connection (a second process) on the very next visit', async () => {
    await visit('rusks')
    expect((await visit('rusks')).status).toBe('hit')
    const other = await openStore({ backend: 'sqlite', dataDir })
    try {
      await other.products.upsertMany([makeProduct({ id: 'rusks', priceCents: 3_500 })])
    } finally {
      await other.close()
    }
    const next = await visit('rusks')
    expect(next.status).toBe('miss')
    expect(next.html).toContain(formatRand(3_500))
  })

  it('drops every page when published content changes', async () => {
    await visit('rusks')
    contentChanged()
    expect((await visit('rusks')).status).toBe('miss')
  })

  it('shows a content publish on the very next visit once the webhook refreshed', async () => {
    const cdn = await startFakeStoryblok()
    try {
      cdn.publish([fakeStory('home', { seo_title: 'Home v1' })])
      // The content source production builds: Storyblok behind its last good copies.
      const source = withLastGoodCopy(
        createStoryblokSource({
          accessToken: 'token-page-cache',
          version: 'published',
          endpoint: cdn.endpoint,
        }),
        { onChange: contentChanged },
      )
      const home = async () => {
        const nonce = `nonce-${String(++nonces).padStart(18, '0')}`
        const response = await cache.serve(
          new Request('http://shop.test/'),
          { nonce, buildId: 'b1' },
          async () => {
            const story = await source.story('home')
            return new Response(`<h1>${String(story?.content.seo_title)}</h1>`, {
              headers: { 'Content-Type': 'text/html; charset=utf-8' },
            })
          },
        )
        return { status: response.headers.get('X-Page-Cache'), html: await response.text() }
      }
      await home()
      expect(await home()).toEqual({ status: 'hit', html: '<h1>Home v1</h1>' })
      cdn.publish([fakeStory('home', { seo_title: 'Home v2' })])
      // What the webhook route does before it answers Storyblok.
      await source.refresh()
      expect(await home()).toEqual({ status: 'miss', html: '<h1>Home v2</h1>' })
      await source.settled()
    } finally {
      await cdn.close()
    }
  })
})
