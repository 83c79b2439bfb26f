// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { fakeReportStore, MARCH_1_2 } from '~/lib/reports/report-fixture.test-helper'
import { salesReport, vatSummary } from '~/lib/reports/reports.server'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import AdminReports from './admin.reports._index'
import AdminVatSummary from './admin.reports.vat'

const values = { period: '', ...MARCH_1_2 }

describe('/admin/reports', () => {
  it('shows each figure beside the previous period, the chart with its table, and the downloads', async () => {
    const report = await salesReport(fakeReportStore(), MARCH_1_2, { vatRegistered: true })
    renderRouteWithoutJs(AdminReports, {
      url: '/admin/reports?from=2026-03-01&to=2026-03-02',
      loaderData: { ok: true, report, preset: null, values, period: MARCH_1_2 },
    })
    expect(screen.getByRole('heading', { level: 2, name: 'Sales, 1–2 March 2026' })).toBeVisible()
    const net = screen.getByText('Net sales').closest('div')!
    expect(net).toHaveTextContent('R 1 389,10')
    expect(net).toHaveTextContent('before: R 299,00')
    expect(screen.getByRole('img', { name: /^Net sales by day/ })).toBeInTheDocument()
    const days = screen.getByRole('table', { name: 'Sales by day' })
    expect(within(days).getAllByRole('row')).toHaveLength(3)
    expect(within(days).getByRole('row', { name: /1 March 2026/ })).toHaveTextContent('R 318,10')
    expect(
      within(screen.getByRole('table', { name: 'Best sellers by sales' })).getAllByRole(
        'rowheader',
      )[0],
    ).toHaveTextContent('Fynbos honey')
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      '/admin/export/orders.csv?from=2026-03-01&to=2026-03-02',
    )
    expect(screen.getByRole('link', { name: 'VAT summary for 1–2 March 2026' })).toBeInTheDocument()
  })

  it('names the day to fix beside its box after a bad period', () => {
    renderRoute(AdminReports, {
      url: '/admin/reports?from=2026-03-05&to=2026-03-01',
      loaderData: {
        ok: false,
        errors: { to: 'The last day must be on or after the first day' },
        values: { period: '', from: '2026-03-05', to: '2026-03-01' },
      },
    })
    const last = screen.getByLabelText('Last day')
    expect(last).toHaveAttribute('aria-invalid', 'true')
    expect(last).toHaveAccessibleDescription('The last day must be on or after the first day')
    expect(screen.getByLabelText('First day')).toHaveValue('2026-03-05')
  })
})

describe('/admin/reports/vat', () => {
  it('lists the months with their net VAT and each document with its VAT', async () => {
    const summary = await vatSummary(fakeReportStore(), MARCH_1_2, {
      vatRegistered: true,
      offset: 0,
      limit: 25,
    })
    renderRouteWithoutJs(AdminVatSummary, {
      url: '/admin/reports/vat?from=2026-03-01&to=2026-03-02',
      loaderData: {
        ok: true,
        summary,
        preset: null,
        values,
        period: MARCH_1_2,
        page: 1,
        pageCount: 1,
      },
    })
    const months = screen.getByRole('table', { name: 'VAT by month' })
    expect(within(months).getByRole('row', { name: /^March 2026/ })).toHaveTextContent('R 194,10')
    const documents = screen.getByRole('table', { name: /Invoices, then credit notes/ })
    expect(within(documents).getByRole('row', { name: /Credit note CN-000002/ })).toHaveTextContent(
      'INV-B00000000B',
    )
  })
})
