import { afterEach, describe, expect, it } from 'vitest'

import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'

import { createOutboxMail, startMailSender } from './mail.server'
import { SMTP_NOT_SET_WARNING } from './sender.server'

const resetMail = {
  key: 'password-reset:abc',
  to: 'thandi@example.co.za',
  replyTo: null,
  subject: 'Reset your Karoo & Co. password',
  text: 'Choose a new password: https://shop.example/auth?intent=reset&token=secret-token',
  html: '<a href="https://shop.example/auth?intent=reset&amp;token=secret-token">Choose</a>',
  orderId: null,
}

let store: Store | undefined
afterEach(async () => {
  await store?.close()
  store = undefined
})

describe('the mail port', () => {
  it('puts a message in the outbox once per event, waiting to be sent', async () => {
    store = memoryStore()
    const outbox = store.outbox
    const mail = createOutboxMail(
      async () => outbox,
      () => new Date('2025-03-01T10:00:00Z'),
    )
    await mail.send(resetMail)
    await mail.send({ ...resetMail, subject: 'A second click' })
    const { items, total } = await outbox.list({ offset: 0, limit: 10 })
    expect(total).toBe(1)
    expect(items[0]).toMatchObject({
      ...resetMail,
      status: 'pending',
      dueAt: '2025-03-01T10:00:00.000Z',
    })
  })
})

describe('starting the sender', () => {
  it('without SMTP_URL sends nothing, and says so once in production', () => {
    store = memoryStore()
    const warnings: string[] = []
    const settings = {
      smtpUrl: undefined,
      from: 'shop@localhost',
      outbox: store.outbox,
      warn: (line: string) => void warnings.push(line),
    }
    expect(startMailSender({ ...settings, isProduction: false })).toBeNull()
    expect(warnings).toEqual([])
    expect(startMailSender({ ...settings, isProduction: true })).toBeNull()
    expect(warnings).toEqual([SMTP_NOT_SET_WARNING])
    expect(SMTP_NOT_SET_WARNING).toBe('mail is not being delivered: SMTP_URL is not set')
  })
})
