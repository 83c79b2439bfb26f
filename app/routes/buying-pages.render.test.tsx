// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import { cartPromotionData } from '~/lib/promotions/summary.test-helper'
import type { OrderView } from '~/lib/orders/orders.server'
import { orderPromotionsView } from '~/lib/orders/order-promotions'
import { SHOPPER_ADDRESS } from '~/lib/orders/orders.test-helper'
import { shippingSummary } from '~/lib/shipping/order-shipping'

import CartPage from './cart'
import PayPage from './checkout_.pay.$id'
import OrderPage from './orders.$id'

/** A term's value in a description list (the totals). */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling

describe('/cart', () => {
  const line = {
    productId: 'rooibos',
    variantId: 'rooibos',
    name: 'Rooibos tea',
    options: [],
    image: null,
    unitPriceCents: 9500,
    previousPriceCents: 8950,
    quantity: 2,
    maxQuantity: 3,
    lineTotalCents: 19000,
    problem: null,
  }

  it('lists each line with a changed price, a quantity up to what is left, and the totals with VAT', () => {
    renderRoute(CartPage, {
      url: '/cart',
      loaderData: { lines: [line], hasProblems: false, ...cartPromotionData([line]) },
    })
    const item = within(screen.getByRole('listitem', { name: 'Rooibos tea' }))
    expect(item.getByRole('link', { name: 'Rooibos tea' })).toHaveAttribute('href', '/shop/rooibos')
    expect(item.getByText(/each/)).toHaveTextContent(
      'R 95,00 each (price changed since you added it: was R 89,50)',
    )
    // The quantity stepper: − and + post intent=update with one less and one more (up to 3 left).
    const stepper = item.getByRole('form', { name: 'Quantity of Rooibos tea' })
    expect(stepper).toHaveFormValues({ intent: 'update', productId: 'rooibos' })
    const less = item.getByRole('button', { name: 'One less Rooibos tea' })
    const more = item.getByRole('button', { name: 'One more Rooibos tea' })
    expect(less).toHaveAccessibleDescription('Quantity 2')
    expect([less, more].map((b) => [b.getAttribute('name'), b.getAttribute('value')])).toEqual([
      ['quantity', '1'],
      ['quantity', '3'],
    ])
    expect(item.getByRole('button', { name: 'Remove Rooibos tea' })).toHaveAttribute(
      'value',
      'remove',
    )

    expect(valueOf('Subtotal')).toHaveTextContent('R 190,00')
    // The shipping rules' estimate: standard delivery to the main centres, 2 kg (not a flat R 99).
    const delivery = screen.getByText(/^Delivery \(estimate\)/, { selector: 'dt' })
    expect(delivery).toHaveTextContent('Standard delivery to the main centres')
    expect(delivery.nextElementSibling).toHaveTextContent('R 89,00')
    expect(valueOf('Total')).toHaveTextContent('R 279,00')
    expect(screen.getByText(/includes VAT of R\s36,39/)).toBeInTheDocument()
    expect(screen.getByText(/Add R\s810,00 more for free delivery/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkout')
  })

  it('names a variant’s options on its line, links to that variant and posts its variantId', () => {
    const shirt = {
      ...line,
      productId: 'silk-shirt',
      variantId: 'silk-shirt--m-blue',
      name: 'Silk shirt',
      options: [
        { name: 'Size', value: 'M' },
        { name: 'Colour', value: 'Blue' },
      ],
      previousPriceCents: null,
    }
    renderRoute(CartPage, {
      url: '/cart',
      loaderData: { lines: [shirt], hasProblems: false, ...cartPromotionData([shirt]) },
    })
    const item = within(
      screen.getByRole('listitem', { name: 'Silk shirt (Size: M, Colour: Blue)' }),
    )
    expect(item.getByRole('link', { name: 'Silk shirt' })).toHaveAttribute(
      'href',
      '/shop/silk-shirt?variant=silk-shirt--m-blue',
    )
    expect(item.getByText('Size: M')).toBeInTheDocument()
    expect(item.getByText('Colour: Blue')).toBeInTheDocument()
    const remove = item.getByRole('button', { name: 'Remove Silk shirt (Size: M, Colour: Blue)' })
    expect(new FormData(remove.closest('form')!).get('variantId')).toBe('silk-shirt--m-blue')
  })

  it('says when the cart is empty and links to the shop', () => {
    renderRoute(CartPage, {
      url: '/cart',
      loaderData: { lines: [], hasProblems: false, ...cartPromotionData([]) },
    })
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop')
    expect(screen.queryByRole('link', { name: 'Check out' })).not.toBeInTheDocument()
  })
})

describe('/checkout/pay/:id', () => {
  const data = {
    orderId: 'K7M2P9QRTWXY',
    totalCents: 27800,
    payfastCents: 27800,
    form: {
      action: 'https://sandbox.payfast.co.za/eng/process',
      fields: [
        ['merchant_id', '10000100'],
        ['m_payment_id', 'K7M2P9QRTWXY'],
        ['signature', 'abc'],
      ],
    },
  }
  const options = { url: '/checkout/pay/K7M2P9QRTWXY', path: '/checkout/pay/:id', loaderData: data }

  it('without JS: the PayFast form with its fields and a button to continue', () => {
    renderRouteWithoutJs(PayPage, options)
    expect(
      screen.getByRole('heading', { level: 1, name: 'Pay for order K7M2P9QRTWXY' }),
    ).toBeInTheDocument()
    const button = screen.getByRole('button', { name: 'Continue to PayFast' })
    const form = button.closest('form')
    expect(form).toHaveAttribute('action', 'https://sandbox.payfast.co.za/eng/process')
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveFormValues({
      merchant_id: '10000100',
      m_payment_id: 'K7M2P9QRTWXY',
      signature: 'abc',
    })
  })

  it('with JS: hands over to PayFast on its own, once', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {})
    renderRoute(PayPage, options)
    expect(submit).toHaveBeenCalledTimes(1)
    expect(submit.mock.contexts[0]).toBe(
      screen.getByRole('button', { name: 'Continue to PayFast' }).closest('form'),
    )
  })
})

describe('/orders/:id', () => {
  const order: OrderView = {
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
      },
      { status: 'paid', label: 'Paid', at: '2025-03-01T10:03:00.000Z', note: 'PayFast COMPLETE' },
    ],
    lines: [
      {
        productId: 'rooibos',
        variantId: 'rooibos',
        name: 'Rooibos tea',
        options: [],
        unitPriceCents: 8950,
        quantity: 2,
        lineTotalCents: 17900,
        imageUrl: null,
      },
      {
        productId: 'silk-shirt',
        variantId: 'silk-shirt--m',
        name: 'Silk shirt',
        options: [{ name: 'Size', value: 'M' }],
        unitPriceCents: 0,
        quantity: 1,
        lineTotalCents: 0,
        imageUrl: null,
      },
    ],
    subtotalCents: 17900,
    shippingCents: 9900,
    totalCents: 27800,
    vatCents: 3626,
    promotions: orderPromotionsView({ totalCents: 27800 }),
    shippingAddress: SHOPPER_ADDRESS,
    pfPaymentId: '1089250',
    shipment: null,
    shipping: shippingSummary(null),
    tracking: [],
  }
  const options = { url: '/orders/K7M2P9QRTWXY', path: '/orders/:id' }

  it('names the delivery method chosen, with the pickup point’s address and hours', () => {
    const atPickup: OrderView = {
      ...order,
      shipping: shippingSummary({
        id: 'pickup:pargo-gardens',
        kind: 'pickup',
        name: 'Pargo at Gardens Centre',
        estimate: '1–3 working days',
        pickupPoint: {
          id: 'pargo-gardens',
          name: 'Pargo at Gardens Centre',
          line1: 'Mill Street',
          suburb: 'Gardens',
          city: 'Cape Town',
          province: 'Western Cape',
          postalCode: '8001',
          hours: 'Mon–Sat 9:00–18:00',
        },
        serviceCode: null,
        collection: null,
      }),
    }
    renderRoute(OrderPage, {
      ...options,
      loaderData: { kind: 'full', order: atPickup, signedIn: false },
    })
    const delivery = screen.getByRole('region', { name: 'Delivery' })
    expect(delivery).toHaveTextContent('Pargo at Gardens Centre · 1–3 working days')
    expect(delivery).toHaveTextContent('Pickup point: Pargo at Gardens Centre')
    expect(delivery).toHaveTextContent('Mill Street')
    expect(delivery).toHaveTextContent('Hours: Mon–Sat 9:00–18:00')
    expect(valueOf('Delivery: Pargo at Gardens Centre')).toHaveTextContent('R 99,00')
    // The parcel goes to the point: the order's address is the buyer's, not where it is shipped.
    expect(screen.getByRole('region', { name: 'Buyer' })).toHaveTextContent('12 Long Street')
    expect(screen.queryByRole('region', { name: 'Shipping address' })).not.toBeInTheDocument()
  })

  it('says where the gift card codes an order bought are sent, never the codes themselves', () => {
    renderRoute(OrderPage, {
      ...options,
      loaderData: { kind: 'full', order, signedIn: false, giftCards: { bought: 2, issued: 2 } },
    })
    expect(
      screen.getByText(/Your 2 gift card codes were emailed to thandi@example.co.za\./),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: "Check a gift card's balance" })).toHaveAttribute(
      'href',
      '/gift-card',
    )
  })

  it('shows the timeline in South African time, the lines, totals, address and PayFast reference', () => {
    renderRoute(OrderPage, { ...options, loaderData: { kind: 'full', order, signedIn: false } })
    expect(
      screen.getByRole('heading', { level: 1, name: 'Order K7M2P9QRTWXY' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/^Status:/)).toHaveTextContent('Status: Paid')
    const steps = within(screen.getByRole('list', { name: 'Status timeline' })).getAllByRole(
      'listitem',
    )
    expect(steps.map((step) => step.textContent)).toEqual([
      'Awaiting payment 1 March 2025, 12:00',
      'Paid 1 March 2025, 12:03 — PayFast COMPLETE',
    ])
    const row = screen.getByRole('row', { name: /Rooibos tea/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R\u00a089,50', '2', 'R\u00a0179,00'])
    expect(screen.getByRole('rowheader', { name: /Silk shirt/ })).toHaveTextContent(
      'Silk shirtSize: M',
    )
    expect(valueOf('Total')).toHaveTextContent('R 278,00')
    expect(screen.getByText(/includes VAT of R\s36,26/)).toBeInTheDocument()
    const address = within(screen.getByRole('region', { name: 'Shipping address' }))
    expect(address.getByRole('group')).toHaveTextContent(
      'Thandi Mokoena12 Long StreetGardens, Cape TownWestern Cape, 8001',
    )
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent(
      'PayFast payment reference: 1089250',
    )
    expect(screen.getByRole('link', { name: 'Track an order' })).toHaveAttribute(
      'href',
      '/track_order',
    )
  })

  it("shows a shipped order's courier and tracking number", () => {
    const shipped: OrderView = {
      ...order,
      status: 'shipped',
      statusLabel: 'Shipped',
      shipment: { courier: 'The Courier Guy', trackingNumber: 'TCG123456' },
    }
    renderRoute(OrderPage, {
      ...options,
      loaderData: { kind: 'full', order: shipped, signedIn: true },
    })
    expect(screen.getByText(/^Shipped with/)).toHaveTextContent(
      'Shipped with The Courier Guy, tracking number TCG123456',
    )
  })
})
