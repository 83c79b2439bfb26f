import { describe, expect, it } from 'vitest'

import type { MailContext } from '~/lib/mail/messages.server'
import { formatRand } from '~/lib/money'

import { pendingOrder } from './orders.test-helper'
import { RETURN_STATES, type OrderReturn } from './returns'
import { returnMail, returnRequestedShopMail } from './returns.server'

const context: MailContext = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' }
const order = pendingOrder({ id: 'K7M2P9QRTWXY' })

const ret = (overrides: Partial<OrderReturn> = {}): OrderReturn => ({
  id: 'R1',
  key: null,
  lines: [{ variantId: 'rooibos', quantity: 2 }],
  reason: 'damaged',
  note: 'The tin was dented',
  state: 'requested',
  staffMessage: null,
  restocked: [],
  refundId: null,
  refundedCents: 0,
  refundedAs: null,
  requestedAt: '2026-03-05T10:00:00.000Z',
  updatedAt: '2026-03-05T10:00:00.000Z',
  history: [],
  ...overrides,
})

describe('the return mails', () => {
  it('mail the buyer once per state, each linking to the order by its own link in both parts', () => {
    const keys = new Set<string>()
    for (const state of RETURN_STATES) {
      const mail = returnMail(order, ret({ state }), context)
      keys.add(mail.key)
      expect(mail).toMatchObject({ to: order.email, orderId: order.id, replyTo: null })
      expect(mail.subject).toContain(order.id)
      expect(mail.text).toMatch(/https:\/\/shop\.example\.co\.za\/orders\/K7M2P9QRTWXY\?key=\S+/)
      expect(mail.html).toContain('View your order')
      expect(mail.text).toContain('2 × Rooibos tea')
    }
    expect(keys.size).toBe(RETURN_STATES.length)
  })

  it('give the buyer the shop’s message, and say how they were paid back', () => {
    const declined = returnMail(
      order,
      ret({ state: 'declined', staffMessage: 'Opened tins go back only when faulty' }),
      context,
    )
    expect(declined.subject).toBe('Your return for order K7M2P9QRTWXY was declined')
    expect(declined.text).toContain('Message from the shop: Opened tins go back only when faulty')
    const credit = returnMail(
      order,
      ret({ state: 'refunded', refundedAs: 'store-credit', refundedCents: 17_900 }),
      context,
    )
    expect(credit.text).toContain(`we added ${formatRand(17_900)} of store credit`)
    const refund = returnMail(
      order,
      ret({ state: 'refunded', refundedAs: 'refund', refundedCents: 17_900, refundId: 'rf-1' }),
      context,
    )
    expect(refund.text).toContain(`we refunded ${formatRand(17_900)}`)
  })

  it('tell the shop of a request, replying to the buyer, linking to the back office', () => {
    const mail = returnRequestedShopMail(order, ret(), context, 'shop@karoo.example')
    expect(mail).toMatchObject({
      key: 'return-requested:K7M2P9QRTWXY:R1:shop',
      to: 'shop@karoo.example',
      replyTo: order.email,
      subject: 'Return R1 requested for order K7M2P9QRTWXY',
    })
    expect(mail.text).toContain('https://shop.example.co.za/admin/orders/K7M2P9QRTWXY')
    expect(mail.text).toContain('Their note: The tin was dented')
  })
})
