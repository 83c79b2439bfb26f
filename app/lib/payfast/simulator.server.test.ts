import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { buildPaymentForm } from './checkout.server'
import { handleItn } from './itn.server'
import { itnParamString, type PayfastPair, signature } from './signature.server'
import {
  buildItn,
  checkPaymentRequest,
  deliverItn,
  formPairs,
  SentItns,
  shopNotifyUrl,
  shopPath,
  simulatedFeeCents,
} from './simulator.server'
import { fakeOrders, pendingOrder } from '~/lib/orders/orders.test-helper'

const config = {
  merchantId: '10000100',
  merchantKey: '46f0cd694581a',
  passphrase: 'simulated secret',
  baseUrl: 'http://127.0.0.1:9/payfast/simulator',
  validIps: ['127.0.0.0/8', '::1/128'],
}
const urls = {
  returnUrl: 'http://127.0.0.1:9/orders/K7M2P9QRTW',
  cancelUrl: 'http://127.0.0.1:9/checkout',
  notifyUrl: 'http://127.0.0.1:9/payfast/notify',
}
const formFields = () => buildPaymentForm(pendingOrder(), urls, config).fields

function resign(fields: PayfastPair[]): PayfastPair[] {
  const unsigned = fields.filter(([name]) => name !== 'signature')
  return [...unsigned, ['signature', signature(unsigned, config.passphrase)]]
}

describe('checkPaymentRequest', () => {
  it('accepts the checkout form', () => {
    const check = checkPaymentRequest(formFields(), config)
    expect(check.ok).toBe(true)
    if (!check.ok) return
    expect(check.request.amountCents).toBe(39800)
    expect(check.request.fields).toMatchObject({
      m_payment_id: 'K7M2P9QRTW',
      item_name: 'Karoo & Co. order K7M2P9QRTW',
      notify_url: urls.notifyUrl,
    })
    expect(check.request.pairs).toEqual(formFields())
  })

  it('refuses a wrong signature, merchant or key', () => {
    const tampered = formFields().map(([n, v]): PayfastPair => [n, n === 'amount' ? '1.00' : v])
    expect(checkPaymentRequest(tampered, config)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/signature/),
    })
    expect(checkPaymentRequest(formFields(), { ...config, passphrase: undefined })).toMatchObject({
      ok: false,
    })
    const otherMerchant = resign(
      formFields().map(([n, v]): PayfastPair => [n, n === 'merchant_id' ? '10000101' : v]),
    )
    expect(checkPaymentRequest(otherMerchant, config)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/merchant/),
    })
    const otherKey = resign(
      formFields().map(([n, v]): PayfastPair => [n, n === 'merchant_key' ? 'x' : v]),
    )
    expect(checkPaymentRequest(otherKey, config)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/merchant/),
    })
  })

  it('refuses fields signed out of the documented order, saying so', () => {
    const fields = formFields().filter(([n]) => n !== 'signature')
    const swapped = resign([fields[10]!, ...fields.slice(0, 10), ...fields.slice(11)])
    const check = checkPaymentRequest(swapped, config)
    expect(check).toMatchObject({ ok: false, error: expect.stringMatching(/documented order/) })
  })

  it('refuses missing, unknown and repeated fields and bad amounts', () => {
    const without = (name: string) => resign(formFields().filter(([n]) => n !== name))
    expect(checkPaymentRequest(without('amount'), config)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/amount/),
    })
    expect(checkPaymentRequest(without('item_name'), config)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/item_name/),
    })
    expect(checkPaymentRequest(formFields().slice(0, -1), config)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/signature/),
    })
    expect(
      checkPaymentRequest(resign([...formFields(), ['outcome', 'pay']]), config),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/outcome is not a PayFast/),
    })
    expect(checkPaymentRequest([...formFields(), ['amount', '1.00']], config)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/more than once/),
    })
    const badAmount = resign(
      formFields().map(([n, v]): PayfastPair => [n, n === 'amount' ? '398' : v]),
    )
    expect(checkPaymentRequest(badAmount, config)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/amount/),
    })
    const badUrl = resign(
      formFields().map(([n, v]): PayfastPair => [
        n,
        n === 'notify_url' ? 'javascript:alert(1)' : v,
      ]),
    )
    expect(checkPaymentRequest(badUrl, config)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/notify_url/),
    })
  })
})

describe('buildItn', () => {
  const request = () => {
    const check = checkPaymentRequest(formFields(), config)
    if (!check.ok) throw new Error(check.error)
    return check.request
  }

  it('lists PayFast ITN fields in order, with amounts from cents', () => {
    const itn = buildItn(request(), 'COMPLETE', {
      pfPaymentId: '1234567',
      passphrase: config.passphrase,
    })
    const names = itn.pairs.map(([n]) => n)
    expect(names.slice(0, 8)).toEqual([
      'm_payment_id',
      'pf_payment_id',
      'payment_status',
      'item_name',
      'item_description',
      'amount_gross',
      'amount_fee',
      'amount_net',
    ])
    expect(names.slice(-5)).toEqual([
      'name_first',
      'name_last',
      'email_address',
      'merchant_id',
      'signature',
    ])
    const fields = Object.fromEntries(itn.pairs)
    // 3.5% of R398.00 is R13.93, plus R2.00.
    expect(simulatedFeeCents(39800)).toBe(1593)
    expect(fields).toMatchObject({
      amount_gross: '398.00',
      amount_fee: '-15.93',
      amount_net: '382.07',
      custom_str1: '',
    })
    expect(itn.paramString).toBe(itnParamString(itn.pairs))
    expect(new URLSearchParams(itn.body).get('signature')).toBe(fields.signature)
  })

  it('is accepted by handleItn, which confirms it through the simulator memory', async () => {
    const memory = new SentItns()
    const orders = fakeOrders([pendingOrder()])
    const itn = buildItn(request(), 'COMPLETE', {
      pfPaymentId: '1234567',
      passphrase: config.passphrase,
    })
    memory.remember(itn.paramString)
    const result = await handleItn(
      { body: itn.body, sourceIp: '::ffff:127.0.0.1' },
      {
        config,
        orders,
        validate: async (params) => memory.answer(params) === 'VALID',
        log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      },
    )
    expect(result).toMatchObject({ outcome: 'accepted', status: 'paid' })
    expect(orders.snapshot('K7M2P9QRTW')!.pfPaymentId).toBe('1234567')
  })

  it('is rejected when the simulator did not send it', async () => {
    const orders = fakeOrders([pendingOrder()])
    const itn = buildItn(request(), 'CANCELLED', {
      pfPaymentId: '1234567',
      passphrase: config.passphrase,
    })
    const memory = new SentItns()
    const result = await handleItn(
      { body: itn.body, sourceIp: '127.0.0.1' },
      {
        config,
        orders,
        validate: async (params) => memory.answer(params) === 'VALID',
        log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      },
    )
    expect(result.outcome).toBe('rejected')
    expect(orders.snapshot('K7M2P9QRTW')!.status).toBe('pending_payment')
  })
})

describe('SentItns', () => {
  it('answers VALID only for exact strings it remembers', () => {
    const memory = new SentItns()
    memory.remember('a=1&b=2')
    expect(memory.answer('a=1&b=2')).toBe('VALID')
    expect(memory.answer('a=1&b=2 ')).toBe('INVALID')
    expect(memory.answer('a=1&b=3')).toBe('INVALID')
    expect(memory.answer('')).toBe('INVALID')
  })

  it('forgets the oldest beyond its capacity', () => {
    const memory = new SentItns(3)
    for (const s of ['a', 'b', 'c', 'd']) memory.remember(s)
    expect(memory.size).toBe(3)
    expect(memory.answer('a')).toBe('INVALID')
    expect(memory.answer('d')).toBe('VALID')
    memory.remember('b') // refreshed: now newest
    memory.remember('e')
    expect(memory.answer('b')).toBe('VALID')
    expect(memory.answer('c')).toBe('INVALID')
  })
})

describe('deliverItn', () => {
  let server: Server | undefined
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  )

  it('remembers the ITN before POSTing it and reports the answer', async () => {
    const memory = new SentItns()
    const received: { body: string; validAtArrival: string }[] = []
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      req.on('end', () => {
        const params = body.replace(/&signature=[0-9a-f]{32}$/, '')
        received.push({ body, validAtArrival: memory.answer(params) })
        res.writeHead(200).end()
      })
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const check = checkPaymentRequest(formFields(), config)
    if (!check.ok) throw new Error(check.error)
    const itn = buildItn(check.request, 'COMPLETE', {
      pfPaymentId: '42',
      passphrase: config.passphrase,
    })

    const delivery = await deliverItn(`http://127.0.0.1:${port}/payfast/notify`, itn, { memory })
    expect(delivery).toEqual({ delivered: true, detail: 'notify_url answered 200' })
    expect(received).toEqual([{ body: itn.body, validAtArrival: 'VALID' }])
  })

  it('reports an unreachable notify_url', async () => {
    server = createServer()
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = undefined
    const itn = { pairs: [], paramString: 'a=1', body: 'a=1&signature=x' }
    const delivery = await deliverItn(`http://127.0.0.1:${port}/`, itn, { memory: new SentItns() })
    expect(delivery.delivered).toBe(false)
  })
})

describe('formPairs', () => {
  it('keeps order and refuses files', () => {
    const data = new FormData()
    data.append('b', '2')
    data.append('a', '1')
    expect(formPairs(data)).toEqual([
      ['b', '2'],
      ['a', '1'],
    ])
    data.append('f', new Blob(['x']), 'x.txt')
    expect(formPairs(data)).toBeNull()
  })
})

describe('shopPath', () => {
  it('keeps the path, query and fragment of a page of the shop', () => {
    expect(shopPath('https://shop.example/orders/ABC?x=1#h', 'https://shop.example')).toBe(
      '/orders/ABC?x=1#h',
    )
    expect(shopPath('https://shop.example/store/checkout', 'https://shop.example/store')).toBe(
      '/store/checkout',
    )
  })

  it('refuses other origins, paths outside APP_URL and anything that normalises off the shop', () => {
    for (const url of [
      'https://evil.example/orders/ABC',
      'http://shop.example/orders/ABC',
      'https://shop.example:8443/orders/ABC',
      'https://shop.example.evil/x',
      'not a url',
      'javascript:alert(1)',
    ]) {
      expect(shopPath(url, 'https://shop.example'), url).toBeNull()
    }
    expect(shopPath('https://shop.example/other', 'https://shop.example/store')).toBeNull()
    expect(shopPath('https://shop.example/storefront', 'https://shop.example/store')).toBeNull()
  })

  it('names the shop notify route as the only ITN target', () => {
    expect(shopNotifyUrl('https://shop.example/')).toBe('https://shop.example/payfast/notify')
  })
})
