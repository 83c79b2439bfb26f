// @vitest-environment jsdom
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useParams } from '@remix-run/react'
import { createRemixStub } from '@remix-run/testing'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import remixConfig from '../../../remix.config.js'
import { renderRouteWithoutJs } from '../../../test/render-route'

import type { PredictiveResult } from '~/lib/catalog/predictive'
import { formatRand } from '~/lib/money'

import { PredictiveCombobox } from './predictive-combobox'
import { PredictiveSearch } from './predictive-search'

const teas = ['Rooibos Loose Leaf', 'Rooibos Chai', 'Honeybush Tea'].map((name, i) => ({
  id: `tea-${i}`,
  name,
  priceCents: 8500 + i * 1000,
  priceFrom: i === 1,
  url: `/shop/tea-${i}`,
  image: { url: `/images/tea-${i}.webp` },
}))

/** The header search on a page, a stand-in /api/search, and product and shop pages to land on. */
function renderSearch(search = <PredictiveSearch />) {
  const asked: string[] = []
  const Stub = createRemixStub([
    {
      path: '/',
      Component: () => (
        <>
          {search}
          <button type="button">Elsewhere</button>
        </>
      ),
    },
    {
      path: '/api/search',
      loader: ({ request }: LoaderFunctionArgs): PredictiveResult => {
        const q = new URL(request.url).searchParams.get('q') ?? ''
        asked.push(q)
        const products = q.startsWith('zz') ? [] : teas
        return {
          q,
          products,
          total: products.length,
          allResultsUrl: `/shop?${new URLSearchParams({ q })}`,
        }
      },
    },
    { path: '/shop/:id', Component: () => <h1>Product {useParams().id}</h1> },
    { path: '/shop', Component: () => <h1>All results</h1> },
  ])
  render(<Stub initialEntries={['/']} future={remixConfig.future} />)
  return { asked, user: userEvent.setup() }
}

const combobox = () => screen.getByRole('combobox', { name: 'Search products' })

describe('PredictiveSearch', () => {
  it('without JavaScript is a plain GET search form to /shop', () => {
    renderRouteWithoutJs(<PredictiveSearch />, { url: '/shop?q=rooibos' })
    const form = screen.getByRole('search')
    expect(form).toHaveAttribute('method', 'get')
    expect(form).toHaveAttribute('action', '/shop')
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('rooibos')
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('suggests products with picture, name and price after a pause, and says how many', async () => {
    const { asked, user } = renderSearch()
    const input = await screen.findByRole('combobox', { name: 'Search products' })
    expect(input).toHaveAttribute('aria-expanded', 'false')
    await user.type(input, 'rooi')
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' })
    // Typing four letters asked once, after the pause.
    expect(asked).toEqual(['rooi'])
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).toHaveAttribute('aria-controls', listbox.id)
    const options = within(listbox).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      `Rooibos Loose Leaf${formatRand(8500)}`,
      `Rooibos Chaifrom ${formatRand(9500)}`,
      `Honeybush Tea${formatRand(10500)}`,
      'See all results for “rooi”',
    ])
    expect(within(options[0]!).getByRole('presentation')).toHaveAttribute(
      'src',
      '/images/tea-0.webp',
    )
    expect(screen.getByRole('status')).toHaveTextContent('3 products found')
  })

  it('suggests for words typed into the plain box before the combobox arrived', async () => {
    const { asked } = renderSearch(<PredictiveCombobox initialQuery="rooibos" focus />)
    const list = await screen.findByRole('listbox', { name: 'Suggestions' })
    expect(within(list).getAllByRole('option')).toHaveLength(teas.length + 1)
    expect(asked).toEqual(['rooibos'])
    expect(combobox()).toHaveFocus()
    expect(combobox()).toHaveValue('rooibos')
  })

  it('moves through the options with the arrow keys, wrapping, and Enter opens the product', async () => {
    const { user } = renderSearch()
    await user.type(await screen.findByRole('combobox'), 'rooi')
    const options = within(await screen.findByRole('listbox')).getAllByRole('option')
    const input = combobox()
    expect(input).not.toHaveAttribute('aria-activedescendant')

    await user.keyboard('{ArrowDown}')
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id)
    expect(options[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowUp}')
    expect(input).toHaveAttribute('aria-activedescendant', options[3]!.id)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id)
    expect(options[0]).toHaveAttribute('aria-selected', 'false')
    expect(input).toHaveFocus()

    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Product tea-1' })).toBeInTheDocument()
  })

  it('opens all the results from the last option', async () => {
    const { user } = renderSearch()
    await user.type(await screen.findByRole('combobox'), 'rooi')
    await screen.findByRole('listbox')
    await user.keyboard('{ArrowUp}{Enter}')
    expect(await screen.findByRole('heading', { name: 'All results' })).toBeInTheDocument()
  })

  it('Escape closes the list and keeps the words; Enter then searches the shop', async () => {
    const { user } = renderSearch()
    await user.type(await screen.findByRole('combobox'), 'rooi')
    await screen.findByRole('listbox')
    await user.keyboard('{ArrowDown}{Escape}')
    const input = combobox()
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).not.toHaveAttribute('aria-activedescendant')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveValue('rooi')
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'All results' })).toBeInTheDocument()
  })

  it('closes when the shopper clicks outside or tabs away, and reopens with ArrowDown', async () => {
    const { user } = renderSearch()
    await user.type(await screen.findByRole('combobox'), 'rooi')
    await screen.findByRole('listbox')
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(combobox()).toHaveAttribute('aria-expanded', 'false')

    await user.click(combobox())
    await user.keyboard('{ArrowDown}')
    expect(combobox()).toHaveAttribute('aria-expanded', 'true')
    expect(combobox()).toHaveAttribute(
      'aria-activedescendant',
      screen.getAllByRole('option')[0]!.id,
    )
    await user.tab()
    await user.tab()
    expect(combobox()).toHaveAttribute('aria-expanded', 'false')
  })

  it('a click on an option opens it', async () => {
    const { user } = renderSearch()
    await user.type(await screen.findByRole('combobox'), 'rooi')
    await user.click(await screen.findByRole('option', { name: /Honeybush Tea/ }))
    expect(await screen.findByRole('heading', { name: 'Product tea-2' })).toBeInTheDocument()
  })

  it('says when nothing was found and still offers the full search', async () => {
    const { user } = renderSearch()
    await user.type(await screen.findByRole('combobox'), 'zzq')
    const listbox = await screen.findByRole('listbox')
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['See all results for “zzq”'])
    expect(screen.getByRole('status')).toHaveTextContent('No products found')
  })
})
