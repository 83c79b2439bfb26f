import { describe, expect, it } from 'vitest'

import { emailFromUnsubscribeToken } from '~/lib/customers/unsubscribe-token.server'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { OutboxDraft } from '~/lib/data/types'

import { devMailMessage } from './dev-mail.server'
import { enqueueMarketingMail, marketingDraft } from './marketing.server'

const context = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example' }
const draft = (to: string): OutboxDraft => ({
  key: `back-in-stock:v1:${to}`,
  to,
  replyTo: null,
  subject: 'Back in stock',
  text: 'The Rooibos tea is back.\nhttps://shop.example/shop/tea\n',
  html: '<!DOCTYPE html><html><body><p>The Rooibos tea is back.</p></body></html>',
  orderId: null,
})

describe('a marketing mail', () => {
  it('carries the one-click unsubscribe headers (RFC 8058) and a visible link in both parts', () => {
    const mail = marketingDraft(draft('Thandi@example.co.za'), context)
    const header = mail.headers?.['List-Unsubscribe'] ?? ''
    expect(header).toMatch(/^<https:\/\/shop\.example\/unsubscribe\?t=[\w.-]+>$/)
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const url = header.slice(1, -1)
    expect(emailFromUnsubscribeToken(new URL(url).searchParams.get('t'))).toBe(
      'thandi@example.co.za',
    )
    expect(mail.text).toContain(`Unsubscribe in one click: ${url}`)
    expect(mail.text.startsWith('The Rooibos tea is back.')).toBe(true)
    // The link sits inside the body, before it closes, so every mail client shows it.
    expect(mail.html).toMatch(
      new RegExp(`<a href="${url.replace(/[.?]/g, '\\$&')}"[^>]*>Unsubscribe</a>`),
    )
    expect(mail.html.indexOf('Unsubscribe')).toBeLessThan(mail.html.indexOf('</body>'))
    expect(mail.subject).toBe('Back in stock')
  })

  it('is never enqueued for an email without consent, nor after an unsubscribe', async () => {
    const store = memoryStore()
    try {
      expect(await enqueueMarketingMail(store, draft('never@example.co.za'), context)).toBe(false)
      expect(await store.outbox.get('back-in-stock:v1:never@example.co.za')).toBeNull()

      await store.consents.record({
        email: 'yes@example.co.za',
        userId: null,
        optIn: true,
        source: 'checkout',
      })
      expect(await enqueueMarketingMail(store, draft('yes@example.co.za'), context)).toBe(true)
      const sent = await store.outbox.get('back-in-stock:v1:yes@example.co.za')
      expect(sent?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
      // /dev/mail shows them with the other headers.
      const shown = await devMailMessage(store, 'back-in-stock:v1:yes@example.co.za')
      expect(shown?.headers).toEqual(sent?.headers)

      await store.consents.record({
        email: 'yes@example.co.za',
        userId: null,
        optIn: false,
        source: 'unsubscribe',
      })
      const next = { ...draft('yes@example.co.za'), key: 'back-in-stock:v2:yes@example.co.za' }
      expect(await enqueueMarketingMail(store, next, context)).toBe(false)
      expect(await store.outbox.get(next.key)).toBeNull()
    } finally {
      await store.close()
    }
  })
})
