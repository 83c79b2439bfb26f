import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { renderInRouter } from '../../../test/render-in-router'

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

/** Renders inside a data router, as the app does (product cards hold fetcher forms). */
function render(element: ReactNode): Promise<string> {
  return renderInRouter([{ path: '/', element }])
}

describe('demo content renders with registered bloks only', () => {
  beforeAll(async () => {
    await seedStore(await getStore(), { products: 160 })
  })

  it.each(['home', 'about-us', 'faq'])('%s', async (slug) => {
    vi.stubEnv('NODE_ENV', 'development')
    const { page } = await loadPage(request, slug)
    const html = await render(<ContentPage page={page} />)
    expect(html).not.toContain('unknown-blok')
    expect(html.match(/<h1/g)).toHaveLength(1)
    if (slug === 'faq') expect(html.match(/<details/g)?.length).toBeGreaterThanOrEqual(8)
    if (slug === 'home') {
      expect(html).toContain('news-card')
      expect(html).toContain('quote__text')
      expect(html.match(/class="product-card"/g)?.length).toBeGreaterThanOrEqual(4)
    }
    vi.unstubAllEnvs()
  })

  it('layout bloks', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    const layout = await loadLayout(request)
    const html = renderToString(
      <StaticRouter location="/">
        {[layout.announcement, layout.header, layout.footer].map((blok) =>
          blok ? <Blok key={blok._uid} blok={blok} /> : null,
        )}
      </StaticRouter>,
    )
    expect(html).not.toContain('unknown-blok')
    expect(html).toContain('Free delivery on orders of R 1 000 or more')
    expect(html).toContain('href="/track_order"')
    expect(html).toContain('href="/liked"')
    vi.unstubAllEnvs()
  })
})
