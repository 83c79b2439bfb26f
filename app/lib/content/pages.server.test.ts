import { createHash } from 'node:crypto'

import { describe, expect, it, vi } from 'vitest'

import { env } from '~/lib/env.server'

import { loadLayout } from './layout.server'
import { loadPage } from './pages.server'
import type { Blok } from './types'

// The featured products blok reads the catalogue: give it an empty store of its own, not ./data.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'content-test-'))
})

// No STORYBLOK_TOKEN in tests: these read the demo stories shipped in content/.
const request = (path = '/') => new Request(`http://shop.test${path}`)
const body = (page: Blok) => page.body as Blok[]

describe('content pages from the demo stories', () => {
  it('shapes the home page: hero, featured products, the newest news first, resolved quotes', async () => {
    const { page, headers } = await loadPage(request(), 'home')
    expect(page.title).toContain('Karoo & Co.')
    expect(page.description.length).toBeGreaterThan(50)
    expect(page.editor).toBe(false)
    expect(new Headers(headers).get('Cache-Control')).toMatch(/^public, max-age=60/)

    const components = body(page.page).map((b) => b.component)
    expect(components).toEqual(['hero', 'featured_products', 'latest_news', 'quotes'])

    // The featured blok ships card summaries from the catalogue, not the editor's id list.
    expect(env.dataDir).toMatch(/content-test-/)
    const featured = body(page.page).find((b) => b.component === 'featured_products')
    expect(featured).not.toHaveProperty('product_ids')
    expect(Array.isArray(featured?.products)).toBe(true)

    const news = body(page.page).find((b) => b.component === 'latest_news')
    const articles = news?.articles as { title: string; date: string }[]
    expect(articles).toHaveLength(3)
    const dates = articles.map((a) => a.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(Object.keys(articles[0] ?? {}).sort()).toEqual(['date', 'href', 'image', 'teaser', 'title', 'uuid'])
    // Each card leads to its story's page.
    expect((articles[0] as unknown as { href: string }).href).toMatch(/^\/news\/[a-z0-9-]+$/)

    const quotes = body(page.page).find((b) => b.component === 'quotes')?.quotes as { quote: string; author: string }[]
    expect(quotes.length).toBeGreaterThanOrEqual(4)
    expect(quotes[0]).toEqual({ uuid: expect.any(String), quote: expect.any(String), author: expect.any(String), location: expect.any(String) })
  })

  it('ships only what renders: no SEO fields in the page blok, no story metadata', async () => {
    const { page } = await loadPage(request(), 'home')
    const json = JSON.stringify(page)
    expect(page.page).not.toHaveProperty('seo_title')
    expect(json).not.toContain('first_published_at')
    expect(json).not.toContain('full_slug')
    expect(json).not.toContain('_editable')
  })

  it('has an FAQ with at least eight questions and an about page', async () => {
    const { page: faq } = await loadPage(request('/faq'), 'faq')
    const list = body(faq.page).find((b) => b.component === 'faq_list')
    expect((list?.items as Blok[]).length).toBeGreaterThanOrEqual(8)
    const { page: about } = await loadPage(request('/about_us'), 'about-us')
    expect(about.title).toBe('About us')
  })

  it('throws a 404 response for a missing story', async () => {
    const thrown = await loadPage(request('/x'), 'no-such-story').catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(404)
  })

  it('ignores editor parameters that are not signed with the preview token', async () => {
    const timestamp = Math.floor(Date.now() / 1000)
    const token = createHash('sha1').update(`1:guess:${timestamp}`).digest('hex')
    const { page, headers } = await loadPage(
      request(`/?_storyblok_tk[space_id]=1&_storyblok_tk[timestamp]=${timestamp}&_storyblok_tk[token]=${token}`),
      'home',
    )
    expect(page.editor).toBe(false)
    expect(new Headers(headers).get('Cache-Control')).not.toBe('no-store')
  })

  it('loads the layout: site name, announcement, navigation and footer', async () => {
    const layout = await loadLayout(request())
    expect(layout.siteName).toBe('Karoo & Co.')
    expect(layout.announcement?.component).toBe('announcement_bar')
    expect(String(layout.announcement?.text)).toMatch(/R 1 000/)
    const links = (layout.header?.links as Blok[]).map((l) => (l.link as { url: string }).url)
    expect(links).toEqual(['/', '/shop', '/about_us', '/faq', '/contact', '/track_order'])
    const footerLinks = (layout.footer?.columns as Blok[]).flatMap((c) => (c.links as Blok[]).map((l) => (l.link as { url: string }).url))
    for (const path of ['/account', '/orders', '/liked', '/cart', '/contact', '/track_order']) {
      expect(footerLinks).toContain(path)
    }
  })
})
