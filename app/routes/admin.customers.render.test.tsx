// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import AdminCustomer from './admin.customers.$id'
import AdminCustomers from './admin.customers._index'
import AdminGiftCards from './admin.gift-cards._index'

const THANDI = {
  id: 'cust-thandi',
  name: 'Thandi Mokoena',
  email: 'thandi@example.co.za',
  createdAt: '2025-03-01T10:00:00.000Z',
  staff: false,
}

describe('/admin/customers', () => {
  it('searches by name or email without JS and links each customer to their page', () => {
    renderRouteWithoutJs(AdminCustomers, {
      url: '/admin/customers?q=thandi&page=2',
      loaderData: {
        customers: [THANDI],
        total: 26,
        page: 2,
        pageCount: 2,
        q: 'thandi',
        privacy: {
          total: 12,
          requests: [
            {
              id: 'r2',
              kind: 'delete',
              at: '2025-03-04T10:00:00.000Z',
              email: 'gone@example.co.za',
              customerHref: null,
            },
            {
              id: 'r1',
              kind: 'export',
              at: '2025-03-03T10:00:00.000Z',
              email: THANDI.email,
              customerHref: '/admin/customers/cust-thandi',
            },
          ],
        },
      },
    })
    const search = screen.getByRole('searchbox', { name: 'Name or email' })
    expect(search).toHaveValue('thandi')
    expect(search.closest('form')).toHaveAttribute('method', 'get')
    expect(screen.getByRole('button', { name: 'Find customers' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Thandi Mokoena' })).toHaveAttribute(
      'href',
      '/admin/customers/cust-thandi',
    )
    expect(screen.getByText('Page 2 of 2 · 26 customers')).toBeInTheDocument()
    // The pager keeps the search.
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toContain('q=thandi')
    const privacy = screen.getByRole('region', { name: 'Recent privacy requests' })
    expect(
      within(privacy)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '4 March 2025, 12:00Deleted their accountgone@example.co.za (account deleted)',
      '3 March 2025, 12:00Downloaded their datathandi@example.co.za',
    ])
    expect(within(privacy).getByRole('link', { name: THANDI.email })).toHaveAttribute(
      'href',
      '/admin/customers/cust-thandi',
    )
    expect(privacy).toHaveTextContent('The newest 2 of 12 requests.')
  })

  it('says what it searched for when nobody matches', () => {
    renderRoute(AdminCustomers, {
      url: '/admin/customers?q=nobody',
      loaderData: {
        customers: [],
        total: 0,
        page: 1,
        pageCount: 1,
        q: 'nobody',
        privacy: { total: 0, requests: [] },
      },
    })
    expect(screen.getByText("No customer's name or email matches “nobody”.")).toBeInTheDocument()
    expect(
      screen.getByText('No customer has asked for their data or deleted their account yet.'),
    ).toBeInTheDocument()
  })
})

describe('/admin/customers/:id', () => {
  it("shows the profile, links each order to its page and lists the credit's and consent's histories", () => {
    renderRouteWithoutJs(AdminCustomer, {
      url: '/admin/customers/cust-thandi',
      path: '/admin/customers/:id',
      loaderData: {
        customer: {
          ...THANDI,
          phone: '082 123 4567',
          address: ['12 Long Street', 'Gardens, Cape Town', 'Western Cape, 8001'],
          updatedAt: THANDI.createdAt,
        },
        orders: [
          {
            id: 'K7M2P9QRTWXY',
            createdAt: '2025-03-02T10:00:00.000Z',
            status: 'paid',
            statusLabel: 'Paid',
            totalCents: 54_900,
            itemCount: 2,
          },
        ],
        orderCount: 1,
        credit: {
          balanceCents: 15_000,
          heldCents: 0,
          history: [
            {
              at: '2025-03-03T10:00:00.000Z',
              kind: 'credited',
              amountCents: 15_000,
              orderId: null,
              by: 'nomsa@shop.example.co.za',
              note: 'Instead of a refund for a broken mug',
            },
          ],
        },
        privacyRequests: [
          {
            id: 'r1',
            kind: 'export',
            at: '2025-03-06T10:00:00.000Z',
            email: THANDI.email,
            customerHref: null,
          },
        ],
        consents: {
          current: false,
          history: [
            { optIn: false, source: 'unsubscribe', at: '2025-03-05T10:00:00.000Z' },
            { optIn: true, source: 'checkout', at: '2025-03-02T10:00:00.000Z' },
          ],
        },
      },
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Thandi Mokoena' })).toBeInTheDocument()
    expect(screen.getByText('082 123 4567')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'K7M2P9QRTWXY' })).toHaveAttribute(
      'href',
      '/admin/orders/K7M2P9QRTWXY',
    )
    const credit = screen.getByRole('region', { name: 'Store credit' })
    expect(credit).toHaveTextContent('Balance: R 150,00')
    expect(
      within(credit).getByRole('rowheader', {
        name: 'Credited: Instead of a refund for a broken mug',
      }),
    ).toBeInTheDocument()
    expect(within(credit).getByRole('link', { name: 'Give store credit' })).toHaveAttribute(
      'href',
      '/admin/gift-cards?email=thandi%40example.co.za#give-credit-title',
    )
    const consent = screen.getByRole('region', { name: 'Marketing consent' })
    expect(consent).toHaveTextContent('Not opted in: send them no marketing mail.')
    expect(
      within(consent)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '5 March 2025, 12:00Opted outBy an unsubscribe link',
      '2 March 2025, 12:00Opted inAt checkout',
    ])
    expect(screen.getByRole('region', { name: 'Privacy requests' })).toHaveTextContent(
      '6 March 2025, 12:00Downloaded their data',
    )
  })
})

describe("/admin/gift-cards from a customer's page", () => {
  it("fills in the customer's email on the store credit form, without JS too", () => {
    renderRouteWithoutJs(AdminGiftCards, {
      url: '/admin/gift-cards?email=thandi%40example.co.za',
      loaderData: {
        page: 1,
        cards: [],
        total: 0,
        pageCount: 1,
        formKeys: { issue: 'issue-key-0123456789ab', credit: 'credit-key-0123456789a' },
        creditEmail: THANDI.email,
      },
    })
    const form = screen.getByRole('form', { name: 'Give store credit' })
    expect(within(form).getByLabelText("Customer's email")).toHaveValue(THANDI.email)
    expect(within(form).getByLabelText('Credit (rands)')).toHaveValue('')
  })
})
