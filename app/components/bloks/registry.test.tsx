import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Blok as BlokData } from '~/lib/content/types'

import { Blok } from './registry'

const render = (blok: BlokData) =>
  renderToString(
    <StaticRouter location="/">
      <Blok blok={blok} />
    </StaticRouter>,
  )

afterEach(() => vi.unstubAllEnvs())

describe('blok registry', () => {
  it('renders a known blok with its component', () => {
    const html = render({
      _uid: 'h',
      component: 'hero',
      headline: 'Good things from the Karoo',
      cta_label: 'Shop now',
      cta_link: { linktype: 'url', url: '/shop' },
    })
    expect(html).toContain('<h1 class="hero__headline">Good things from the Karoo</h1>')
    expect(html).toContain('href="/shop"')
  })

  it('renders a page body blok by blok', () => {
    const html = render({
      _uid: 'p',
      component: 'page',
      body: [
        { _uid: 'a', component: 'rich_text', text: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] } },
        { _uid: 'b', component: 'faq_list', items: [{ _uid: 'c', component: 'faq_item', question: 'Delivery?', answer: 'R 99.' }] },
      ],
    })
    expect(html).toContain('<p>Hello</p>')
    expect(html).toMatch(/<details class="faq-item"><summary class="faq-item__question">Delivery\?<\/summary>/)
  })

  it('renders nothing for an unknown blok in production', () => {
    vi.stubEnv('NODE_ENV', 'production')
    expect(render({ _uid: 'x', component: 'featured_widgets' })).toBe('')
  })

  it('shows a visible notice for an unknown blok in development', () => {
    vi.stubEnv('NODE_ENV', 'development')
    const html = render({ _uid: 'x', component: 'featured_widgets' })
    expect(html).toContain('role="note"')
    expect(html).toContain('<code>featured_widgets</code>')
  })

  it('does not treat inherited object keys as bloks', () => {
    vi.stubEnv('NODE_ENV', 'production')
    expect(render({ _uid: 'x', component: 'constructor' })).toBe('')
  })

  it('renders quotes as a plain list before hydration', () => {
    const html = render({
      _uid: 'q',
      component: 'quotes',
      title: 'What customers say',
      quotes: [
        { uuid: '1', quote: 'Lekker!', author: 'Thandi', location: 'Soweto' },
        { uuid: '2', quote: 'Fast delivery.', author: 'Pieter', location: '' },
      ],
    })
    expect(html).toContain('<ul class="quotes__list">')
    expect(html.match(/<li class="quote">/g)).toHaveLength(2)
    expect(html).not.toContain('keen-slider')
  })

  it('renders rich text as elements, never as markup or script links', () => {
    const html = render({
      _uid: 'r',
      component: 'rich_text',
      text: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: '<img src=x onerror=alert(1)>' },
              { type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
              { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
            ],
          },
        ],
      },
    })
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toContain('javascript:')
    expect(html).toContain('<strong>bold</strong>')
  })

  it('renders news cards with a formatted date', () => {
    const html = render({
      _uid: 'n',
      component: 'latest_news',
      title: 'Latest news',
      articles: [{ uuid: '1', title: 'Spring arrivals', date: '2025-09-02 08:00', teaser: 'Fig preserves.', image: null }],
    })
    expect(html).toContain('Spring arrivals')
    expect(html).toContain('<time class="news-card__date" dateTime="2025-09-02T08:00:00.000Z">2 September 2025</time>')
  })
})
