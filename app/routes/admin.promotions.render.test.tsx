// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import type { Discount, GiftCard } from '~/lib/promotions/types'

import AdminDiscount from './admin.discounts.$id'
import AdminDiscounts from './admin.discounts._index'
import NewDiscount from './admin.discounts.new'
import AdminGiftCards from './admin.gift-cards._index'

const categories = [
  { slug: 'pantry', name: 'Pantry' },
  { slug: 'kitchen', name: 'Kitchen' },
]

const summer: Discount = {
  id: 'd1',
  code: 'SUMMER10',
  kind: 'percent',
  value: 10,
  minSpendCents: 300_00,
  scope: { categories: ['pantry'], productIds: [] },
  startsAt: '2025-11-30T22:00:00.000Z',
  endsAt: '2025-12-31T22:00:00.000Z',
  usageLimit: 100,
  perCustomerLimit: 1,
  automatic: false,
  active: true,
  uses: 7,
  discountGivenCents: 412_50,
  createdAt: '2025-11-20T08:00:00.000Z',
  updatedAt: '2025-11-20T08:00:00.000Z',
}

const offer: Discount = {
  ...summer,
  id: 'd2',
  code: null,
  kind: 'free_shipping',
  value: 0,
  minSpendCents: 600_00,
  scope: { categories: [], productIds: [] },
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  automatic: true,
  active: false,
  uses: 0,
  discountGivenCents: 0,
}

const card: Omit<GiftCard, 'code' | 'message'> & { maskedCode: string } = {
  id: 'g1',
  maskedCode: '••••-••••-••••-PQRS',
  initialCents: 500_00,
  balanceCents: 320_00,
  heldCents: 80_00,
  issuedTo: 'lerato@example.co.za',
  note: null,
  orderId: null,
  issuedBy: 'nomsa@shop.example.co.za',
  active: true,
  createdAt: '2025-11-20T08:00:00.000Z',
  updatedAt: '2025-11-20T08:00:00.000Z',
}

const cell = (row: HTMLElement, column: number) => within(row).getAllByRole('cell')[column]

describe('/admin/discounts', () => {
  it('lists each code or offer in words: value, minimum, scope, SAST dates, limits, uses and rands given', async () => {
    renderRoute(AdminDiscounts, {
      url: '/admin/discounts',
      loaderData: { page: 1, discounts: [summer, offer], total: 2, pageCount: 1 },
    })
    const table = await screen.findByRole('table', { name: 'Discounts' })
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first!).getByRole('link', { name: 'SUMMER10' })).toHaveAttribute(
      'href',
      '/admin/discounts/d1',
    )
    expect(first).toHaveTextContent('10% off the items')
    expect(cell(first!, 1)).toHaveTextContent('R 300,00')
    expect(cell(first!, 2)).toHaveTextContent('Categories: pantry')
    expect(cell(first!, 3)).toHaveTextContent(
      'From 1 December 2025, 00:00 until the end of 31 December 2025',
    )
    expect(cell(first!, 4)).toHaveTextContent('100 in all, 1 per customer')
    expect(cell(first!, 5)).toHaveTextContent('Yes')
    expect(cell(first!, 6)).toHaveTextContent('7')
    expect(cell(first!, 7)).toHaveTextContent('R 412,50')
    expect(within(second!).getByRole('link', { name: 'Automatic offer' })).toBeInTheDocument()
    expect(second).toHaveTextContent('Free delivery')
    expect(cell(second!, 2)).toHaveTextContent('Whole cart')
    expect(cell(second!, 3)).toHaveTextContent('Always')
    expect(cell(second!, 4)).toHaveTextContent('No limit')
    expect(cell(second!, 5)).toHaveTextContent('No (switched off)')
  })

  it('opens a saved discount in its form as staff typed it, with the switch-off button', async () => {
    renderRoute(AdminDiscount, {
      url: '/admin/discounts/d1',
      path: '/admin/discounts/:id',
      loaderData: {
        discount: summer,
        categories,
        uses: [
          {
            discountId: 'd1',
            orderId: 'KC-1001',
            userId: null,
            email: 'thandi@example.co.za',
            amountCents: 45_00,
            claimedAt: '2025-12-02T10:00:00.000Z',
            releasedAt: null,
          },
          {
            discountId: 'd1',
            orderId: 'KC-1000',
            userId: null,
            email: 'pieter@example.co.za',
            amountCents: 30_00,
            claimedAt: '2025-12-01T10:00:00.000Z',
            releasedAt: '2025-12-01T11:00:00.000Z',
          },
        ],
        usesTotal: 2,
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'SUMMER10' })).toBeVisible()
    expect(screen.getByLabelText('Code')).toHaveValue('SUMMER10')
    expect(screen.getByRole('radio', { name: 'A percent off the items' })).toBeChecked()
    expect(screen.getByLabelText('Value')).toHaveValue('10')
    expect(screen.getByLabelText('Minimum spend (rands)')).toHaveValue('300.00')
    expect(screen.getByRole('checkbox', { name: 'Pantry' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Kitchen' })).not.toBeChecked()
    expect(screen.getByLabelText('Starts')).toHaveValue('2025-12-01')
    expect(screen.getByLabelText('Ends')).toHaveValue('2025-12-31')
    expect(screen.getByLabelText('Uses in all')).toHaveValue('100')
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeEnabled()
    const uses = within(screen.getByRole('table', { name: 'Orders that used it' })).getAllByRole(
      'row',
    )
    expect(uses[1]).toHaveTextContent('KC-1001')
    expect(uses[1]).toHaveTextContent('R 45,00')
    expect(uses[1]).toHaveTextContent('2 December 2025, 12:00')
    expect(uses[1]).toHaveTextContent('Counted')
    expect(uses[2]).toHaveTextContent('Given back 1 December 2025, 13:00 (not paid)')
  })

  it('checks the form in the browser and names the field to fix', async () => {
    renderRoute(NewDiscount, { url: '/admin/discounts/new', loaderData: { categories } })
    await userEvent.type(await screen.findByLabelText('Code'), 'x!')
    await userEvent.click(screen.getByRole('button', { name: 'Create discount' }))
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
      /Use 3 to 30 letters, digits, dashes or underscores for the code, e.g. SUMMER10/,
    )
    expect(screen.getByRole('group', { name: /There is a problem/ })).toBeInTheDocument()
  })

  it('is a plain form without JavaScript', () => {
    renderRouteWithoutJs(NewDiscount, { url: '/admin/discounts/new', loaderData: { categories } })
    const form = screen.getByRole('form', { name: 'New discount' })
    expect(form).toHaveAttribute('method', 'post')
    expect(within(form).getByLabelText('Code')).toHaveAttribute('name', 'code')
    expect(within(form).getByRole('checkbox', { name: 'Pantry' })).toHaveAttribute(
      'name',
      'categories',
    )
    expect(within(form).getByRole('checkbox', { name: /^Active/ })).toBeChecked()
    expect(within(form).getByRole('button', { name: 'Create discount' })).toBeEnabled()
  })
})

describe('/admin/gift-cards', () => {
  it('lists cards masked with amount, balance, recipient and date, beside the issue and credit forms', async () => {
    renderRoute(AdminGiftCards, {
      url: '/admin/gift-cards',
      loaderData: {
        page: 1,
        cards: [card],
        total: 1,
        pageCount: 1,
        formKeys: { issue: 'issue-key-0123456789ab', credit: 'credit-key-0123456789a' },
      },
    })
    const table = await screen.findByRole('table', { name: 'Gift cards' })
    const [, row] = within(table).getAllByRole('row')
    expect(within(row!).getByRole('link', { name: '••••-••••-••••-PQRS' })).toHaveAttribute(
      'href',
      '/admin/gift-cards/g1',
    )
    expect(cell(row!, 0)).toHaveTextContent('R 500,00')
    expect(cell(row!, 1)).toHaveTextContent('R 320,00 (R 80,00 held)')
    expect(cell(row!, 2)).toHaveTextContent('lerato@example.co.za')
    expect(cell(row!, 3)).toHaveTextContent('20 November 2025')
    const issue = screen.getByRole('form', { name: 'Issue a gift card' })
    expect(within(issue).getByLabelText('Amount (rands)')).toHaveAttribute('name', 'amount')
    const credit = screen.getByRole('form', { name: 'Give store credit' })
    // Each form carries this rendering's one-time key, so a double post acts once.
    expect(issue).toHaveFormValues({ issueKey: 'issue-key-0123456789ab' })
    expect(credit).toHaveFormValues({ creditKey: 'credit-key-0123456789a' })
    await userEvent.click(within(credit).getByRole('button', { name: 'Give store credit' }))
    expect(within(credit).getByLabelText("Customer's email")).toHaveAccessibleDescription(
      "Enter the email address of the customer's account, like name@example.co.za",
    )
    // The other form is not touched by this one's errors.
    expect(within(issue).getByLabelText('Amount (rands)')).not.toHaveAttribute('aria-invalid')
  })
})
