// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../../test/render-route'

import { OrderReturns } from '~/components/admin/order-returns'
import type { AdminReturnView, ReturnFormView, ReturnView } from '~/lib/orders/returns-view'

import { ReturnRequest } from './return-request'
import { ReturnsView } from './returns-view'

/**
 * The returns' pieces as a buyer and staff meet them: the request form (labelled per line, checked
 * in the browser before it posts), the return's state on the order page, and the decisions the
 * back office offers from where a return stands.
 */

const OPEN: ReturnFormView = {
  open: true,
  closesAt: '2026-04-02T12:00:00.000Z',
  lines: [
    {
      variantId: 'silk-shirt--m',
      name: 'Silk shirt',
      options: [{ name: 'Size', value: 'M' }],
      quantity: 2,
      unitPriceCents: 45_000,
    },
    { variantId: 'rooibos', name: 'Rooibos tea', options: [], quantity: 1, unitPriceCents: 8_950 },
  ],
}

const requestForm = (view: ReturnFormView = OPEN) => (
  <ReturnRequest
    view={view}
    action="/orders/K7M2P9QRTWXY?key=abc"
    returnKey="key-1234567890"
    lastResult={undefined}
    windowDays={30}
  />
)

const RETURN: ReturnView = {
  id: 'R1',
  state: 'approved',
  stateLabel: 'Approved: send the items back',
  reasonLabel: 'Arrived damaged or faulty',
  note: 'The seam is torn',
  staffMessage: 'Post it to our Stellenbosch shop',
  lines: [
    {
      variantId: 'silk-shirt--m',
      name: 'Silk shirt',
      options: [{ name: 'Size', value: 'M' }],
      quantity: 1,
    },
  ],
  restocked: [],
  valueCents: 45_000,
  refundedCents: 0,
  refundedAs: null,
  refundId: null,
  requestedAt: '2026-03-05T10:00:00.000Z',
  history: [
    {
      state: 'requested',
      label: 'Requested: waiting for the shop',
      at: '2026-03-05T10:00:00.000Z',
      note: null,
    },
    {
      state: 'approved',
      label: 'Approved: send the items back',
      at: '2026-03-06T10:00:00.000Z',
      note: null,
    },
  ],
}

describe('the buyer’s return request', () => {
  it('labels each line, its quantity and the reason, and posts back to the order link without JS', () => {
    renderRouteWithoutJs(requestForm(), { url: '/orders/K7M2P9QRTWXY' })
    const form = screen.getByRole('form', { name: 'Return items' })
    expect(form).toHaveAttribute('action', '/orders/K7M2P9QRTWXY?key=abc')
    expect(
      within(form).getByRole('checkbox', { name: /Return Silk shirt \(Size: M\)/ }),
    ).not.toBeChecked()
    expect(
      within(form).getByRole('combobox', { name: 'How many of Silk shirt (Size: M)' }),
    ).toHaveValue('2')
    // One unit bought: nothing to choose.
    expect(within(form).queryByRole('combobox', { name: /How many of Rooibos tea/ })).toBeNull()
    expect(
      within(form).getByRole('combobox', { name: 'Why are you returning them?' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/until 2 April 2026/)).toBeInTheDocument()
  })

  it('with JS, says what to fix before posting', async () => {
    renderRoute(requestForm(), { url: '/orders/K7M2P9QRTWXY' })
    const form = screen.getByRole('form', { name: 'Return items' })
    await userEvent.click(within(form).getByRole('button', { name: 'Ask to return' }))
    // The summary's link takes the keyboard to the items.
    const link = await within(form).findByRole('link', { name: 'Tick at least one item to return' })
    await userEvent.click(link)
    expect(within(form).getByRole('group', { name: 'Items to return' })).toHaveFocus()
    expect(
      within(form).getByRole('combobox', { name: 'Why are you returning them?' }),
    ).toHaveAccessibleDescription('Choose why you are returning the items')
  })

  it('says why no return can be asked for once the window closed', () => {
    renderRouteWithoutJs(
      requestForm({
        open: false,
        reason: 'The 30-day return window closed on 2026-04-02',
        closesAt: '2026-04-02T12:00:00.000Z',
      }),
    )
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.getByText('The 30-day return window closed on 2026-04-02.')).toBeInTheDocument()
  })
})

describe('the return on the order page', () => {
  it('shows where it stands, its items, reason and the shop’s message', () => {
    renderRouteWithoutJs(<ReturnsView returns={[RETURN]} />)
    const region = screen.getByRole('region', { name: 'Your returns' })
    expect(
      within(region).getByRole('heading', { name: 'Return R1: Approved: send the items back' }),
    ).toBeInTheDocument()
    expect(region).toHaveTextContent('1 × Silk shirt (Size: M). Reason: Arrived damaged or faulty')
    expect(region).toHaveTextContent('Message from the shop: Post it to our Stellenbosch shop')
    expect(
      within(within(region).getByRole('list', { name: 'Return R1 steps' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(2)
  })
})

describe('the back office’s returns', () => {
  const admin = (ret: Partial<AdminReturnView>) => (
    <OrderReturns
      orderId="K7M2P9QRTWXY"
      returns={[{ ...RETURN, moves: [], canCredit: true, ...ret }]}
      refunds={[]}
    />
  )

  it('offers approve and decline for a request, and receiving with a restock for an approved one', () => {
    renderRouteWithoutJs(
      admin({ state: 'requested', stateLabel: 'Requested', moves: ['approve', 'decline'] }),
    )
    expect(screen.getByRole('button', { name: 'Approve return R1' })).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Decline' })).toHaveTextContent(
      'Why it is declined (to the buyer)',
    )
    expect(screen.queryByRole('button', { name: 'Mark return R1 received' })).toBeNull()
  })

  it('prefills store credit with what the items cost, and offers none for a guest', () => {
    const { unmount } = renderRouteWithoutJs(
      admin({ state: 'received', moves: ['refund', 'credit'] }),
    )
    expect(screen.getByRole('textbox', { name: 'Store credit (rands)' })).toHaveValue('450.00')
    expect(screen.getByRole('link', { name: 'refund form' })).toHaveAttribute(
      'href',
      '/admin/orders/K7M2P9QRTWXY?return=R1#refund',
    )
    unmount()
    renderRouteWithoutJs(
      admin({ state: 'received', moves: ['refund', 'credit'], canCredit: false }),
    )
    expect(screen.queryByRole('textbox', { name: 'Store credit (rands)' })).toBeNull()
  })
})
