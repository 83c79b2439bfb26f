import { createHash } from 'node:crypto'

import { afterEach, describe, expect, it } from 'vitest'

import { startFakePayfastApi } from './fake-api.test-helper'
import {
  apiSignature,
  requestPayfastRefund,
  simulatedRefunds,
  type RefundApiConfig,
} from './refunds.server'

const PASSPHRASE = 'jt7NOE43FZPn'
const NOW = '2026-11-25T10:00:00+02:00'

describe('apiSignature (PayFast API merchant headers)', () => {
  it('signs the headers and body sorted by name with the passphrase among them, as the SDK does', () => {
    // PayFast's PHP SDK (Auth::generateApiSignature): add passphrase, ksort, http_build_query, md5.
    const fields = {
      'merchant-id': '10000100',
      version: 'v1',
      timestamp: '2026-11-25T10:00:00+02:00',
      amount: '5000',
      reason: 'Product returned by customer',
      notify_buyer: '0',
    }
    const expectedString =
      'amount=5000&merchant-id=10000100&notify_buyer=0&passphrase=jt7NOE43FZPn' +
      '&reason=Product+returned+by+customer&timestamp=2026-11-25T10%3A00%3A00%2B02%3A00&version=v1'
    expect(apiSignature(fields, PASSPHRASE)).toBe(
      createHash('md5').update(expectedString).digest('hex'),
    )
    // The order fields were given in does not matter; a changed value does.
    const shuffled = Object.fromEntries(Object.entries(fields).reverse())
    expect(apiSignature(shuffled, PASSPHRASE)).toBe(apiSignature(fields, PASSPHRASE))
    expect(apiSignature({ ...fields, amount: '5001' }, PASSPHRASE)).not.toBe(
      apiSignature(fields, PASSPHRASE),
    )
    // Without a passphrase it is left out.
    expect(apiSignature(fields)).toBe(
      createHash('md5')
        .update(expectedString.replace('&passphrase=jt7NOE43FZPn', ''))
        .digest('hex'),
    )
  })
})

describe('requestPayfastRefund against a fake PayFast API', () => {
  let fake: Awaited<ReturnType<typeof startFakePayfastApi>> | null = null
  afterEach(async () => {
    await fake?.close()
    fake = null
  })

  async function setUp(passphrase = PASSPHRASE) {
    fake = await startFakePayfastApi({ merchantId: '10000100', passphrase: PASSPHRASE })
    const config: RefundApiConfig = {
      mode: 'live',
      merchantId: '10000100',
      passphrase,
      apiUrl: fake.url,
    }
    return { fake, config }
  }
  const request = { pfPaymentId: '1124148', amountCents: 12_345, reason: 'Damaged in transit' }

  it('posts a signed refund in cents and returns PayFast reference', async () => {
    const { fake, config } = await setUp()
    const outcome = await requestPayfastRefund(config, request, { now: () => NOW })
    expect(outcome).toEqual({ ok: true, reference: 'refund-1' })
    expect(fake.calls).toHaveLength(1)
    expect(fake.calls[0]).toMatchObject({
      path: '/refunds/1124148',
      query: '',
      signed: true,
      body: { amount: '12345', reason: 'Damaged in transit' },
      headers: { 'merchant-id': '10000100', version: 'v1', timestamp: NOW },
    })
  })

  it('adds testing=true in sandbox mode', async () => {
    const { fake, config } = await setUp()
    await requestPayfastRefund({ ...config, mode: 'sandbox' }, request, { now: () => NOW })
    expect(fake.calls[0]?.query).toBe('?testing=true')
  })

  it('a wrong passphrase is refused by PayFast and staff are told to check', async () => {
    const { config } = await setUp('not-the-passphrase')
    const outcome = await requestPayfastRefund(config, request, { now: () => NOW })
    expect(outcome.ok).toBe(false)
    if (!outcome.ok) {
      expect(outcome.message).toContain('PayFast refused the refund of R')
      expect(outcome.message).toContain('HTTP 401')
      expect(outcome.message).toContain('Nothing was refunded')
    }
  })

  it('a 4xx answer is a refusal with PayFast reason', async () => {
    const { fake, config } = await setUp()
    fake.answer({
      status: 400,
      body: '{"code":400,"status":"failed","data":{"message":"Amount exceeds the refundable balance"}}',
    })
    const outcome = await requestPayfastRefund(config, request, { now: () => NOW })
    expect(outcome).toEqual({
      ok: false,
      message: expect.stringContaining('Amount exceeds the refundable balance'),
    })
  })

  it('a 5xx answer says nothing was refunded and to try later', async () => {
    const { fake, config } = await setUp()
    fake.answer({ status: 503, body: 'Service Unavailable' })
    const outcome = await requestPayfastRefund(config, request, { now: () => NOW })
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('HTTP 503') })
  })

  it('a PayFast that never answers times out with a message', async () => {
    const { fake, config } = await setUp()
    fake.answer('hang')
    const outcome = await requestPayfastRefund(config, request, { now: () => NOW, timeoutMs: 200 })
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('did not answer') })
  })

  it('a 200 that is not a success is not taken as one', async () => {
    const { fake, config } = await setUp()
    fake.answer({ status: 200, body: '<html>maintenance</html>' })
    const outcome = await requestPayfastRefund(config, request, { now: () => NOW })
    expect(outcome.ok).toBe(false)
  })

  it('the simulator keeps the refund and calls nobody', async () => {
    const before = simulatedRefunds.length
    const outcome = await requestPayfastRefund(
      { mode: 'simulator', merchantId: '10000100', apiUrl: 'http://127.0.0.1:9' },
      request,
      { now: () => NOW },
    )
    expect(outcome.ok).toBe(true)
    expect(simulatedRefunds).toHaveLength(before + 1)
    expect(simulatedRefunds[0]).toMatchObject({ pfPaymentId: '1124148', amountCents: 12_345 })
  })
})
