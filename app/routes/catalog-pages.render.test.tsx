import { Outlet } from '@remix-run/react'
import { describe, expect, it } from 'vitest'

import { renderInRouter } from '../../test/render-in-router'

import { serializeJsonLd } from '~/lib/catalog/json-ld'
import { productStatistics } from '~/lib/catalog/statistics'
import { makeProduct, ratingOf } from '~/lib/catalog/test-products'
import { toProductSummary } from '~/lib/catalog/summary'

import ProductPage from './shop.$id'
import Shop from './shop._index'

/** Renders a page component under a root route, with loader data as the loaders would return it. */
function renderPage(
  path: string,
  element: JSX.Element,
  data: unknown,
  signedIn = false,
): Promise<string> {
  return renderInRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ counts: { cart: 0, liked: 0, signedIn } }),
        element: <Outlet />,
        children: [
          {
            id: 'page',
            path: path.slice(1).split('?')[0],
            loader: () => data as Record<string, unknown>,
            element,
          },
        ],
      },
    ],
    `http://shop.test${path}`,
  )
}

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\n\r]+/g, ' ')

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
  const p = { ...product, ...overrides }
  return {
    product: { ...p },
    statistics: productStatistics(p.rating),
    reviews: [
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
    liked: false,
    reviewLimits: { title: 100, body: 2000 },
    seo: { canonical: 'http://shop.test/shop/sold-out-tin', image: null },
    jsonLd: serializeJsonLd({ name: '</script>' }),
  }
}

describe('/shop/:id page', () => {
  it('shows a sold-out product once as sold out, statistics, reviews and the sign-in link', async () => {
    const html = await renderPage('/shop/sold-out-tin', <ProductPage />, productData())
    const text = textOf(html)
    expect(text.match(/Sold out/g)).toHaveLength(1)
    expect(text).not.toContain('Add to cart')
    expect(text).toContain('4.3 out of 5')
    expect(text).toContain('4 out of 5 stars')
    expect(text).toMatch(/5 stars .*33%/)
    expect(text.indexOf('Thandi M.')).toBeLessThan(text.indexOf('Pieter V.'))
    expect(html).toContain('href="/auth?redirectTo=%2Fshop%2Fsold-out-tin"')
    expect(text).toContain('Sign in to write a review')
    expect(html).not.toContain('name="rating"')
    expect(html).toContain(
      '<script type="application/ld+json">{"name":"\\u003c/script\\u003e"}</script>',
    )
  })

  it('shows the review form to signed-in customers and the cart form when in stock', async () => {
    const html = await renderPage(
      '/shop/sold-out-tin',
      <ProductPage />,
      productData({ stock: 3 }),
      true,
    )
    const text = textOf(html)
    expect(text).toContain('Only 3 left')
    expect(text).toContain('Add to cart')
    expect(html.match(/name="rating"/g)).toHaveLength(5)
    expect(html).toContain('name="intent" value="review"')
    expect(text).not.toContain('Sign in to write a review')
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
    liked: ['p-1'],
  }

  it('renders the count, chips, cards, a GET filter form and page links', async () => {
    const html = await renderPage('/shop?q=rooibos', <Shop />, shopData)
    const text = textOf(html)
    expect(text).toContain('60 results for “rooibos”')
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/shop"/)
    expect(html.match(/class="product-card"/g)).toHaveLength(24)
    expect(html).toContain(
      'href="/shop?q=rooibos&amp;category=pantry&amp;maxPrice=100&amp;inStock=1&amp;sort=price-asc&amp;page=3"',
    )
    expect(html).toMatch(/aria-current="page"[^>]*>2</)
    expect(text).toContain('Previous')
    // Removing the category chip keeps the other filters and goes back to page 1.
    expect(html).toContain(
      'href="/shop?q=rooibos&amp;maxPrice=100&amp;inStock=1&amp;sort=price-asc"',
    )
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1)
  })

  it('renders the empty state with suggestions', async () => {
    const html = await renderPage('/shop?q=zzz', <Shop />, {
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
    })
    const text = textOf(html)
    expect(text).toContain('0 results for “zzz”')
    expect(text).toContain('No products match “zzz”')
    expect(html).toContain('href="/shop?q=rooibos"')
    expect(html.match(/class="product-card"/g)).toHaveLength(2)
    expect(html).not.toContain('aria-label="Pages"')
  })
})
