import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it, vi } from 'vitest'

import { loadLayout } from '~/lib/content/layout.server'
import { loadPage } from '~/lib/content/pages.server'

import { ContentPage } from './content-page'
import { Blok } from './registry'

// The demo stories from content/, through the same loader code the routes use.
const request = new Request('http://shop.test/')

describe('demo content renders with registered bloks only', () => {
  it.each(['home', 'about-us', 'faq'])('%s', async (slug) => {
    vi.stubEnv('NODE_ENV', 'development')
    const { page } = await loadPage(request, slug)
    const html = renderToString(
      <StaticRouter location="/">
        <ContentPage page={page} />
      </StaticRouter>,
    )
    expect(html).not.toContain('unknown-blok')
    expect(html.match(/<h1/g)).toHaveLength(1)
    if (slug === 'faq') expect(html.match(/<details/g)?.length).toBeGreaterThanOrEqual(8)
    if (slug === 'home') {
      expect(html).toContain('news-card')
      expect(html).toContain('quote__text')
    }
    vi.unstubAllEnvs()
  })

  it('layout bloks', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    const layout = await loadLayout(request)
    const html = renderToString(
      <StaticRouter location="/">
        {[layout.announcement, layout.header, layout.footer].map((blok) => (blok ? <Blok key={blok._uid} blok={blok} /> : null))}
      </StaticRouter>,
    )
    expect(html).not.toContain('unknown-blok')
    expect(html).toContain('Free delivery on orders of R 1 000 or more')
    expect(html).toContain('href="/track_order"')
    expect(html).toContain('href="/liked"')
    vi.unstubAllEnvs()
  })
})
