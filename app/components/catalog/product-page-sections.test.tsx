// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../../test/render-route'

import { productStatistics } from '~/lib/catalog/statistics'
import { toProductSummary } from '~/lib/catalog/summary'
import { makeProduct, ratingOf } from '~/lib/catalog/products.test-helper'
import type { ReviewPage } from '~/lib/reviews/reviews.server'

import { ProductReviews } from './product-reviews'
import { ProductShelf } from './product-shelf'

const cards = [
  toProductSummary(makeProduct({ id: 'honeybush', name: 'Honeybush Tea' })),
  toProductSummary(makeProduct({ id: 'rusks', name: 'Buttermilk Rusks', stock: 0 })),
]

const reviewPage = (overrides: Partial<ReviewPage> = {}): ReviewPage => ({
  items: Array.from({ length: 10 }, (_, i) => ({
    id: `r${i}`,
    authorName: `Customer ${i}`,
    rating: 5,
    title: `Review ${i}`,
    body: 'Lovely.',
    writtenAt: '2025-06-01T10:00:00.000Z',
  })),
  total: 23,
  sort: 'highest',
  page: 2,
  pageCount: 3,
  ...overrides,
})

const statistics = productStatistics(ratingOf(...Array.from({ length: 23 }, () => 5 as const)))

describe('a product page shelf', () => {
  it('is a section named by its heading, listing a card per product with lazy pictures', () => {
    renderRouteWithoutJs(
      <ProductShelf id="related" title="You may also like" products={cards} liked={new Set()} />,
    )
    const shelf = screen.getByRole('region', { name: 'You may also like' })
    expect(within(shelf).getByRole('heading', { level: 2 })).toHaveTextContent('You may also like')
    const items = within(within(shelf).getByRole('list')).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(shelf).getByRole('link', { name: 'Honeybush Tea' })).toHaveAttribute(
      'href',
      '/shop/honeybush',
    )
    expect(within(items[1]!).getByText('Sold out')).toBeInTheDocument()
    for (const picture of shelf.querySelectorAll('img')) {
      expect(picture).toHaveAttribute('loading', 'lazy')
      expect(picture).toHaveAttribute('alt', '')
    }
  })

  it('shows nothing when there is nothing to list', () => {
    renderRouteWithoutJs(
      <ProductShelf id="recently-viewed" title="Recently viewed" products={[]} liked={new Set()} />,
    )
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).not.toBeInTheDocument()
  })
})

describe('the reviews section, sorted and paged', () => {
  it('offers the sort as a GET form keeping the variant, without JS', () => {
    renderRouteWithoutJs(
      <ProductReviews
        productPath="/shop/tee"
        variant="tee--m-black"
        statistics={statistics}
        reviews={reviewPage()}
        signedIn={false}
      />,
      { url: '/shop/tee?variant=tee--m-black&reviewSort=highest&reviewPage=2' },
    )
    const form = screen.getByRole('form', { name: 'Sort reviews' })
    expect(form).toHaveAttribute('method', 'get')
    expect(form).toHaveAttribute('action', '/shop/tee')
    expect(form).toHaveFormValues({ variant: 'tee--m-black', reviewSort: 'highest' })
    expect(within(form).getByRole('combobox', { name: 'Sort reviews by' })).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Sort' })).toBeInTheDocument()
    expect(screen.getByText('Showing 11–20 of 23 reviews.')).toBeInTheDocument()
  })

  it('links the other pages keeping sort and variant, marking the current one', () => {
    renderRoute(
      <ProductReviews
        productPath="/shop/tee"
        variant="tee--m-black"
        statistics={statistics}
        reviews={reviewPage()}
        signedIn={false}
      />,
      { url: '/shop/tee' },
    )
    const pages = screen.getByRole('navigation', { name: 'Review pages' })
    expect(within(pages).getByRole('link', { name: 'Reviews page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/shop/tee?variant=tee--m-black&reviewSort=highest&reviewPage=3#reviews',
    )
    expect(within(pages).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/shop/tee?variant=tee--m-black&reviewSort=highest#reviews',
    )
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(10)
  })

  it('has no sort or pages for a single review', () => {
    renderRouteWithoutJs(
      <ProductReviews
        productPath="/shop/tea"
        variant={null}
        statistics={productStatistics(ratingOf(4))}
        reviews={reviewPage({
          items: reviewPage().items.slice(0, 1),
          total: 1,
          page: 1,
          pageCount: 1,
        })}
        signedIn={false}
      />,
    )
    expect(screen.queryByRole('form', { name: 'Sort reviews' })).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Review pages' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Review 0' })).toBeInTheDocument()
  })
})
