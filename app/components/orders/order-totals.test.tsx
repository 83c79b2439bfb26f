// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { orderCancelledTemplate, orderPaidTemplate } from '~/lib/mail/templates/order.server'
import { toOrderView, toTrackingView } from '~/lib/orders/orders.server'
import { orderPromotionsView, paymentRows } from '~/lib/orders/order-promotions'
import { pendingOrder } from '~/lib/orders/orders.test-helper'
import type { Order } from '~/lib/data/types'

import { renderRouteWithoutJs } from '../../../test/render-route'
import { OrderDetails } from './order-view'
import { PromotionsUsed } from './order-totals'

/**
 * An order shows what it used, from its snapshot: each discount as its own line, each gift card
 * (masked) and the store credit with what they paid, and PayFast's part, on the order page,
 * tracking and the order mail alike.
 */

/** R 398 of goods and delivery, less a 10% code and free delivery; part paid by card and credit. */
const promoted: Order = pendingOrder({
  status: 'paid',
  userId: 'customer-1',
  pfPaymentId: '1089250',
  discounts: [
    {
      discountId: 'd-save10',
      code: 'SAVE10',
      kind: 'percent',
      label: 'Code SAVE10: 10% off',
      amountCents: 2990,
      on: 'items',
    },
    {
      discountId: 'd-ship',
      code: null,
      kind: 'free_shipping',
      label: 'Offer: free delivery',
      amountCents: 9900,
      on: 'delivery',
    },
  ],
  totalCents: 26910,
  vatCents: 3510,
  giftCards: [{ giftCardId: 'gc-1', code: 'ABCDEFGHJKMNPQRS', amountCents: 10000 }],
  storeCreditCents: 5000,
})

/** Money is written with a no-break space ("R\u00a0100,00"); the expectations use a plain one. */
const plain = (rows: [string, string][]) =>
  rows.map((row) => row.map((cell) => cell.replace(/\u00a0/g, ' ')))

describe("an order's discounts, gift cards and store credit", () => {
  it('works out what PayFast was asked for and never shows a card in full', () => {
    const view = orderPromotionsView(promoted)
    expect(view.payfastCents).toBe(26910 - 10000 - 5000)
    expect(view.giftCards).toEqual([
      { giftCardId: 'gc-1', maskedCode: '••••-••••-••••-PQRS', amountCents: 10000 },
    ])
    expect(plain(paymentRows(view))).toEqual([
      ['Gift card ••••-••••-••••-PQRS', '−R 100,00'],
      ['Store credit', '−R 50,00'],
      ['Paid with PayFast', 'R 119,10'],
    ])
    expect(JSON.stringify(toOrderView(promoted))).not.toContain('ABCDEFGHJKMNPQRS')
    expect(JSON.stringify(toTrackingView(promoted))).not.toContain('ABCDEFGHJKMNPQRS')
  })

  it('an order paid in full by a card has no PayFast line, and one without promotions no extra lines', () => {
    const full = orderPromotionsView({
      totalCents: 5000,
      giftCards: [{ giftCardId: 'gc', code: 'ABCDEFGHJKMNPQRS', amountCents: 5000 }],
    })
    expect(plain(paymentRows(full))).toEqual([['Gift card ••••-••••-••••-PQRS', '−R 50,00']])
    expect(paymentRows(orderPromotionsView({ totalCents: 5000 }))).toEqual([])
  })

  it('the order page lists each discount as its own line and what each way of paying paid', () => {
    renderRouteWithoutJs(<OrderDetails order={toOrderView(promoted)} />)
    const totals = screen.getByText('Subtotal').closest('dl')!
    const row = (name: string) => within(totals).getByText(name).closest('div')!
    expect(row('Code SAVE10: 10% off')).toHaveTextContent('−R 29,90')
    expect(row('Offer: free delivery')).toHaveTextContent('−R 99,00')
    expect(row('Total')).toHaveTextContent('R 269,10')
    expect(row('Gift card ••••-••••-••••-PQRS')).toHaveTextContent('−R 100,00')
    expect(row('Store credit')).toHaveTextContent('−R 50,00')
    expect(row('Paid with PayFast')).toHaveTextContent('R 119,10')
    expect(
      screen.getByText(/Payment by gift card ••••-••••-••••-PQRS, store credit and PayFast\./),
    ).toBeVisible()
  })

  it('an unpaid order says what is still to pay with PayFast', () => {
    renderRouteWithoutJs(
      <OrderDetails order={toOrderView({ ...promoted, status: 'pending_payment' })} />,
    )
    expect(screen.getByText('To pay with PayFast')).toBeVisible()
  })

  it('a cancelled order keeps its discount lines but shows no payments: nothing was taken', () => {
    renderRouteWithoutJs(<OrderDetails order={toOrderView({ ...promoted, status: 'cancelled' })} />)
    expect(screen.getByText('Code SAVE10: 10% off')).toBeVisible()
    expect(screen.queryByText(/PayFast$/)).not.toBeInTheDocument()
    expect(screen.queryByText('Gift card ••••-••••-••••-PQRS')).not.toBeInTheDocument()
  })

  it('tracking lists the discounts and payments under the total, and nothing for a plain order', () => {
    const { container } = renderRouteWithoutJs(
      <PromotionsUsed promotions={toTrackingView(promoted).promotions} />,
    )
    expect(container).toHaveTextContent('Code SAVE10: 10% off−R 29,90')
    expect(container).toHaveTextContent('Gift card ••••-••••-••••-PQRS−R 100,00')
    const bare = renderRouteWithoutJs(
      <PromotionsUsed promotions={toTrackingView(pendingOrder()).promotions} />,
    )
    expect(bare.container.textContent).toBe('')
  })

  it('the order mail shows the discount lines and the payments, in HTML and in text', () => {
    const mail = orderPaidTemplate(promoted, {
      shopName: 'Karoo & Co.',
      appUrl: 'https://shop.example.co.za',
    })
    const text = mail.text.replace(/\u00a0/g, ' ')
    expect(text).toContain('Code SAVE10: 10% off: −R 29,90')
    expect(text).toContain('Offer: free delivery: −R 99,00')
    expect(text).toContain('Gift card ••••-••••-••••-PQRS: −R 100,00')
    expect(text).toContain('Store credit: −R 50,00')
    expect(text).toContain('Paid with PayFast: R 119,10')
    expect(text).not.toContain('ABCDEFGHJKMNPQRS')
    document.body.innerHTML = mail.html
    expect(document.body).toHaveTextContent('Code SAVE10: 10% off−R 29,90')
    expect(document.body).toHaveTextContent('Gift card ••••-••••-••••-PQRS−R 100,00')
    expect(mail.html).not.toContain('ABCDEFGHJKMNPQRS')
  })

  it('a mail about an order that closed unpaid keeps its discount lines but claims no payment', () => {
    const mail = orderCancelledTemplate(promoted, {
      shopName: 'Karoo & Co.',
      appUrl: 'https://shop.example.co.za',
    })
    const text = mail.text.replace(/\u00a0/g, ' ')
    expect(text).toContain('Code SAVE10: 10% off: −R 29,90')
    expect(text).not.toMatch(/Paid with PayFast|Gift card •|Store credit/)
  })
})
