// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '../../test/render-route'

import { serializeJsonLd } from '~/lib/catalog/json-ld'
import { productStatistics } from '~/lib/catalog/statistics'
import { toProductSummary } from '~/lib/catalog/summary'
import { makeProduct, ratingOf } from '~/lib/catalog/products.test-helper'
import { withVariants } from '~/lib/data/variants'
import { serializePersonal } from '~/lib/personal'

import ProductPage from './shop.$id'
import Shop from './shop._index'

/** The root's personal view (~/lib/personal): hearts and sign-in come from there. */
const rootData = (signedIn: boolean, liked: string[] = []) => ({
  personal: serializePersonal({ cart: 0, liked, signedIn, staff: false }),
})

const product = makeProduct({
  id: 'sold-out-tin',
  name: 'Sold Out Tin',
  stock: 0,
  rating: ratingOf(5, 4, 4),
  images: [1, 2].map((n) => ({
    url: `/images/products/sold-out-tin-${n}.svg`,
    alt: `Tin ${n}`,
    width: 800,
    height: 800,
  })),
})

function productData(overrides: { stock?: number } = {}) {
  const p = withVariants({ ...product, ...overrides })
  return {
    product: {
      id: p.id,
      name: p.name,
      description: p.description,
      category: p.category,
      categoryName: p.categoryName,
      priceCents: p.priceCents,
      compareAtCents: null,
      stock: p.stock,
      images: p.images,
      options: p.options,
      variants: p.variants,
      selection: [],
    },
    statistics: productStatistics(p.rating),
    // The store's order: newest written first.
    reviews: {
      items: [
        {
          id: 'r2',
          authorName: 'Thandi M.',
          rating: 4,
          title: 'Lovely',
          body: 'Keeps the rusks fresh.',
          writtenAt: '2024-05-02T10:00:00Z',
        },
        {
          id: 'r1',
          authorName: 'Pieter V.',
          rating: 5,
          title: '',
          body: 'Great.',
          writtenAt: '2024-04-01T10:00:00Z',
        },
      ],
      total: 2,
      sort: 'newest' as const,
      page: 1,
      pageCount: 1,
    },
    variantParam: null,
    related: [],
    recentlyViewed: [],
    seo: { canonical: 'http://shop.test/shop/sold-out-tin', image: null },
    jsonLd: serializeJsonLd({ name: '</script>' }),
  }
}

function renderProductPage(data: ReturnType<typeof productData>, signedIn: boolean) {
  return renderRoute(ProductPage, {
    url: '/shop/sold-out-tin',
    path: '/shop/:id',
    loaderData: data,
    rootData: rootData(signedIn),
  })
}

describe('/shop/:id page', () => {
  it('shows a sold-out product once as sold out, the statistics, reviews and a sign-in link', () => {
    const { container } = renderProductPage(productData(), false)
    expect(screen.getByRole('heading', { level: 1, name: 'Sold Out Tin' })).toBeInTheDocument()
    expect(screen.getAllByText('Sold out')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument()

    const reviews = within(screen.getByRole('region', { name: 'Reviews' }))
    expect(reviews.getByText(/from 3 reviews/)).toHaveTextContent('4.3 out of 5, from 3 reviews')
    const distribution = reviews.getByRole('table', {
      name: 'How many reviews gave each star rating',
    })
    expect(within(distribution).getByRole('row', { name: /^5 stars/ })).toHaveTextContent(
      '5 stars33% (1 review)',
    )
    // In the store's order (newest first); an untitled review is named by its rating.
    const [newest, older, ...rest] = reviews.getAllByRole('article')
    expect(rest).toEqual([])
    expect(newest).toHaveAccessibleName('Lovely')
    expect(newest).toHaveTextContent('4 out of 5 stars')
    expect(newest).toHaveTextContent('Thandi M., 2 May 2024')
    expect(newest).toHaveTextContent('Keeps the rusks fresh.')
    expect(older).toHaveAccessibleName('5-star review')
    expect(older).toHaveTextContent('Pieter V., 1 April 2024')

    expect(reviews.getByRole('link', { name: 'Sign in to write a review' })).toHaveAttribute(
      'href',
      '/auth?redirectTo=%2Fshop%2Fsold-out-tin',
    )
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument()
    // The product's JSON-LD cannot close its own script element.
    expect(container.querySelector('script[type="application/ld+json"]')?.innerHTML).toBe(
      '{"name":"\\u003c/script\\u003e"}',
    )
  })

  it('shows signed-in customers the review form, and the cart form while in stock', () => {
    renderProductPage(productData({ stock: 3 }), true)
    expect(screen.getByText('Only 3 left')).toBeInTheDocument()
    const cart = screen.getByRole('form', { name: 'Add Sold Out Tin to cart' })
    expect(within(cart).getByRole('button', { name: 'Add to cart' })).toBeEnabled()

    const review = screen.getByRole('form', { name: 'Write a review' })
    expect(within(review).getAllByRole('radio')).toHaveLength(5)
    expect(within(review).getByRole('radio', { name: '1 star' })).toHaveAttribute('value', '1')
    expect(within(review).getByRole('textbox', { name: 'Title (optional)' })).toBeInTheDocument()
    expect(within(review).getByRole('textbox', { name: 'Your review' })).toBeInTheDocument()
    expect(review).toHaveFormValues({ intent: 'review' })
    expect(
      screen.queryByRole('link', { name: 'Sign in to write a review' }),
    ).not.toBeInTheDocument()
  })
})

describe('/shop page', () => {
  const items = Array.from({ length: 24 }, (_, i) =>
    toProductSummary(makeProduct({ id: `p-${i}`, name: `Rooibos ${i}` })),
  )
  const shopData = {
    params: {
      q: 'rooibos',
      category: 'pantry',
      minPrice: '',
      maxPrice: '100',
      inStock: true,
      sort: 'price-asc',
      page: 2,
    },
    canonical: 'http://shop.test/shop?q=rooibos',
    items,
    total: 60,
    pageCount: 3,
    categories: [{ slug: 'pantry', name: 'Pantry', count: 60 }],
    suggestions: null,
  }

  it('renders the count, removable filters, the cards, a GET filter form and page links', () => {
    renderRoute(Shop, {
      url: '/shop?q=rooibos',
      loaderData: shopData,
      rootData: rootData(false, ['p-1']),
    })
    expect(screen.getByText(/results for/)).toHaveTextContent('60 results for “rooibos”')
    const filters = screen.getByRole('form', { name: 'Search and filter products' })
    expect(filters).toHaveAttribute('method', 'get')
    expect(filters).toHaveAttribute('action', '/shop')

    const results = within(screen.getByRole('region', { name: 'Products' }))
    expect(results.getAllByRole('article')).toHaveLength(24)
    // Removing the category keeps the other filters and goes back to page 1.
    expect(results.getByRole('link', { name: 'Pantry, remove this filter' })).toHaveAttribute(
      'href',
      '/shop?q=rooibos&maxPrice=100&inStock=1&sort=price-asc',
    )
    expect(results.getByRole('link', { name: 'Clear all' })).toHaveAttribute('href', '/shop')

    const pages = within(screen.getByRole('navigation', { name: 'Pages' }))
    expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    expect(pages.getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/shop?q=rooibos&category=pantry&maxPrice=100&inStock=1&sort=price-asc&page=3',
    )
    expect(pages.getByRole('link', { name: /Previous/ })).toBeInTheDocument()

    // Only the liked product's heart is pressed.
    const pressed = screen
      .getAllByRole('button', { name: /^(Un)?like / })
      .filter((button) => button.getAttribute('aria-pressed') === 'true')
    expect(pressed).toEqual([screen.getByRole('button', { name: 'Unlike Rooibos 1' })])
  })

  it('renders the empty state with suggested searches and products, and no page links', () => {
    renderRoute(Shop, {
      url: '/shop?q=zzz',
      rootData: rootData(false),
      loaderData: {
        ...shopData,
        params: {
          ...shopData.params,
          q: 'zzz',
          category: '',
          maxPrice: '',
          inStock: false,
          sort: 'featured',
          page: 1,
        },
        items: [],
        total: 0,
        pageCount: 1,
        suggestions: { queries: ['rooibos'], products: items.slice(0, 2) },
      },
    })
    expect(screen.getByText(/results for/)).toHaveTextContent('0 results for “zzz”')
    expect(screen.getByRole('heading', { name: 'No products match “zzz”' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'rooibos' })).toHaveAttribute('href', '/shop?q=rooibos')
    expect(screen.getAllByRole('article')).toHaveLength(2)
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument()
  })
})
