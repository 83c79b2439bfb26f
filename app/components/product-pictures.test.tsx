// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '../../test/render-route'

import { cardImage, type ProductSummary } from '~/lib/catalog/summary'
import type { ProductImage } from '~/lib/data/types'
import { IMAGE_SIZES } from '~/lib/images/responsive'

import { Gallery } from './gallery'
import { ProductCard } from './product-card'

function stored(n: number): ProductImage {
  const variants = [320, 640, 800].map((width) => ({
    width,
    url: `/images/rooibos-tea/abc${n}-${width}.webp`,
  }))
  return {
    id: `abc${n}`,
    url: variants[2]!.url,
    alt: `Rooibos tin, picture ${n}`,
    width: 800,
    height: 800,
    variants,
  }
}

const summary: ProductSummary = {
  id: 'rooibos-tea',
  name: 'Clanwilliam Rooibos Tea',
  priceCents: 8500,
  compareAtCents: null,
  priceFrom: false,
  optionNames: [],
  stock: 3,
  categoryName: 'Pantry',
  image: cardImage(stored(1)),
  rating: { average: null, count: 0 },
}

const srcset = (n: number) =>
  `/images/rooibos-tea/abc${n}-320.webp 320w, /images/rooibos-tea/abc${n}-640.webp 640w, /images/rooibos-tea/abc${n}-800.webp 800w`

describe('product pictures on the pages', () => {
  it('a card offers every rendition and loads at once, first, only in the first row', () => {
    const { unmount } = renderRoute(<ProductCard product={summary} eager />)
    const card = screen.getByRole('article', { name: 'Clanwilliam Rooibos Tea' })
    // The card's picture repeats the linked name, so it is hidden from assistive technology.
    const picture = within(card).getByRole('presentation', { hidden: true })
    expect(picture).toHaveAttribute('src', '/images/rooibos-tea/abc1-800.webp')
    expect(picture).toHaveAttribute('srcset', srcset(1))
    expect(picture).toHaveAttribute('sizes', IMAGE_SIZES.card)
    expect(picture).toHaveAttribute('loading', 'eager')
    expect(picture).toHaveAttribute('fetchpriority', 'high')
    unmount()

    renderRoute(<ProductCard product={summary} />)
    const later = within(screen.getByRole('article')).getByRole('presentation', { hidden: true })
    expect(later).toHaveAttribute('loading', 'lazy')
    expect(later).not.toHaveAttribute('fetchpriority')
  })

  it('the gallery loads its first picture at once and first, the others when scrolled to', () => {
    renderRoute(<Gallery images={[stored(1), stored(2), stored(3)]} productName="Rooibos" />)
    const first = screen.getByRole('img', { name: 'Rooibos tin, picture 1' })
    expect(first).toHaveAttribute('srcset', srcset(1))
    expect(first).toHaveAttribute('sizes', IMAGE_SIZES.gallery)
    expect(first).toHaveAttribute('loading', 'eager')
    expect(first).toHaveAttribute('fetchpriority', 'high')
    for (const n of [2, 3]) {
      const other = screen.getByRole('img', { name: `Rooibos tin, picture ${n}` })
      expect(other).toHaveAttribute('srcset', srcset(n))
      expect(other).toHaveAttribute('loading', 'lazy')
      expect(other).not.toHaveAttribute('fetchpriority')
    }
  })

  it('a picture kept elsewhere (no renditions) is shown as it is', () => {
    renderRoute(
      <Gallery
        images={[{ url: 'https://cdn.example/tin.jpg', alt: 'Tin', width: 600, height: 600 }]}
        productName="Rooibos"
      />,
    )
    const picture = screen.getByRole('img', { name: 'Tin' })
    expect(picture).toHaveAttribute('src', 'https://cdn.example/tin.jpg')
    expect(picture).not.toHaveAttribute('srcset')
  })
})
