// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { invoiceFigures } from '~/lib/documents/invoice'
import { DEMO_SHOP_DETAILS } from '~/lib/legal/shop-details'
import { pendingOrder } from '~/lib/orders/orders.test-helper'

import { InvoiceDocument } from './document-view'

const invoice = { number: 'INV-000042', issuedAt: '2026-11-20T09:30:00.000Z' }

describe('InvoiceDocument', () => {
  it('reads as a tax invoice: title and number, date, order, the shop and buyer, lines, total and VAT', () => {
    const figures = invoiceFigures(pendingOrder({ invoice }), DEMO_SHOP_DETAILS)!
    render(<InvoiceDocument figures={figures} pdfHref="/orders/K7M2P9QRTW/invoice.pdf" />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tax Invoice INV-000042')
    expect(screen.getByText('20 November 2026')).toBeInTheDocument()
    expect(screen.getByText('K7M2P9QRTW')).toBeInTheDocument()
    const from = screen.getByRole('region', { name: 'From' })
    expect(from).toHaveTextContent('Karoo & Co. (Pty) Ltd')
    expect(from).toHaveTextContent('VAT number: 4123456789')
    expect(screen.getByRole('region', { name: 'To' })).toHaveTextContent('Thandi Mokoena')
    const table = screen.getByRole('table')
    expect(within(table).getByRole('rowheader', { name: 'Rooibos tea' })).toBeInTheDocument()
    expect(within(table).getByRole('row', { name: /^Total R\s398,00$/ })).toBeInTheDocument()
    expect(
      within(table).getByRole('row', { name: /^VAT at 15% \(included in the total\) R\s51,91$/ }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/orders/K7M2P9QRTW/invoice.pdf',
    )
  })

  it('is a plain "Invoice" without a VAT line when the shop has no VAT number', () => {
    const figures = invoiceFigures(pendingOrder({ invoice }), {
      ...DEMO_SHOP_DETAILS,
      vatNumber: null,
    })!
    render(<InvoiceDocument figures={figures} pdfHref="/x.pdf" />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Invoice INV-000042$/)
    expect(screen.queryByText(/VAT at 15%/)).toBeNull()
    expect(screen.getByText(/not registered for VAT: no VAT is charged/)).toBeInTheDocument()
  })
})
