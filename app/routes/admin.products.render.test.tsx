// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '../../test/render-route'

import type { ProductEditorView } from '~/lib/admin/products.server'

import EditProduct from './admin.products.$id'

const categories = [
  { slug: 'apparel', name: 'Apparel' },
  { slug: 'pantry', name: 'Pantry' },
]

const tee: ProductEditorView = {
  id: 'tee',
  name: 'Karoo tee',
  description: 'Soft cotton.',
  category: 'apparel',
  active: true,
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    {
      id: 'tee--s',
      label: 'Size: S',
      optionValues: ['S'],
      priceCents: 25000,
      compareAtCents: null,
      onHand: 4,
      held: 0,
      weightGrams: 180,
      lengthCm: null,
      widthCm: null,
      heightCm: null,
    },
    {
      id: 'tee--m',
      label: 'Size: M',
      optionValues: ['M'],
      priceCents: 27500,
      compareAtCents: 30000,
      onHand: 5,
      held: 2,
      weightGrams: 200,
      lengthCm: 30,
      widthCm: 25,
      heightCm: 3,
    },
  ],
  images: [
    { id: 'aaaaaaaaaaaaaaaa', url: '/images/tee/a-640.webp', alt: 'Tee, front', variants: [] },
    { id: 'bbbbbbbbbbbbbbbb', url: '/images/tee/b-640.webp', alt: 'Tee, back', variants: [] },
  ],
  log: [
    {
      productId: 'tee',
      at: '2025-03-01T10:00:00.000Z',
      by: 'nomsa@shop.example.co.za',
      change: 'stock of Size: M 3 -> 5',
    },
  ],
  updatedAt: '2025-03-01T10:00:00.000Z',
}

const open = (product: ProductEditorView) =>
  renderRoute(EditProduct, {
    url: `/admin/products/${product.id}`,
    path: '/admin/products/:id',
    loaderData: { product, categories },
  })

describe('/admin/products/:id', () => {
  it('shows a row per variant with its price, compare-at, stock on hand and what unpaid orders hold', async () => {
    open(tee)
    expect(await screen.findByRole('heading', { level: 1, name: 'Karoo tee' })).toBeInTheDocument()
    expect(screen.getByLabelText('Price of Size: M')).toHaveValue('275.00')
    expect(screen.getByLabelText('Compare-at price of Size: M')).toHaveValue('300.00')
    expect(screen.getByLabelText('Stock of Size: M')).toHaveValue('5')
    const row = screen.getByRole('row', { name: /Size: M/ })
    expect(within(row).getByText('2 held by unpaid orders')).toBeInTheDocument()
    expect(screen.getByLabelText('Option 1 name')).toHaveValue('Size')
    expect(screen.getByLabelText('Option 1 values')).toHaveValue('S, M')
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('apparel')
    expect(screen.getByRole('checkbox', { name: /Active/ })).toBeChecked()
    expect(screen.getByLabelText('Weight in grams of Size: M')).toHaveValue('200')
    expect(screen.getByLabelText('Length in cm of Size: M')).toHaveValue('30')
    expect(screen.getByLabelText('Height in cm of Size: M')).toHaveValue('3')
    expect(screen.getByLabelText('Weight in grams of Size: S')).toHaveValue('180')
    expect(screen.getByLabelText('Width in cm of Size: S')).toHaveValue('')
    // With options, stock is per variant: there is no single stock field.
    expect(screen.queryByLabelText('Stock on hand')).not.toBeInTheDocument()
  })

  it('offers moves that make sense for each photo, and shows the change log', () => {
    open(tee)
    const photos = screen.getByRole('region', { name: 'Photos' })
    expect(
      within(photos).queryByRole('button', { name: 'Move up: Tee, front' }),
    ).not.toBeInTheDocument()
    expect(
      within(photos).getByRole('button', { name: 'Move down: Tee, front' }),
    ).toBeInTheDocument()
    expect(within(photos).getByRole('button', { name: 'Move up: Tee, back' })).toBeInTheDocument()
    expect(
      within(photos).queryByRole('button', { name: 'Move down: Tee, back' }),
    ).not.toBeInTheDocument()
    const log = screen.getByRole('region', { name: 'Change log' })
    expect(log).toHaveTextContent('nomsa@shop.example.co.za: stock of Size: M 3 -> 5')
  })

  it('shows stock and held units for a product without options, and checks a price in the browser', async () => {
    const rusks: ProductEditorView = {
      ...tee,
      id: 'rusks',
      name: 'Rusks',
      options: [],
      variants: [
        {
          id: 'rusks',
          label: '',
          optionValues: [],
          priceCents: 8900,
          compareAtCents: null,
          onHand: 7,
          held: 3,
          weightGrams: null,
          lengthCm: null,
          widthCm: null,
          heightCm: null,
        },
      ],
    }
    open(rusks)
    const stock = await screen.findByLabelText('Stock on hand')
    expect(stock).toHaveValue('7')
    expect(stock).toHaveAccessibleDescription(/3 held by unpaid orders/)
    const price = screen.getByLabelText('Price (rands)')
    await userEvent.clear(price)
    await userEvent.type(price, 'cheap')
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }))
    expect(price).toHaveAccessibleDescription(/Enter the price in rands, e\.g\. 1299\.00/)
    expect(price).toHaveAttribute('aria-invalid', 'true')
  })

  it('takes a weight and a size in the browser, all three sides or none', async () => {
    const rusks: ProductEditorView = {
      ...tee,
      id: 'rusks',
      name: 'Rusks',
      options: [],
      variants: [
        {
          id: 'rusks',
          label: '',
          optionValues: [],
          priceCents: 8900,
          compareAtCents: null,
          onHand: 7,
          held: 0,
          weightGrams: 620,
          lengthCm: null,
          widthCm: null,
          heightCm: null,
        },
      ],
    }
    open(rusks)
    const weight = await screen.findByLabelText('Weight (grams)')
    expect(weight).toHaveValue('620')
    await userEvent.clear(weight)
    await userEvent.type(weight, '0.6 kg')
    await userEvent.type(screen.getByLabelText('Length (cm)'), '25')
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }))
    expect(weight).toHaveAccessibleDescription(/Enter the weight in whole grams, e\.g\. 250/)
    await userEvent.clear(weight)
    await userEvent.type(weight, '600')
    await userEvent.click(screen.getByRole('button', { name: 'Save product' }))
    expect(weight).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Width (cm)')).toHaveAccessibleDescription(
      /Enter all three sides in centimetres, or leave all three empty/,
    )
    expect(screen.getByLabelText('Length (cm)')).not.toHaveAttribute('aria-invalid')
  })
})
