// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import type { ProductSummary } from '~/lib/catalog/summary'

import { FeaturedProducts } from './bloks/featured-products'
import { Gallery } from './gallery'
import { ProductCard } from './product-card'

const summary: ProductSummary = {
  id: 'rooibos-tea',
  name: 'Clanwilliam Rooibos Tea',
  priceCents: 8500,
  compareAtCents: 12000,
  priceFrom: false,
  optionNames: [],
  stock: 3,
  categoryName: 'Pantry',
  image: {
    url: '/images/products/rooibos-tea-1.svg',
    width: 800,
    height: 800,
  },
  rating: { average: 4.5, count: 12 },
}

const card = () => screen.getByRole('article', { name: 'Clanwilliam Rooibos Tea' })

describe('ProductCard', () => {
  it('offers Add to cart, one at a time, posting to /cart while in stock', () => {
    renderRoute(<ProductCard product={summary} />)
    const form = within(card()).getByRole('form', { name: 'Add Clanwilliam Rooibos Tea to cart' })
    expect(form).toHaveAttribute('action', '/cart')
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveFormValues({ productId: 'rooibos-tea', quantity: '1' })
    expect(within(form).getByRole('button', { name: 'Add to cart' })).toBeEnabled()
    expect(within(form).queryByRole('combobox')).not.toBeInTheDocument()
  })

  it('with options: "from" the lowest price when prices differ, and a link to choose instead of a cart form', () => {
    renderRoute(
      <ProductCard
        product={{
          ...summary,
          compareAtCents: null,
          priceFrom: true,
          optionNames: ['Size', 'Colour'],
          stock: 12,
        }}
      />,
    )
    expect(card()).toHaveTextContent('from R 85,00')
    expect(within(card()).queryByRole('form')).not.toBeInTheDocument()
    expect(
      within(card()).getByRole('link', {
        name: 'Choose size and colour of Clanwilliam Rooibos Tea',
      }),
    ).toHaveAttribute('href', '/shop/rooibos-tea')
    expect(within(card()).queryByText('Sold out')).not.toBeInTheDocument()
  })

  it('with options: "Sold out" when every variant is', () => {
    renderRoute(<ProductCard product={{ ...summary, optionNames: ['Size'], stock: 0 }} />)
    expect(within(card()).getByText('Sold out')).toBeInTheDocument()
    expect(within(card()).queryByRole('link', { name: /^Choose/ })).not.toBeInTheDocument()
  })

  it('says "Sold out" and offers no cart form when out of stock', () => {
    renderRoute(<ProductCard product={{ ...summary, stock: 0 }} />)
    expect(within(card()).getByText('Sold out')).toBeInTheDocument()
    expect(within(card()).queryByRole('form')).not.toBeInTheDocument()
    expect(within(card()).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument()
  })

  it('links its name to the product and shows the price, the struck-through old price, low stock and rating', () => {
    renderRoute(<ProductCard product={summary} />)
    const article = within(card())
    expect(
      article.getByRole('heading', { level: 3, name: 'Clanwilliam Rooibos Tea' }),
    ).toBeInTheDocument()
    expect(article.getByRole('link', { name: 'Clanwilliam Rooibos Tea' })).toHaveAttribute(
      'href',
      '/shop/rooibos-tea',
    )
    expect(card()).toHaveTextContent('Now R 85,00 Was R 120,00')
    expect(article.getByText(/^Was/).closest('s')).toHaveTextContent('Was R 120,00')
    expect(article.getByText('Only 3 left')).toBeInTheDocument()
    expect(article.getByText('4.5 out of 5 stars')).toBeInTheDocument()
    expect(card()).toHaveTextContent('(12 reviews)')
    // The picture is decoration beside the linked name, sized to keep the layout still.
    const image = card().querySelector('img')
    expect(image).toHaveAttribute('alt', '')
    expect(image).toHaveAttribute('loading', 'lazy')
    expect(image).toHaveAttribute('width', '800')
    expect(image).toHaveAttribute('height', '800')
  })

  it('says nothing about stock or an old price when plenty is left at the usual price', () => {
    renderRoute(<ProductCard product={{ ...summary, stock: 40, compareAtCents: null }} />)
    expect(card()).toHaveTextContent('R 85,00')
    expect(card()).not.toHaveTextContent(/Sold out|left|Was/)
    expect(within(card()).getByRole('button', { name: 'Add to cart' })).toBeInTheDocument()
  })

  it('has a like toggle posting to /liked that shows the liked state', () => {
    renderRoute(
      <>
        <ProductCard product={summary} liked />
        <ProductCard product={{ ...summary, id: 'honey', name: 'Fynbos Honey' }} />
      </>,
    )
    const unlike = within(card()).getByRole('button', { name: 'Unlike Clanwilliam Rooibos Tea' })
    expect(unlike).toHaveAttribute('aria-pressed', 'true')
    expect(unlike).toHaveAttribute('value', 'toggle')
    expect(unlike.closest('form')).toHaveAttribute('action', '/liked')
    expect(unlike.closest('form')).toHaveFormValues({ productId: 'rooibos-tea' })
    expect(screen.getByRole('button', { name: 'Like Fynbos Honey' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  })
})

describe('Gallery', () => {
  const images = [1, 2, 3, 4].map((n) => ({
    url: `/images/products/x-${n}.svg`,
    alt: `Picture ${n}`,
    width: 800,
    height: 800,
  }))

  it('without JS: every picture as a labelled slide, with thumbnail links and no arrows', async () => {
    renderRouteWithoutJs(<Gallery images={images} productName="Thing" />)
    const gallery = within(screen.getByRole('region', { name: 'Pictures of Thing' }))
    expect(gallery.getAllByRole('img', { name: /^Picture \d$/ })).toHaveLength(4)
    expect(gallery.getByRole('group', { name: '2 of 4' })).toHaveAttribute(
      'aria-roledescription',
      'slide',
    )
    for (const n of [1, 2, 3, 4]) {
      expect(gallery.getByRole('link', { name: `Show picture ${n} of 4` })).toHaveAttribute(
        'href',
        `#product-image-${n}`,
      )
    }
    // Arrows need the slider; without JS the strip scrolls instead.
    expect(gallery.queryByRole('button', { name: 'Next picture' })).not.toBeInTheDocument()
  })

  it('with JS: arrows appear once the slider has loaded', async () => {
    renderRoute(<Gallery images={images} productName="Thing" />)
    const gallery = within(screen.getByRole('region', { name: 'Pictures of Thing' }))
    expect(await gallery.findByRole('button', { name: 'Next picture' })).toBeEnabled()
    expect(gallery.getByRole('button', { name: 'Previous picture' })).toBeDisabled()
  })
})

describe('FeaturedProducts blok', () => {
  it('renders the prepared products as the shop’s cards under its title', () => {
    renderRoute(
      <FeaturedProducts
        blok={{
          _uid: 'f1',
          component: 'featured_products',
          title: 'Our picks',
          products: [summary, { ...summary, id: 'b', name: 'Biltong' }],
        }}
      />,
    )
    const section = screen.getByRole('heading', { name: 'Our picks' }).closest('section')!
    expect(within(section).getAllByRole('article')).toHaveLength(2)
    expect(within(section).getByRole('article', { name: 'Biltong' })).toBeInTheDocument()
    expect(within(section).getByRole('link', { name: /shop/i })).toHaveAttribute('href', '/shop')
  })

  it('renders nothing when no product could be resolved', () => {
    const { container } = renderRoute(
      <FeaturedProducts
        blok={{ _uid: 'f2', component: 'featured_products', title: 'Our picks', products: [] }}
      />,
    )
    expect(container).toBeEmptyDOMElement()
  })
})
