// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '../../../test/render-route'

import { productStatistics } from '~/lib/catalog/statistics'
import { shirt } from '~/lib/data/contract.suite'
import ProductPage from '~/routes/shop.$id'
import { serializePersonal } from '~/lib/personal'

/** A shirt in S/M/L and Black/Rainbow with L/Black sold out. */
const tee = { ...shirt('tee', { 'tee--l-black': 0 }), name: 'Karoo tee' }

function options(selection: string[], notifyEmail = '') {
  return {
    url: '/shop/tee',
    path: '/shop/:id',
    loaderData: {
      product: {
        id: tee.id,
        name: tee.name,
        description: tee.description,
        category: tee.category,
        categoryName: tee.categoryName,
        priceCents: tee.priceCents,
        compareAtCents: null,
        stock: tee.stock,
        images: tee.images,
        options: tee.options,
        variants: tee.variants,
        selection,
      },
      statistics: productStatistics(tee.rating),
      reviews: { items: [], total: 0, sort: 'newest' as const, page: 1, pageCount: 1 },
      variantParam: null,
      related: [],
      recentlyViewed: [],
      notifyEmail,
      seo: { canonical: 'http://shop.test/shop/tee', image: null },
      jsonLd: '{}',
    },
    rootData: {
      personal: serializePersonal({
        cart: 0,
        liked: [],
        signedIn: notifyEmail !== '',
        staff: false,
      }),
    },
  }
}

const notifyForm = () => screen.queryByRole('form', { name: /^Email me when it.s back$/ })

describe('"Email me when it\'s back" on the product page', () => {
  it('shows only under a sold-out option, and comes and goes as the shopper picks', async () => {
    renderRoute(ProductPage, options(['M', 'Black']))
    expect(notifyForm()).toBeNull()
    await userEvent.click(screen.getByRole('radio', { name: 'L (sold out)' }))
    const form = notifyForm()!
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('action', '/shop/tee?variant=tee--l-black')
    const email = screen.getByRole('textbox', { name: 'Your email' })
    expect(email).toHaveValue('')
    expect(email).toBeRequired()
    expect(screen.getByRole('button', { name: 'Email me' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('radio', { name: 'S' }))
    expect(notifyForm()).toBeNull()
  })

  it("fills in a signed-in customer's email", () => {
    renderRoute(ProductPage, options(['L', 'Black'], 'thandi@example.co.za'))
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveValue('thandi@example.co.za')
  })
})
