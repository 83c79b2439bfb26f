// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import type { AdminOrderView } from '~/lib/admin/orders.server'
import { orderPromotionsView } from '~/lib/orders/order-promotions'
import { COLLECT_SHIPPING, SHOPPER_ADDRESS } from '~/lib/orders/orders.test-helper'
import { shippingSummary } from '~/lib/shipping/order-shipping'

import AdminOrder from './admin.orders.$id'

const STAFF = 'nomsa@shop.example.co.za'

function paidOrder(overrides: Partial<AdminOrderView> = {}): AdminOrderView {
  return {
    id: 'K7M2P9QRTWXY',
    status: 'paid',
    statusLabel: 'Paid',
    createdAt: '2025-03-01T10:00:00.000Z',
    email: 'thandi@example.co.za',
    name: 'Thandi Mokoena',
    phone: '082 123 4567',
    history: [
      {
        status: 'pending_payment',
        label: 'Awaiting payment',
        at: '2025-03-01T10:00:00.000Z',
        note: null,
        by: null,
      },
      {
        status: 'paid',
        label: 'Paid',
        at: '2025-03-01T10:03:00.000Z',
        note: 'PayFast COMPLETE',
        by: null,
      },
    ],
    lines: [
      {
        productId: 'silk-shirt',
        variantId: 'silk-shirt--m',
        name: 'Silk shirt',
        options: [{ name: 'Size', value: 'M' }],
        unitPriceCents: 45000,
        quantity: 1,
        lineTotalCents: 45000,
        imageUrl: null,
      },
    ],
    subtotalCents: 45000,
    shippingCents: 9900,
    totalCents: 54900,
    vatCents: 7161,
    promotions: orderPromotionsView({ totalCents: 54900 }),
    shippingAddress: SHOPPER_ADDRESS,
    pfPaymentId: '1089250',
    shipment: null,
    shipping: shippingSummary(null),
    tracking: [],
    refundNeeded: false,
    refundReason: null,
    customer: 'account',
    moves: ['processing', 'shipped'],
    emails: [
      {
        key: 'order-paid:K7M2P9QRTWXY',
        to: 'thandi@example.co.za',
        subject: 'Order K7M2P9QRTWXY paid',
        status: 'sent',
        attempts: 1,
        lastError: null,
        createdAt: '2025-03-01T10:03:00.000Z',
        sentAt: '2025-03-01T10:03:05.000Z',
      },
    ],
    ...overrides,
  }
}

const options = (order: AdminOrderView) => ({
  url: `/admin/orders/${order.id}`,
  path: '/admin/orders/:id',
  loaderData: { order },
})

describe('/admin/orders/:id', () => {
  it('offers only the moves allowed from paid, with the order, its options and its emails', () => {
    const order = paidOrder()
    renderRouteWithoutJs(AdminOrder, options(order))
    expect(screen.getByRole('button', { name: 'Mark processing' })).toBeInTheDocument()
    const ship = screen.getByRole('form', { name: 'Ship it' })
    expect(within(ship).getByLabelText('Courier')).toBeRequired()
    expect(within(ship).getByLabelText('Tracking number')).toBeRequired()
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark refunded' })).not.toBeInTheDocument()
    expect(screen.getByRole('rowheader', { name: /Silk shirt/ })).toHaveTextContent(
      'Silk shirtSize: M',
    )
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('1089250')
    expect(
      within(screen.getByRole('region', { name: 'Emails' })).getByRole('rowheader', {
        name: 'Order K7M2P9QRTWXY paid',
      }),
    ).toBeInTheDocument()
  })

  it('shows who made each change, the shipment, the refund flag and when nothing is left', () => {
    const order = paidOrder({
      status: 'delivered',
      statusLabel: 'Delivered',
      shipment: { courier: 'The Courier Guy', trackingNumber: 'TCG123' },
      refundNeeded: true,
      refundReason: 'paid more than once',
      moves: ['refunded'],
      history: [
        ...paidOrder().history,
        {
          status: 'shipped',
          label: 'Shipped',
          at: '2025-03-02T08:00:00.000Z',
          note: null,
          by: STAFF,
        },
        {
          status: 'delivered',
          label: 'Delivered',
          at: '2025-03-03T08:00:00.000Z',
          note: 'second payment received (pf_payment_id 1089251): refund needed',
          by: null,
        },
      ],
    })
    renderRouteWithoutJs(AdminOrder, options(order))
    const steps = within(screen.getByRole('list', { name: 'Status timeline' })).getAllByRole(
      'listitem',
    )
    expect(steps.at(-2)).toHaveTextContent(`Shipped 2 March 2025, 10:00 (by ${STAFF})`)
    expect(steps.at(-1)).toHaveTextContent(
      'second payment received (pf_payment_id 1089251): refund needed',
    )
    expect(screen.getByText(/^Shipped with/)).toHaveTextContent(
      'Shipped with The Courier Guy, tracking number TCG123',
    )
    expect(screen.getByRole('note')).toHaveTextContent(
      'Refund needed: this order was paid more than once.',
    )
    expect(screen.getByRole('button', { name: 'Mark refunded' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Ship it' })).not.toBeInTheDocument()
  })

  it('shows an order placed before delivery methods as standard delivery', () => {
    renderRouteWithoutJs(AdminOrder, options(paidOrder()))
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent('Standard delivery')
    expect(screen.getByRole('region', { name: 'Shipping address' })).toHaveTextContent(
      '12 Long Street',
    )
  })

  it('offers a collect order ready for collection, then collected, and never shipping', () => {
    const order = paidOrder({
      shipping: shippingSummary(COLLECT_SHIPPING),
      shippingCents: 0,
      moves: ['processing', 'ready_for_collection'],
    })
    renderRouteWithoutJs(AdminOrder, options(order))
    expect(screen.getByRole('button', { name: 'Mark ready for collection' })).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Ship it' })).not.toBeInTheDocument()
    const delivery = screen.getByRole('region', { name: 'Delivery' })
    expect(delivery).toHaveTextContent('Collect in store · Ready within 1 working day')
    expect(delivery).toHaveTextContent('Collect from: Karoo & Co. Woodstock')
    expect(delivery).toHaveTextContent('100 Albert Road')
    expect(delivery).toHaveTextContent('Hours: Mon–Fri 9:00–17:00, Sat 9:00–13:00')

    const ready = paidOrder({
      status: 'ready_for_collection',
      statusLabel: 'Ready for collection',
      shipping: shippingSummary(COLLECT_SHIPPING),
      moves: ['collected'],
    })
    renderRouteWithoutJs(AdminOrder, options(ready))
    expect(screen.getByRole('button', { name: 'Mark collected' })).toBeInTheDocument()
  })

  it('with JS: asks for the courier and tracking number before posting', async () => {
    const order = paidOrder()
    let posted = false
    renderRoute(AdminOrder, {
      ...options(order),
      action: async () => {
        posted = true
        return null
      },
    })
    const ship = screen.getByRole('form', { name: 'Ship it' })
    await userEvent.click(within(ship).getByRole('button', { name: 'Mark shipped' }))
    expect(within(ship).getByLabelText('Courier')).toHaveAccessibleDescription(/Enter the courier/)
    expect(within(ship).getByLabelText('Tracking number')).toHaveAccessibleDescription(
      /Enter the tracking number/,
    )
    expect(posted).toBe(false)
  })

  it('lists the discounts and cards an order used and the gift cards it bought, offering to issue a missing one', () => {
    const order = paidOrder({
      totalCents: 49_410,
      promotions: orderPromotionsView({
        totalCents: 49_410,
        discounts: [
          {
            discountId: 'd-1',
            code: 'SAVE10',
            kind: 'percent',
            label: 'Code SAVE10: 10% off',
            amountCents: 5_490,
            on: 'items',
          },
        ],
        giftCards: [{ giftCardId: 'g-1', code: 'ABCDEFGHJKMNPQRS', amountCents: 10_000 }],
      }),
    })
    renderRouteWithoutJs(AdminOrder, {
      ...options(order),
      loaderData: {
        order,
        bobgo: null,
        boughtCards: [
          {
            variantId: 'card--r-250',
            label: 'R 250',
            unit: 1,
            amountCents: 25_000,
            card: {
              id: 'g-9',
              maskedCode: '••••-••••-••••-WXYZ',
              balanceCents: 25_000,
              active: true,
            },
          },
          { variantId: 'card--r-250', label: 'R 250', unit: 2, amountCents: 25_000, card: null },
        ],
      },
    })
    expect(screen.getByRole('link', { name: 'Code SAVE10: 10% off' })).toHaveAttribute(
      'href',
      '/admin/discounts/d-1',
    )
    const used = screen.getByRole('region', { name: 'Gift cards used' })
    expect(within(used).getByRole('link', { name: '••••-••••-••••-PQRS' })).toHaveAttribute(
      'href',
      '/admin/gift-cards/g-1',
    )
    const bought = screen.getByRole('region', { name: 'Gift cards bought' })
    expect(within(bought).getByRole('link', { name: '••••-••••-••••-WXYZ' })).toHaveAttribute(
      'href',
      '/admin/gift-cards/g-9',
    )
    expect(bought).toHaveTextContent('R 250 card 2 (R 250,00): not issued yet')
    expect(
      within(bought).getByRole('button', { name: 'Issue the missing gift cards' }).closest('form'),
    ).toHaveFormValues({ intent: 'issue-gift-cards' })
  })
})
