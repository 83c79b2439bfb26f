import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'

const dir = mkdtempSync(path.join(tmpdir(), 'featured-'))
vi.stubEnv('DATA_DIR', dir)

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (
    await getStore()
  ).products.upsertMany([
    makeProduct({ id: 'a', name: 'Alpha', featuredRank: 2 }),
    makeProduct({ id: 'b', name: 'Beta', featuredRank: 1 }),
    makeProduct({ id: 'c', name: 'Gamma' }),
  ])
})

afterAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

describe('resolveFeaturedProducts', () => {
  it('returns card summaries in the editor’s order, skipping unknown ids', async () => {
    const { resolveFeaturedProducts } = await import('./featured.server')
    const cards = await resolveFeaturedProducts(['c', 'gone', 'a'])
    expect(cards.map((c) => c.id)).toEqual(['c', 'a'])
    expect(cards[0]).toMatchObject({ name: 'Gamma', priceCents: 10000 })
  })

  it('falls back to the catalogue’s featured products when no listed id exists', async () => {
    const { resolveFeaturedProducts } = await import('./featured.server')
    expect((await resolveFeaturedProducts(['gone'])).map((c) => c.id).slice(0, 2)).toEqual([
      'b',
      'a',
    ])
  })

  it('prepares a featured_products blok for the page', async () => {
    const { prepareFeaturedProducts } = await import('~/lib/content/bloks.server')
    const blok = await prepareFeaturedProducts({
      _uid: 'x',
      component: 'featured_products',
      title: 'Picks',
      product_ids: 'b, c',
    })
    expect(blok).not.toHaveProperty('product_ids')
    expect(blok.title).toBe('Picks')
    expect((blok.products as { id: string }[]).map((p) => p.id)).toEqual(['b', 'c'])
  })
})
