import { afterEach, describe, expect, it } from 'vitest'

import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'

import { startMailSender } from './mail.server'
import { SMTP_NOT_SET_WARNING } from './sender.server'

let store: Store | undefined
afterEach(async () => {
  await store?.close()
  store = undefined
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
