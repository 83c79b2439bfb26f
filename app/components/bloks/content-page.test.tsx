// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { renderRouteWithoutJs } from '../../../test/render-route'

import { loadLayout } from '~/lib/content/layout.server'
import { loadPage } from '~/lib/content/pages.server'
import { getStore } from '~/lib/data/index.server'
import { seedStore } from '~/lib/seed/seed.server'

import { ContentPage } from './content-page'
import { Blok } from './registry'

// The home page's featured products come from the catalogue: a demo store of the test's own.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'content-page-test-'))
})

// The demo stories from content/, through the same loader code the routes use.
const request = new Request('http://shop.test/')

describe('demo content renders with registered bloks only', () => {
  beforeAll(async () => {
    await seedStore(await getStore(), { products: 160 })
  })

  it.each(['home', 'about-us', 'faq'])('%s', async (slug) => {
    // In development an unregistered blok would show a notice (role="note").
    vi.stubEnv('NODE_ENV', 'development')
    const { page } = await loadPage(request, slug)
    const { container } = renderRouteWithoutJs(<ContentPage page={page} />)
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    if (slug === 'faq') {
      // Native disclosures: every answer opens without JavaScript.
      expect(container.querySelectorAll('details').length).toBeGreaterThanOrEqual(8)
    }
    if (slug === 'home') {
      const news = screen.getByRole('region', { name: 'Latest news' })
      expect(within(news).getAllByRole('article').length).toBeGreaterThanOrEqual(1)
      const quotes = screen.getByRole('region', { name: 'What our customers say' })
      expect(within(quotes).getAllByRole('listitem').length).toBeGreaterThanOrEqual(2)
      const featured = screen.getByRole('region', { name: 'Featured products' })
      const cards = within(featured).getAllByRole('article')
      expect(cards.length).toBeGreaterThanOrEqual(4)
      // The name, and for a product with options the link to choose them, lead to its page.
      for (const link of within(cards[0]!).getAllByRole('link', { name: /./ })) {
        expect(link).toHaveAttribute('href', expect.stringMatching(/^\/shop\/[a-z0-9-]+$/))
      }
    }
    vi.unstubAllEnvs()
  })

  it('layout bloks', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    const layout = await loadLayout(request)
    renderRouteWithoutJs(
      <>
        {[layout.announcement, layout.header, layout.footer].map((blok) =>
          blok ? <Blok key={blok._uid} blok={blok} /> : null,
        )}
      </>,
    )
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    expect(screen.getByText(/Free delivery on orders of R 1 000 or more/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Track order' })).toHaveAttribute(
      'href',
      '/track_order',
    )
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      '/track_order',
    )
    expect(screen.getByRole('link', { name: 'Liked' })).toHaveAttribute('href', '/liked')
    vi.unstubAllEnvs()
  })
})
