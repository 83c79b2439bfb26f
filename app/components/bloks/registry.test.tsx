// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../../test/render-route'

import type { Blok as BlokData } from '~/lib/content/types'

import { Blok } from './registry'

const render = (blok: BlokData) => renderRoute(<Blok blok={blok} />)

afterEach(() => vi.unstubAllEnvs())

describe('blok registry', () => {
  it('renders a known blok with its component', () => {
    render({
      _uid: 'h',
      component: 'hero',
      headline: 'Good things from the Karoo',
      cta_label: 'Shop now',
      cta_link: { linktype: 'url', url: '/shop' },
    })
    expect(
      screen.getByRole('heading', { level: 1, name: 'Good things from the Karoo' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Shop now' })).toHaveAttribute('href', '/shop')
  })

  it('renders a page body blok by blok; an FAQ answer opens from its question', async () => {
    render({
      _uid: 'p',
      component: 'page',
      body: [
        {
          _uid: 'a',
          component: 'rich_text',
          text: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }],
          },
        },
        {
          _uid: 'b',
          component: 'faq_list',
          items: [{ _uid: 'c', component: 'faq_item', question: 'Delivery?', answer: 'R 99.' }],
        },
      ],
    })
    expect(screen.getByText('Hello', { selector: 'p' })).toBeInTheDocument()
    const question = screen.getByText('Delivery?')
    const item = question.closest('details')
    expect(item).not.toHaveAttribute('open')
    await userEvent.click(question)
    expect(item).toHaveAttribute('open')
  })

  it('renders nothing for an unknown blok in production', () => {
    vi.stubEnv('NODE_ENV', 'production')
    const { container } = render({ _uid: 'x', component: 'featured_widgets' })
    expect(container).toBeEmptyDOMElement()
  })

  it('shows a visible notice for an unknown blok in development', () => {
    vi.stubEnv('NODE_ENV', 'development')
    render({ _uid: 'x', component: 'featured_widgets' })
    expect(screen.getByRole('note')).toHaveTextContent(
      'No component is registered for the blok featured_widgets',
    )
  })

  it('does not treat inherited object keys as bloks', () => {
    vi.stubEnv('NODE_ENV', 'development')
    render({ _uid: 'x', component: 'constructor' })
    expect(screen.getByRole('note')).toHaveTextContent('the blok constructor')
  })

  it('renders quotes as a plain list without JS', () => {
    renderRouteWithoutJs(
      <Blok
        blok={{
          _uid: 'q',
          component: 'quotes',
          title: 'What customers say',
          quotes: [
            { uuid: '1', quote: 'Lekker!', author: 'Thandi', location: 'Soweto' },
            { uuid: '2', quote: 'Fast delivery.', author: 'Pieter', location: '' },
          ],
        }}
      />,
    )
    const section = screen.getByRole('region', { name: 'What customers say' })
    expect(section).not.toHaveAttribute('aria-roledescription')
    const quotes = within(section).getAllByRole('listitem')
    expect(quotes).toHaveLength(2)
    expect(quotes[0]).toHaveTextContent('Lekker!Thandi, Soweto')
    expect(within(section).queryByRole('button')).not.toBeInTheDocument()
  })

  it('renders rich text as elements, never as markup or script links', () => {
    const { container } = render({
      _uid: 'r',
      component: 'rich_text',
      text: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: '<img src=x onerror=alert(1)>' },
              {
                type: 'text',
                text: 'click',
                marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
              },
              { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
            ],
          },
        ],
      },
    })
    // The markup stays text, the script link stays words, the bold is an element.
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>clickbold')
    expect(container.querySelector('img')).toBeNull()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(container.innerHTML).not.toContain('javascript:')
    expect(screen.getByText('bold').tagName).toBe('STRONG')
  })

  it('renders news cards as links to their stories, with a formatted date', () => {
    render({
      _uid: 'n',
      component: 'latest_news',
      title: 'Latest news',
      articles: [
        {
          uuid: '1',
          title: 'Spring arrivals',
          href: '/news/spring-arrivals',
          date: '2025-09-02 08:00',
          teaser: 'Fig preserves.',
          image: null,
        },
      ],
    })
    const news = screen.getByRole('region', { name: 'Latest news' })
    expect(within(news).getByRole('heading', { level: 3, name: 'Spring arrivals' })).toBeVisible()
    expect(within(news).getByRole('link', { name: 'Spring arrivals' })).toHaveAttribute(
      'href',
      '/news/spring-arrivals',
    )
    expect(within(news).queryByRole('img')).not.toBeInTheDocument()
    const date = within(news).getByText('2 September 2025')
    expect(date.tagName).toBe('TIME')
    expect(date).toHaveAttribute('dateTime', '2025-09-02T08:00:00.000Z')
  })
})
