import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import type { Store } from '~/lib/data/store'

import type * as SitemapRoute from './sitemap[.]xml'

/**
 * /sitemap.xml lists every content page and every product URL (docs/contracts.md): the fixed pages,
 * each news story of the shipped content/ folder, and the products on sale in a real SQLite store.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'sitemap-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('APP_URL', 'https://shop.example')
vi.stubEnv('STORYBLOK_TOKEN', '')

let store: Store
let sitemap: typeof SitemapRoute

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  await store.products.upsertMany([makeProduct({ id: 'enamel-mug', name: 'Enamel Camp Mug' })])
  sitemap = await import('./sitemap[.]xml')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

describe('/sitemap.xml', () => {
  it('lists the content pages, each news story with its date, and the products', async () => {
    const response = await sitemap.loader()
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    const xml = await response.text()
    expect(xml).toContain(
      '<loc>https://shop.example/news/winter-reading-list</loc><lastmod>2025-05-12</lastmod>',
    )
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://shop.example/',
        'https://shop.example/about_us',
        'https://shop.example/news/winter-reading-list',
        'https://shop.example/news/heritage-day-gift-guide',
        'https://shop.example/shop/enamel-mug',
      ]),
    )
    expect(locs.filter((loc) => loc?.includes('/news/'))).toHaveLength(5)
  })
})
