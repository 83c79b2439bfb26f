import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

import { renderInRouter } from '../../test/render-in-router'

import type { ProductSummary } from '~/lib/catalog/summary'

import { FeaturedProducts } from './bloks/featured-products'
import { Gallery } from './gallery'
import { ProductCard } from './product-card'

/** Renders inside a data router, as the app does (the like button is a fetcher form). */
function render(element: ReactNode): Promise<string> {
  return renderInRouter([{ path: '/', element }])
}

/** The page's text as a screen reader would read it, tags removed and whitespace collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/[ \t\n\r]+/g, ' ')
    .trim()

const summary: ProductSummary = {
  id: 'rooibos-tea',
  name: 'Clanwilliam Rooibos Tea',
  priceCents: 8500,
  compareAtCents: 12000,
  stock: 3,
  categoryName: 'Pantry',
  image: {
    url: '/images/products/rooibos-tea-1.svg',
    alt: 'A tin of rooibos',
    width: 800,
    height: 800,
  },
  rating: { average: 4.5, count: 12 },
}

describe('ProductCard', () => {
  it('offers Add to cart (one at a time) while in stock, and not when sold out', async () => {
    const html = await render(<ProductCard product={summary} />)
    expect(html).toMatch(
      /<form[^>]*action="\/cart"[^>]*aria-label="Add Clanwilliam Rooibos Tea to cart"/,
    )
    expect(html).toContain('name="quantity" value="1"')
    const soldOut = await render(<ProductCard product={{ ...summary, stock: 0 }} />)
    expect(soldOut).not.toContain('action="/cart"')
    expect(textOf(soldOut)).toContain('Sold out')
  })

  it('shows name, price with the old price struck through, low stock and rating text', async () => {
    const html = await render(<ProductCard product={summary} />)
    expect(html).toContain('href="/shop/rooibos-tea"')
    expect(html).toMatch(/<img[^>]*width="800"[^>]*height="800"[^>]*loading="lazy"/)
    expect(html).toMatch(
      /<s class="price__was"><span class="visually-hidden">Was <\/span>R\u00a0120,00<\/s>/,
    )
    const text = textOf(html)
    expect(text).toContain('R\u00a085,00')
    expect(text).toContain('Only 3 left')
    expect(text).toContain('4.5 out of 5 stars')
    expect(html).toContain('name="productId" value="rooibos-tea"')
    expect(html).toContain('value="toggle"')
    expect(html).toContain('action="/liked"')
  })

  it('says "Sold out", and nothing about stock when plenty is left', async () => {
    expect(textOf(await render(<ProductCard product={{ ...summary, stock: 0 }} />))).toContain(
      'Sold out',
    )
    const plenty = textOf(
      await render(<ProductCard product={{ ...summary, stock: 40, compareAtCents: null }} />),
    )
    expect(plenty).not.toMatch(/Sold out|left/)
    expect(plenty).not.toContain('Was')
  })

  it('shows the liked state', async () => {
    expect(await render(<ProductCard product={summary} liked />)).toContain('aria-pressed="true"')
    expect(await render(<ProductCard product={summary} />)).toContain('aria-pressed="false"')
  })
})

describe('Gallery without JS', () => {
  const images = [1, 2, 3, 4].map((n) => ({
    url: `/images/products/x-${n}.svg`,
    alt: `Picture ${n}`,
    width: 800,
    height: 800,
  }))

  it('puts every image in the HTML as labelled slides with thumbnail links', async () => {
    const html = await render(<Gallery images={images} productName="Thing" />)
    expect(html).toContain('aria-roledescription="carousel"')
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(4)
    expect(html).toContain('aria-label="2 of 4"')
    for (const n of [1, 2, 3, 4]) expect(html).toContain(`href="#product-image-${n}"`)
    // Arrows need the slider; without JS the strip scrolls instead.
    expect(html).not.toContain('Next picture')
  })
})

describe('FeaturedProducts blok', () => {
  it('renders the prepared products as the shop’s cards', async () => {
    const html = await render(
      <FeaturedProducts
        blok={{
          _uid: 'f1',
          component: 'featured_products',
          title: 'Our picks',
          products: [summary, { ...summary, id: 'b' }],
        }}
      />,
    )
    expect(textOf(html)).toContain('Our picks')
    expect(html.match(/class="product-card"/g)).toHaveLength(2)
    expect(html).toContain('href="/shop"')
  })

  it('renders nothing when no product could be resolved', async () => {
    const html = await render(
      <FeaturedProducts blok={{ _uid: 'f2', component: 'featured_products', products: [] }} />,
    )
    expect(html).not.toContain('featured-products')
  })
})
