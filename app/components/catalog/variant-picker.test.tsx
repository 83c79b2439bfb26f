// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../../test/render-route'

import { productStatistics } from '~/lib/catalog/statistics'
import { shirt } from '~/lib/data/contract.suite'
import { withVariants } from '~/lib/data/variants'
import ProductPage from '~/routes/shop.$id'
import { ANONYMOUS_VIEW, serializePersonal } from '~/lib/personal'

/** A shirt in S/M/L and Black/Rainbow: M/Black R 275 was R 320, L/Black sold out, no L/Rainbow. */
const tee = (() => {
  const full = shirt('tee', { 'tee--l-black': 0, 'tee--m-black': 2 }, { 'tee--m-black': 27_500 })
  return withVariants({
    ...full,
    name: 'Karoo tee',
    variants: full.variants
      .filter((v) => v.id !== 'tee--l-rainbow')
      .map((v) => (v.id === 'tee--m-black' ? { ...v, compareAtCents: 32_000 } : v)),
  })
})()

function pageData(selection: string[]) {
  return {
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
    seo: { canonical: 'http://shop.test/shop/tee', image: null },
    jsonLd: '{}',
  }
}

const options = (selection: string[], url = '/shop/tee') => ({
  url,
  path: '/shop/:id',
  loaderData: pageData(selection),
  rootData: { personal: serializePersonal(ANONYMOUS_VIEW) },
})

const price = () =>
  screen.getByText((_, el) => el?.classList.contains('product-page__price') ?? false)

describe('product option pickers', () => {
  it('has one radio group per option, named by its legend, with sold-out and unsold values marked', () => {
    renderRoute(ProductPage, options(['S', 'Black']))
    const size = screen.getByRole('group', { name: 'Size' })
    const colour = screen.getByRole('group', { name: 'Colour' })
    expect(
      within(size)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['S', 'M', 'L'])
    expect(within(size).getByRole('radio', { name: 'S' })).toBeChecked()
    expect(within(size).getByRole('radio', { name: 'L (sold out)' })).not.toBeChecked()
    expect(within(colour).getByRole('radio', { name: 'Black' })).toBeChecked()
    expect(within(colour).getByRole('radio', { name: 'Rainbow' })).toBeInTheDocument()
  })

  it('shows a colour the shop knows as a swatch of that colour beside its name; other values stay text pills', () => {
    renderRoute(ProductPage, options(['L', 'Black']))
    const colour = screen.getByRole('group', { name: 'Colour' })
    // Black: a chip of the colour, hidden from screen readers; the radio is still named "Black".
    const black = within(colour).getByRole('radio', { name: 'Black (sold out)' })
    const chip = black.closest('label')?.querySelector('.variant-choice__swatch')
    expect(chip).toHaveAttribute('aria-hidden', 'true')
    expect((chip as HTMLElement).style.getPropertyValue('--swatch')).toBe('#2a2a2e')
    // Marked sold out as a text pill would be: its pill says so and is struck through.
    expect(black.closest('label')).toHaveClass('variant-choice--swatch', 'variant-choice--sold-out')
    expect(black.closest('label')).toHaveTextContent(/^Black \(sold out\)$/)
    // Rainbow is not in the colour table, and sizes are not colours: text pills, no chip.
    const rainbow = within(colour).getByRole('radio', { name: 'Rainbow (not sold)' })
    expect(rainbow.closest('label')?.querySelector('.variant-choice__swatch')).toBeNull()
    const size = screen.getByRole('group', { name: 'Size' })
    expect(size.querySelector('.variant-choice__swatch')).toBeNull()
  })

  it('with JS: a pick changes price, was-price, stock, picture, title and URL at once', async () => {
    const user = userEvent.setup()
    renderRoute(ProductPage, options(['S', 'Black']))
    expect(price()).toHaveTextContent('R 250,00')
    expect(screen.queryByRole('button', { name: 'Show this option' })).toBeNull()

    await user.click(screen.getByRole('radio', { name: 'M' }))
    expect(price()).toHaveTextContent('Now R 275,00 Was R 320,00')
    expect(screen.getByText('Only 2 left')).toBeInTheDocument()
    expect(window.location.search).toBe('?variant=tee--m-black')
    expect(document.title).toBe('Karoo tee (Size: M, Colour: Black) | Karoo & Co.')
    const form = screen.getByRole('form', { name: 'Add Karoo tee to cart' })
    expect(new FormData(form as HTMLFormElement).get('variantId')).toBe('tee--m-black')

    await user.click(screen.getByRole('radio', { name: 'Rainbow' }))
    expect(screen.getAllByRole('img', { name: 'tee in rainbow' })[0]).toBeInTheDocument()
    expect(window.location.search).toBe('?variant=tee--m-rainbow')
    // With M/Rainbow picked, L is now the combination that is not sold.
    expect(screen.getByRole('radio', { name: 'L (not sold)' })).toBeInTheDocument()
  })

  it("shows only the picked colour's pictures: its pack shot first, never another colour's", async () => {
    // As the demo seed makes it: the Black pack shot is the product's first picture (and Black's
    // own), Rainbow has its own pack shot, and the close-up is shared.
    const image = (name: string) => ({
      url: `/images/${name}.webp`,
      alt: name,
      width: 800,
      height: 800,
    })
    const data = pageData(['S', 'Black'])
    data.product.images = [image('tee in Black'), image('tee close-up')]
    data.product.variants = tee.variants.map((v) => ({
      ...v,
      image: v.optionValues[1] === 'Black' ? image('tee in Black') : image('tee in Rainbow'),
    }))
    const slides = () =>
      screen
        .getByRole('group', { name: /^Pictures; use the left and right arrow keys/ })
        .querySelectorAll('img')
    const shown = () => [...slides()].map((img) => img.getAttribute('alt'))
    const user = userEvent.setup()
    renderRoute(ProductPage, { ...options(['S', 'Black']), loaderData: data })
    expect(shown()).toEqual(['tee in Black', 'tee close-up'])

    await user.click(screen.getByRole('radio', { name: 'Rainbow' }))
    expect(shown()).toEqual(['tee in Rainbow', 'tee close-up'])
    // L in Rainbow is not sold: the pictures stay the colour's.
    await user.click(screen.getByRole('radio', { name: 'L (not sold)' }))
    expect(shown()).toEqual(['tee in Rainbow', 'tee close-up'])
    await user.click(screen.getByRole('radio', { name: 'S' }))
    await user.click(screen.getByRole('radio', { name: 'Black' }))
    expect(shown()).toEqual(['tee in Black', 'tee close-up'])
  })

  it('cannot add a sold-out or an unsold combination', async () => {
    const user = userEvent.setup()
    renderRoute(ProductPage, options(['L', 'Black']))
    expect(screen.getByText('Sold out')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull()

    await user.click(screen.getByRole('radio', { name: 'Rainbow (not sold)' }))
    expect(screen.getByText('Not sold in this combination; choose another')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull()
  })

  it('without JS: the groups sit in a GET form to the product page with a button to show the pick', () => {
    renderRouteWithoutJs(ProductPage, options(['M', 'Black'], '/shop/tee?variant=tee--m-black'))
    const picker = screen.getByRole('form', { name: 'Product options' })
    expect(picker).toHaveAttribute('method', 'get')
    expect(picker).toHaveAttribute('action', '/shop/tee')
    expect(within(picker).getByRole('button', { name: 'Show this option' })).toBeInTheDocument()
    expect(within(picker).getByRole('radio', { name: 'M' })).toHaveAttribute('name', 'size')
    expect(within(picker).getByRole('radio', { name: 'M' })).toBeChecked()
  })
})
