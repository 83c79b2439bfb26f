import type { ComponentType } from 'react'
import { describe, expect, it } from 'vitest'

import { renderInRouter } from '../../../test/render-in-router'

import { cartTotals } from '~/lib/cart/rules'
import CartPage from '~/routes/cart'
import PayPage from '~/routes/checkout_.pay.$id'
import OrderPage from '~/routes/orders.$id'

import type { OrderView } from './orders.server'

/** Renders a route component inside a data router with the given loader data, as the server does. */
function render(Component: ComponentType, loaderData: unknown): Promise<string> {
  return renderInRouter([{ id: 'page', path: '/', loader: () => loaderData as object, Component }])
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t\n\r\u00a0]+/g, ' ')
    .replace(/ ([,.)])/g, '$1')
    .trim()

describe('buying pages render', () => {
  it('/cart: lines, a changed price, quantity form, totals with VAT', async () => {
    const line = {
      productId: 'rooibos',
      name: 'Rooibos tea',
      image: null,
      unitPriceCents: 9500,
      previousPriceCents: 8950,
      quantity: 2,
      maxQuantity: 3,
      lineTotalCents: 19000,
      problem: null,
    }
    const html = await render(CartPage, {
      lines: [line],
      totals: cartTotals([line]),
      hasProblems: false,
    })
    const text = textOf(html)
    expect(text).toContain('R 95,00 each (price changed since you added it: was R 89,50)')
    expect(html).toMatch(/<select[^>]*name="quantity"/)
    expect(html.match(/<option /g)).toHaveLength(3)
    expect(text).toContain('Subtotal R 190,00 Shipping R 99,00 Total R 289,00')
    expect(text).toContain('includes VAT of R 37,70')
    expect(html).toContain('href="/checkout"')
  })

  it('/cart: the empty state links to the shop', async () => {
    const html = await render(CartPage, { lines: [], totals: cartTotals([]), hasProblems: false })
    expect(textOf(html)).toContain('Your cart is empty.')
    expect(html).toContain('href="/shop"')
  })

  it('/checkout/pay/:id: the PayFast form with its fields and a button for no-JS', async () => {
    const form = {
      action: 'https://sandbox.payfast.co.za/eng/process',
      fields: [
        ['merchant_id', '10000100'],
        ['m_payment_id', 'K7M2P9QRTWXY'],
        ['signature', 'abc'],
      ],
    }
    const html = await render(PayPage, { orderId: 'K7M2P9QRTWXY', totalCents: 27800, form })
    expect(html).toContain('action="https://sandbox.payfast.co.za/eng/process"')
    expect(html).toContain('<input type="hidden" name="m_payment_id" value="K7M2P9QRTWXY"/>')
    expect(textOf(html)).toContain('Continue to PayFast')
  })

  it('/orders/:id: timeline, lines, totals, address and the PayFast reference', async () => {
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
          name: 'Rooibos tea',
          unitPriceCents: 8950,
          quantity: 2,
          lineTotalCents: 17900,
          imageUrl: null,
        },
      ],
      subtotalCents: 17900,
      shippingCents: 9900,
      totalCents: 27800,
      vatCents: 3626,
      shippingAddress: {
        line1: '12 Long Street',
        line2: null,
        suburb: 'Gardens',
        city: 'Cape Town',
        province: 'Western Cape',
        postalCode: '8001',
      },
      pfPaymentId: '1089250',
    }
    const text = textOf(await render(OrderPage, { kind: 'full', order, signedIn: false }))
    expect(text).toContain('Status: Paid')
    expect(text).toContain('Awaiting payment 1 March 2025, 12:00')
    expect(text).toContain('Paid 1 March 2025, 12:03 — PayFast COMPLETE')
    expect(text).toContain('Rooibos tea R 89,50 2 R 179,00')
    expect(text).toContain('includes VAT of R 36,26')
    expect(text).toContain('12 Long Street Gardens, Cape Town Western Cape, 8001')
    expect(text).toContain('PayFast payment reference: 1089250')
  })

  it('/orders/:id: a bare confirmation for other visitors', async () => {
    const html = await render(OrderPage, { kind: 'confirmation', orderId: 'K7M2P9QRTWXY' })
    expect(textOf(html)).toContain('Your order number is K7M2P9QRTWXY')
    expect(html).toContain('href="/track_order"')
  })
})
