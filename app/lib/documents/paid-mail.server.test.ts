// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { orderPaidMail } from '~/lib/mail/messages.server'
import { isOrderLinkKey } from '~/lib/orders/order-link.server'
import { pendingOrder } from '~/lib/orders/orders.test-helper'

const context = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' }

describe('the paid mail', () => {
  it('links the invoice with the order link key, in both parts, for a guest and a customer alike', () => {
    for (const order of [pendingOrder(), pendingOrder({ userId: 'user-1' })]) {
      const mail = orderPaidMail(order, context)
      const html = new DOMParser().parseFromString(mail.html, 'text/html')
      const link = [...html.querySelectorAll('a')].find((a) => /view or download/.test(a.text))
      const href = link?.getAttribute('href') ?? ''
      expect(href).toMatch(
        new RegExp(`^https://shop\\.example\\.co\\.za/orders/${order.id}/invoice\\?key=`),
      )
      expect(isOrderLinkKey(order.id, new URL(href).searchParams.get('key'))).toBe(true)
      expect(mail.text).toContain(`Your invoice: ${href}`)
    }
  })
})
