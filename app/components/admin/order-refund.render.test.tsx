// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../../test/render-route'

import type { RefundFormView } from '~/lib/orders/refunds-view'

import { OrderRefunds } from '~/components/orders/order-refunds'

import { OrderRefundForm } from './order-refund'

const VIEW: RefundFormView = {
  paidCents: 54_900,
  refundedCents: 10_000,
  leftCents: 44_900,
  payfastLeftCents: 34_900,
  balanceLeftCents: 10_000,
  hasCardPart: true,
  hasAccount: false,
  lines: [{ variantId: 'silk-shirt--m', label: 'Silk shirt (Size: M)', quantity: 1 }],
  prefill: null,
}

function page(view: RefundFormView) {
  return function RefundPage() {
    return <OrderRefundForm view={view} refundKey="refund-key-0001" />
  }
}

describe('the refund form', () => {
  it('without JS: every field labelled and in the form, the amount starts at what is left', () => {
    renderRouteWithoutJs(page(VIEW), { url: '/admin/orders/K7M2P9QRTWXY' })
    const form = screen.getByRole('form', { name: 'Refund' })
    const amount = within(form).getByLabelText('Amount to refund (rands)')
    expect(amount).toHaveValue('449.00')
    expect(amount).toHaveAccessibleDescription('At most R\u00a0449,00')
    // Each control belongs to this form (a control naming another element's id is never posted).
    for (const control of form.querySelectorAll('input')) {
      const owner = control.getAttribute('form')
      if (owner) expect(owner).toBe(form.id)
    }
    expect(within(form).getByLabelText('Reason (the buyer sees it)')).toBeRequired()
    expect(
      within(form).getByRole('checkbox', { name: '1 × Silk shirt (Size: M)' }),
    ).not.toBeChecked()
    // A guest: the card part can only go back to the card.
    const cardPart = within(form).getByRole('group', { name: 'The gift card part goes' })
    expect(within(cardPart).getByRole('radio', { name: 'Back to the gift card' })).toBeChecked()
    expect(within(cardPart).queryByRole('radio', { name: /store credit/ })).toBeNull()
    // (toHaveTextContent reads the no-break spaces of money as spaces.)
    expect(form.parentElement).toHaveTextContent(
      'Paid R 549,00, refunded R 100,00: R 449,00 left to refund (R 349,00 through PayFast, R 100,00 paid by gift card or store credit).',
    )
  })

  it('starts from a received return when the page was opened for it', () => {
    renderRouteWithoutJs(
      page({
        ...VIEW,
        prefill: { returnId: 'R1', amountCents: 45_000, reason: 'Return R1: Damaged' },
      }),
      { url: '/admin/orders/K7M2P9QRTWXY?return=R1' },
    )
    const form = screen.getByRole('form', { name: 'Refund' })
    expect(within(form).getByLabelText('Amount to refund (rands)')).toHaveValue('450.00')
    expect(within(form).getByLabelText('Reason (the buyer sees it)')).toHaveValue(
      'Return R1: Damaged',
    )
    expect(form.querySelector('input[name="returnId"]')).toHaveValue('R1')
  })

  it('with JS: a blank reason and an amount that is not money are named before posting', async () => {
    const action = vi.fn(() => null)
    renderRoute(page(VIEW), { url: '/admin/orders/K7M2P9QRTWXY', action })
    const form = screen.getByRole('form', { name: 'Refund' })
    const amount = within(form).getByLabelText('Amount to refund (rands)')
    await userEvent.clear(amount)
    await userEvent.type(amount, 'lots')
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }))
    expect(amount).toHaveAccessibleDescription(
      /Enter the amount to refund in rands, e\.g\. 1299\.00/,
    )
    expect(within(form).getByLabelText('Reason (the buyer sees it)')).toHaveAccessibleDescription(
      /Enter the reason/,
    )
    expect(action).not.toHaveBeenCalled()
  })
})

describe('the refunds list', () => {
  it('says how much went where and why, with the credit note', () => {
    renderRouteWithoutJs(
      () => (
        <OrderRefunds
          refunds={[
            {
              id: 'k1',
              amountCents: 15_000,
              reason: 'Damaged in transit',
              at: '2026-03-04T08:00:00.000Z',
              payfastCents: 10_000,
              giftCardCents: 5_000,
              storeCreditCents: 0,
              creditNote: { number: 'CN-000007', issuedAt: '2026-03-04T08:00:00.000Z' },
              restockedUnits: 2,
            },
          ]}
          creditNoteHref={(n) => `/orders/K7M2P9QRTWXY/credit-notes/${n}`}
        />
      ),
      { url: '/orders/K7M2P9QRTWXY' },
    )
    const region = screen.getByRole('region', { name: 'Refunds' })
    expect(region).toHaveTextContent('Refunded so far: R 150,00')
    expect(within(region).getByRole('listitem')).toHaveTextContent(
      'R 150,00 on 4 March 2026, 10:00: R 100,00 through PayFast, R 50,00 to your gift card. Reason: Damaged in transit. 2 items back in stock. Credit note CN-000007.',
    )
    expect(within(region).getByRole('link', { name: 'CN-000007' })).toHaveAttribute(
      'href',
      '/orders/K7M2P9QRTWXY/credit-notes/CN-000007',
    )
  })
})
