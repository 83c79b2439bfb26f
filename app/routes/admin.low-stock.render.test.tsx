// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '../../test/render-route'

import AdminDashboard from './admin._index'
import AdminProducts from './admin.products._index'

const counts = { toFulfil: 0, refundsNeeded: 0, lowStock: 2, unhandledMessages: 0, failedEmails: 0 }

describe('low stock in the back office', () => {
  it('words the dashboard figure as the filtered product list does, per variant', () => {
    renderRoute(AdminDashboard, { loaderData: { counts, refunds: [], reviews: [] } })
    const term = screen.getByText('Low-stock products (5 or fewer of a variant)')
    expect(within(term.parentElement!).getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/admin/products?lowStock=1',
    )
  })

  it('lists low-stock products with how many of their variants are low and the same count', () => {
    const row = (id: string, stock: number, lowVariants: number, variantCount: number) => ({
      id,
      name: id,
      priceCents: 10_000,
      from: false,
      stock,
      lowStock: lowVariants > 0,
      lowVariants,
      variantCount,
      active: true,
    })
    renderRoute(AdminProducts, {
      url: '/admin/products?lowStock=1',
      loaderData: {
        query: { q: '', lowStock: true, page: 1 },
        rows: [row('honeybush', 3, 1, 1), row('tee', 34, 2, 6)],
        total: 2,
        pageCount: 1,
      },
    })
    expect(
      screen.getByRole('checkbox', { name: 'Low stock only (5 or fewer of a variant)' }),
    ).toBeChecked()
    expect(screen.getByRole('row', { name: /tee/ })).toHaveTextContent('34 (low: 2 of 6 variants)')
    expect(screen.getByRole('row', { name: /honeybush/ })).toHaveTextContent('3 (low)')
    expect(screen.getByText(/2 low-stock products \(5 or fewer of a variant\)/)).toBeInTheDocument()
  })
})
