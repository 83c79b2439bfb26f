// @vitest-environment jsdom
import { isOrderLinkKey } from '~/lib/orders/order-link.server'
import { describe, expect, it } from 'vitest'

import { draft } from '~/lib/data/contract.suite'
import { COLLECT_SHIPPING } from '~/lib/orders/orders.test-helper'
import type { ContactMessage, Order, OutboxDraft } from '~/lib/data/types'

import {
  contactMails,
  mailContext,
  mailForOrderMove,
  orderCancelledMail,
  orderFailedMail,
  orderPaidMail,
  orderReadyMail,
  orderShippedMail,
  passwordResetMail,
  signUpTakenMail,
  type MailContext,
} from './messages.server'

const context: MailContext = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' }

function order(overrides: Partial<Order> = {}): Order {
  return {
    ...draft([
      {
        productId: 'linen-shirt',
        variantId: 'linen-shirt--m-sand',
        options: [
          { name: 'Size', value: 'M' },
          { name: 'Colour', value: 'Sand' },
        ],
        quantity: 2,
        unitPriceCents: 45_000,
      },
      { productId: 'rooibos', quantity: 1, unitPriceCents: 8_950 },
    ]),
    id: 'K7M2P9QRTWXY',
    status: 'pending_payment',
    history: [],
    pfPaymentId: null,
    refundNeeded: false,
    shipment: null,
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    shipments: [],
    bobgo: null,
    invoice: null,
    refunds: [],
    buyerVatNumber: null,
    ...overrides,
  }
}

const message: ContactMessage = {
  id: 'msg-1',
  name: 'Sipho Dlamini',
  email: 'sipho@example.co.za',
  subject: 'Do you ship to Namibia?',
  message: 'Hello,\nI live in Windhoek. <b>Can</b> you ship there?',
  ip: '127.0.0.1',
  createdAt: '2026-11-22T09:30:00.000Z',
  handledAt: null,
  handledBy: null,
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

/** The part a mail client shows: the body's words, each cell apart, spaces as a reader sees them. */
function shown(mail: OutboxDraft): string {
  const doc = parse(mail.html)
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT)
  const words: string[] = []
  while (walker.nextNode()) words.push(walker.currentNode.textContent ?? '')
  return words.join(' ').replace(/[\s\u00a0]+/g, ' ')
}
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

const links = (mail: OutboxDraft) =>
  [...parse(mail.html).querySelectorAll('a')].map((a) => ({
    href: a.getAttribute('href'),
    text: a.textContent?.trim(),
  }))

describe('order paid', () => {
  const paid = orderPaidMail(order(), context)

  it('names the order in the subject and goes to the buyer, filed under the order', () => {
    expect(paid.subject).toContain('K7M2P9QRTWXY')
    expect(paid).toMatchObject({
      key: 'order-paid:K7M2P9QRTWXY',
      to: 'thandi@example.co.za',
      orderId: 'K7M2P9QRTWXY',
      replyTo: null,
    })
  })

  it('lists each line with its options, quantity and price, and the totals with the VAT line, in both parts', () => {
    for (const part of [plain(paid.text), shown(paid)]) {
      expect(part).toContain('Product linen-shirt')
      expect(part).toContain('Size: M, Colour: Sand')
      expect(part).toMatch(/2 × R 450,00/)
      expect(part).toContain('R 900,00')
      expect(part).toMatch(/1 × R 89,50/)
      expect(part).toContain('Subtotal')
      expect(part).toContain('R 989,50')
      expect(part).toMatch(/Delivery:? \(?Standard delivery\)?:? R 99,00/)
      expect(part).toMatch(/Total:? R 1 088,50/)
      expect(part).toContain('includes VAT of R 141,98')
    }
  })

  it('shows the shipping address', () => {
    const o = order()
    for (const part of [paid.text, shown(paid)]) {
      expect(part).toContain('Thandi Mokoena')
      expect(part).toContain(o.shippingAddress.line1)
      expect(part).toContain(`${o.shippingAddress.suburb}, ${o.shippingAddress.city}`)
      expect(part).toContain(o.shippingAddress.postalCode)
    }
  })

  it("links guest and customer alike to the order's own page, which opens without signing in", () => {
    for (const mail of [paid, orderPaidMail(order({ userId: 'user-1' }), context)]) {
      const href = links(mail).find((l) => l.text === 'View your order')?.href ?? ''
      expect(href).toMatch(/^https:\/\/shop\.example\.co\.za\/orders\/K7M2P9QRTWXY\?key=[\w-]{32}$/)
      expect(isOrderLinkKey('K7M2P9QRTWXY', new URL(href).searchParams.get('key'))).toBe(true)
      expect(mail.text).toContain(href)
    }
  })

  it('shows each product picture from the image store by its absolute URL, with alt text', () => {
    const images = [...parse(paid.html).querySelectorAll('img')]
    expect(images.map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      ['https://shop.example.co.za/images/linen-shirt.jpg', 'Product linen-shirt'],
      ['https://shop.example.co.za/images/rooibos.jpg', 'Product rooibos'],
    ])
    const stored = orderPaidMail(
      order({
        lines: [{ ...order().lines[0]!, imageUrl: 'https://cdn.example/p/linen.webp' }],
      }),
      context,
    )
    expect(parse(stored.html).querySelector('img')?.getAttribute('src')).toBe(
      'https://cdn.example/p/linen.webp',
    )
  })
})

describe('order shipped, cancelled, payment failed', () => {
  it('shipped: the courier and the tracking number, and where to follow the order', () => {
    const mail = orderShippedMail(
      order({ userId: 'user-1' }),
      { courier: 'The Courier Guy', trackingNumber: 'TCG 123-456' },
      context,
    )
    expect(mail.key).toBe('order-shipped:K7M2P9QRTWXY')
    expect(mail.subject).toContain('K7M2P9QRTWXY')
    for (const part of [mail.text, shown(mail)]) {
      expect(part).toContain('The Courier Guy')
      expect(part).toContain('TCG 123-456')
    }
    expect(links(mail).map((l) => l.href)).toContainEqual(
      expect.stringMatching(/^https:\/\/shop\.example\.co\.za\/orders\/K7M2P9QRTWXY\?key=/),
    )
  })

  it('cancelled and failed: what happened and a link back to the cart', () => {
    const cancelled = orderCancelledMail(order(), context)
    const failed = orderFailedMail(order(), context)
    expect(cancelled.key).toBe('order-cancelled:K7M2P9QRTWXY')
    expect(failed.key).toBe('order-failed:K7M2P9QRTWXY')
    expect(cancelled.subject).toMatch(/K7M2P9QRTWXY was cancelled/)
    expect(failed.subject).toMatch(/payment for order K7M2P9QRTWXY did not go through/i)
    for (const mail of [cancelled, failed]) {
      expect(mail.text).toContain('No money was taken')
      expect(mail.text).toContain('https://shop.example.co.za/cart')
      expect(links(mail)).toContainEqual({
        href: 'https://shop.example.co.za/cart',
        text: 'Back to your cart',
      })
    }
  })

  it('mails only the moves a buyer hears about', async () => {
    const o = order()
    const keys = async (...args: Parameters<typeof mailForOrderMove>) =>
      (await mailForOrderMove(...args)).map((m) => m.key)
    expect(await keys(o, 'paid')).toEqual(['order-paid:K7M2P9QRTWXY'])
    expect(await keys(o, 'payment_failed')).toEqual(['order-failed:K7M2P9QRTWXY'])
    expect(await keys(o, 'cancelled')).toEqual(['order-cancelled:K7M2P9QRTWXY'])
    expect(await keys(o, 'shipped', { courier: 'Aramex', trackingNumber: 'A1' })).toEqual([
      'order-shipped:K7M2P9QRTWXY',
    ])
    expect(await keys(o, 'processing')).toEqual([])
    expect(await keys(o, 'delivered')).toEqual([])
    const collect = order({ shipping: COLLECT_SHIPPING })
    expect(await keys(collect, 'ready_for_collection')).toEqual(['order-ready:K7M2P9QRTWXY'])
    expect(await keys(collect, 'collected')).toEqual([])
  })
})

describe('collecting in store and pickup points', () => {
  const collect = order({ shipping: COLLECT_SHIPPING, shippingCents: 0 })

  it('paid: names the method with where to collect and the hours, and says it will be ready', () => {
    const mail = orderPaidMail(collect, context)
    for (const part of [plain(mail.text), shown(mail)]) {
      expect(part).toContain('Collect in store')
      expect(part).toContain('Ready within 1 working day')
      expect(part).toContain('Collect from: Karoo & Co. Woodstock')
      expect(part).toContain('100 Albert Road')
      expect(part).toContain('Woodstock, Cape Town')
      expect(part).toContain('Hours: Mon–Fri 9:00–17:00, Sat 9:00–13:00')
      expect(part).toMatch(/Delivery:? \(?Collect in store\)?:? Free/)
      expect(part).toContain('let you know when it is ready for collection')
      expect(part).not.toContain('Shipping to')
    }
  })

  it('paid: a pickup point with its address and hours', () => {
    const mail = orderPaidMail(
      order({
        shipping: {
          id: 'pickup:demo-cpt-gardens',
          kind: 'pickup',
          name: 'Pargo at Gardens Centre',
          estimate: '1–3 working days',
          pickupPoint: {
            id: 'demo-cpt-gardens',
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
        },
      }),
      context,
    )
    for (const part of [plain(mail.text), shown(mail)]) {
      expect(part).toContain('Pickup point: Pargo at Gardens Centre')
      expect(part).toContain('Mill Street')
      expect(part).toContain('Hours: Mon–Sat 9:00–18:00')
      expect(part).not.toContain('Shipping to')
    }
  })

  it('ready for collection: where, the hours and the order number to bring, keyed once per order', () => {
    const mail = orderReadyMail(collect, context)
    expect(mail).toMatchObject({
      key: 'order-ready:K7M2P9QRTWXY',
      to: 'thandi@example.co.za',
      orderId: 'K7M2P9QRTWXY',
      subject: 'Order K7M2P9QRTWXY is ready for collection',
    })
    for (const part of [plain(mail.text), shown(mail)]) {
      expect(part).toContain('is ready for collection')
      expect(part).toContain('Collect from: Karoo & Co. Woodstock')
      expect(part).toContain('100 Albert Road')
      expect(part).toContain('Hours: Mon–Fri 9:00–17:00, Sat 9:00–13:00')
      expect(part).toContain('Phone: 021 447 1234')
      expect(part).toContain('Bring your order number K7M2P9QRTWXY')
    }
    expect(links(mail).map((l) => l.href)).toContainEqual(
      expect.stringMatching(/\/orders\/K7M2P9QRTWXY\?key=/),
    )
  })
})

describe('password reset and contact', () => {
  it('reset: the one-time link, valid 30 minutes, keyed by the token', () => {
    const link = 'https://shop.example.co.za/auth?intent=reset&token=abc-123'
    const mail = passwordResetMail({ to: 'a@example.co.za', link, tokenHash: 'f00d' }, context)
    expect(mail).toMatchObject({ key: 'password-reset:f00d', to: 'a@example.co.za' })
    expect(mail.subject).toBe('Reset your Karoo & Co. password')
    expect(mail.text).toContain(link)
    expect(mail.text).toContain('30 minutes')
    expect(links(mail)).toContainEqual({ href: link, text: 'Choose a new password' })
  })

  it('contact: a plain acknowledgement to the sender and the message to the shop, answered by replying', () => {
    const [ack, shop] = contactMails(message, context, 'orders@karoo.example')
    expect(ack).toMatchObject({
      // One a day per address (SAST: 11:30 on 22 November).
      key: 'contact-ack:sipho@example.co.za:2026-11-22',
      to: 'sipho@example.co.za',
      replyTo: null,
    })
    expect(shop).toMatchObject({
      key: 'contact:msg-1:shop',
      to: 'orders@karoo.example',
      replyTo: 'sipho@example.co.za',
    })
    expect(shop!.subject).toContain('Do you ship to Namibia?')
    expect(shop!.text).toContain('I live in Windhoek. <b>Can</b> you ship there?')
    // The sender's words are text, never markup.
    expect(parse(shop!.html).querySelector('b')).toBeNull()
    expect(shown(shop!)).toContain('<b>Can</b>')
    expect(shown(shop!)).toContain('sipho@example.co.za')
  })

  it("contact: the acknowledgement repeats none of the sender's words (the form is no relay)", () => {
    const spam = {
      ...message,
      name: 'Cheap pills at spam.example',
      subject: 'WIN A PRIZE at spam.example',
      message: 'Click https://spam.example/win now',
    }
    const [ack] = contactMails(spam, context, 'orders@karoo.example')
    for (const part of [ack!.subject, ack!.text, ack!.html, shown(ack!)]) {
      expect(part).not.toMatch(/spam|pills|prize|click/i)
    }
    expect(ack!.subject).toBe('We got your message to Karoo & Co.')
    expect(plain(ack!.text)).toContain('will reply to this address')
    // The day rolls over at midnight in South Africa (22:00 UTC), not at midnight UTC.
    const late = contactMails({ ...spam, createdAt: '2026-11-22T22:30:00.000Z' }, context)[0]!
    expect(late.key).toBe('contact-ack:sipho@example.co.za:2026-11-23')
  })

  it('sign-up with a taken email: tells the owner, links to sign in, once an hour', () => {
    const at = new Date('2026-11-22T09:30:00.000Z')
    const mail = signUpTakenMail('Sipho@Example.co.za', at, context)
    expect(mail).toMatchObject({
      key: 'signup-taken:sipho@example.co.za:2026-11-22T09',
      to: 'sipho@example.co.za',
    })
    expect(
      signUpTakenMail('sipho@example.co.za', new Date('2026-11-22T09:59:00Z'), context).key,
    ).toBe(mail.key)
    expect(plain(mail.text)).toMatch(/someone tried to create a Karoo & Co\. account/i)
    expect(plain(mail.text)).toMatch(/if it was you, sign in, or reset your password/i)
    expect(links(mail)).toContainEqual({
      href: 'https://shop.example.co.za/auth',
      text: 'Sign in or reset your password',
    })
  })
})

describe('HTML that mail clients accept', () => {
  const everyMail = [
    orderPaidMail(order(), context),
    orderPaidMail(order({ userId: 'u' }), context),
    orderShippedMail(order(), { courier: 'Aramex', trackingNumber: 'A1' }, context),
    orderCancelledMail(order(), context),
    orderFailedMail(order(), context),
    passwordResetMail(
      { to: 'a@example.co.za', link: 'https://x.example/r', tokenHash: 'h' },
      context,
    ),
    ...contactMails(message, context, 'shop@example.co.za'),
    signUpTakenMail('a@example.co.za', new Date('2026-11-22T09:30:00.000Z'), context),
  ]

  it.each(everyMail.map((mail) => [mail.key, mail] as const))('%s', (_key, mail) => {
    expect(mail.html.startsWith('<!DOCTYPE html>')).toBe(true)
    const doc = parse(mail.html)
    // No scripts, no stylesheets: Gmail and Outlook drop <style> and external CSS.
    expect(doc.querySelectorAll('script, style, link, iframe, form, object, embed')).toHaveLength(0)
    expect(doc.querySelectorAll('[class], [id]')).toHaveLength(0)
    const handlers = [...doc.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
    )
    expect(handlers).toEqual([])
    // Layout by tables, styled inline.
    expect(doc.querySelectorAll('table[role="presentation"]').length).toBeGreaterThan(0)
    for (const td of doc.querySelectorAll('body > table td')) {
      expect(td.getAttribute('style') ?? '').not.toBe('')
    }
    // Every link and picture absolute (mail has no base URL), every picture with alt text.
    for (const a of doc.querySelectorAll('a')) {
      expect(a.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/)
    }
    for (const img of doc.querySelectorAll('img')) {
      expect(img.getAttribute('src')).toMatch(/^https:\/\//)
      expect(img.getAttribute('alt')).toBeTruthy()
    }
    // The shop's name, and a way back to the shop.
    expect(shown(mail)).toContain('Karoo & Co.')
    expect(mail.text).toContain('https://shop.example.co.za/')
    expect(mail.text.trim()).not.toBe('')
  })
})

describe('mail context', () => {
  it("takes the shop's name from the layout story", async () => {
    expect(await mailContext('https://shop.example.co.za/')).toEqual({
      shopName: 'Karoo & Co.',
      appUrl: 'https://shop.example.co.za',
    })
  })
})
