// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { pendingOrder } from '~/lib/orders/orders.test-helper'
import { orderDocumentsView } from '~/lib/documents/view'

import { OrderDocuments } from './order-documents'

const paidHistory = [
  { status: 'pending_payment' as const, at: '2026-11-20T08:00:00.000Z', note: null, by: null },
  { status: 'paid' as const, at: '2026-11-20T08:05:00.000Z', note: null, by: null },
]
const invoice = { number: 'INV-000042', issuedAt: '2026-11-20T08:05:00.000Z' }

describe('OrderDocuments', () => {
  it("links a guest's invoice and credit note, page and PDF, each keeping the order link's key", () => {
    const order = {
      ...pendingOrder({ id: 'K7M2P9QRTW', history: paidHistory, invoice }),
      refunds: [
        {
          id: 'r1',
          amountCents: 8950,
          reason: 'Damaged',
          at: '2026-11-22T08:00:00.000Z',
          restocked: [],
          creditNote: { number: 'CN-000003', issuedAt: '2026-11-22T08:00:00.000Z' },
        },
      ],
    }
    render(<OrderDocuments documents={orderDocumentsView(order, 'abc')} />)
    const section = screen.getByRole('region', { name: 'Invoice and credit notes' })
    expect(within(section).getByRole('link', { name: 'Invoice INV-000042' })).toHaveAttribute(
      'href',
      '/orders/K7M2P9QRTW/invoice?key=abc',
    )
    expect(within(section).getByRole('link', { name: 'PDF of INV-000042' })).toHaveAttribute(
      'href',
      '/orders/K7M2P9QRTW/invoice.pdf?key=abc',
    )
    expect(within(section).getByRole('link', { name: 'Credit note CN-000003' })).toHaveAttribute(
      'href',
      '/orders/K7M2P9QRTW/credit-notes/CN-000003?key=abc',
    )
    expect(within(section).getByRole('link', { name: 'PDF of CN-000003' })).toHaveAttribute(
      'href',
      '/orders/K7M2P9QRTW/credit-notes/CN-000003.pdf?key=abc',
    )
  })

  it('says an order paid before invoices has none, and shows nothing before payment', () => {
    const old = pendingOrder({ history: paidHistory, invoice: null })
    const { unmount } = render(<OrderDocuments documents={orderDocumentsView(old, null)} />)
    expect(screen.getByText(/paid before the shop issued invoices/)).toBeInTheDocument()
    unmount()
    const unpaid = pendingOrder()
    const { container } = render(<OrderDocuments documents={orderDocumentsView(unpaid, null)} />)
    expect(container).toBeEmptyDOMElement()
  })
})
