import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { draft, product } from '~/lib/data/contract.suite'
import { openStore } from '~/lib/data/index.server'
import { centsToRandsString } from '~/lib/money'
import { moveOrder } from '~/lib/orders/move.server'
import { fakeOrders, pendingOrder } from '~/lib/orders/orders.test-helper'

import { confirmWithPayfast, handleItn, type ItnDeps, parseFormBody } from './itn.server'
import { itnParamString, type PayfastPair, phpUrlencode, signParamString } from './signature.server'

const PASSPHRASE = 'jt7NOE43FZPn'
const config = {
  merchantId: '10000100',
  passphrase: PASSPHRASE,
  baseUrl: 'https://sandbox.payfast.co.za',
  validIps: ['197.97.145.144/28', '41.74.179.192/27', '144.126.193.139', '2001:db8::/32'],
}
const PAYFAST_IP = '197.97.145.150'

function itnPairs(overrides: Record<string, string> = {}): PayfastPair[] {
  const base: Record<string, string> = {
    m_payment_id: 'K7M2P9QRTW',
    pf_payment_id: '1089250',
    payment_status: 'COMPLETE',
    item_name: 'Karoo & Co. order K7M2P9QRTW',
    item_description: '2 x Rooibos tea, 1 x Fynbos honey',
    amount_gross: '398.00',
    amount_fee: '-15.93',
    amount_net: '382.07',
    custom_str1: '',
    name_first: 'Thandi',
    name_last: 'Mokoena',
    email_address: 'thandi@example.co.za',
    merchant_id: '10000100',
    ...overrides,
  }
  return Object.entries(base)
}

/** Signs like PayFast and encodes as a form body; `signWith` lets a test forge a bad one. */
function itnBody(pairs: PayfastPair[], signWith: string | null = PASSPHRASE): string {
  const params = itnParamString(pairs)
  return `${params}&signature=${signParamString(params, signWith)}`
}

/** The fake store's clock: every move it stores is stamped with the ITN's arrival. */
const ITN_CLOCK = () => new Date('2024-05-01T10:05:00.000Z')

function setup(options: { validate?: (params: string) => Promise<boolean> } = {}) {
  const orders = fakeOrders([pendingOrder()], ITN_CLOCK)
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const validate = vi.fn(options.validate ?? (async () => true))
  const deps: ItnDeps = {
    config,
    orders,
    validate,
    log,
  }
  return { orders, log, validate, deps }
}

describe('handleItn', () => {
  it('marks the order paid for a good COMPLETE ITN and records pf_payment_id', async () => {
    const { orders, deps, validate, log } = setup()
    const pairs = itnPairs()
    const result = await handleItn({ body: itnBody(pairs), sourceIp: PAYFAST_IP }, deps)
    expect(result).toMatchObject({ outcome: 'accepted', orderId: 'K7M2P9QRTW', status: 'paid' })
    const order = orders.snapshot('K7M2P9QRTW')!
    expect(order.status).toBe('paid')
    expect(order.pfPaymentId).toBe('1089250')
    expect(order.history.at(-1)).toMatchObject({ status: 'paid', at: '2024-05-01T10:05:00.000Z' })
    // The confirmation POST carries the same parameter string, blank fields included, no passphrase.
    expect(validate).toHaveBeenCalledWith(itnParamString(pairs))
    expect(validate.mock.calls[0]![0]).toContain('&custom_str1=&')
    expect(validate.mock.calls[0]![0]).not.toContain('passphrase')
    expect(log.info).toHaveBeenCalled()
  })

  it('accepts a hand-encoded body with spaces, & and non-ASCII in the order received', async () => {
    const { orders, deps } = setup()
    // Fields deliberately not in PayFast's usual order: the signature follows the order received.
    const params =
      'merchant_id=10000100&m_payment_id=K7M2P9QRTW&item_name=Caf%C3%A9+%26+Co%7E&payment_status=COMPLETE' +
      '&pf_payment_id=77&amount_gross=398.00'
    const sig = signParamString(params, PASSPHRASE)
    const result = await handleItn(
      { body: `${params}&signature=${sig}`, sourceIp: '::ffff:41.74.179.200' },
      deps,
    )
    expect(result.outcome).toBe('accepted')
    expect(orders.snapshot('K7M2P9QRTW')!.status).toBe('paid')
  })

  it.each([
    ['CANCELLED', 'cancelled'],
    ['FAILED', 'payment_failed'],
  ] as const)('moves the order on %s', async (paymentStatus, status) => {
    const { orders, deps } = setup()
    const body = itnBody(itnPairs({ payment_status: paymentStatus }))
    const result = await handleItn({ body, sourceIp: PAYFAST_IP }, deps)
    expect(result).toMatchObject({ outcome: 'accepted', status })
    expect(orders.snapshot('K7M2P9QRTW')!.status).toBe(status)
    expect(orders.snapshot('K7M2P9QRTW')!.pfPaymentId).toBeNull()
  })

  describe('changes nothing when a check fails', () => {
    const cases: [
      string,
      (d: ReturnType<typeof setup>) => { body: string; sourceIp: string },
      RegExp,
    ][] = [
      [
        'a bad signature',
        () => ({ body: itnBody(itnPairs(), 'wrong passphrase'), sourceIp: PAYFAST_IP }),
        /signature/,
      ],
      [
        'a tampered field',
        () => ({
          body: itnBody(itnPairs()).replace('amount_net=382.07', 'amount_net=999.00'),
          sourceIp: PAYFAST_IP,
        }),
        /signature/,
      ],
      [
        'a missing signature',
        () => ({ body: itnParamString(itnPairs()), sourceIp: PAYFAST_IP }),
        /missing signature/,
      ],
      [
        'an unknown source IP',
        () => ({ body: itnBody(itnPairs()), sourceIp: '203.0.113.9' }),
        /source IP/,
      ],
      [
        'a loopback source IP',
        () => ({ body: itnBody(itnPairs()), sourceIp: '::ffff:127.0.0.1' }),
        /source IP/,
      ],
      ['no source IP', () => ({ body: itnBody(itnPairs()), sourceIp: '' }), /source IP/],
      [
        'a wrong amount',
        () => ({ body: itnBody(itnPairs({ amount_gross: '397.99' })), sourceIp: PAYFAST_IP }),
        /amount_gross/,
      ],
      [
        'a malformed amount',
        () => ({ body: itnBody(itnPairs({ amount_gross: '398' })), sourceIp: PAYFAST_IP }),
        /amount_gross/,
      ],
      [
        'a wrong merchant',
        () => ({ body: itnBody(itnPairs({ merchant_id: '10000101' })), sourceIp: PAYFAST_IP }),
        /merchant_id/,
      ],
      [
        'an unknown order',
        () => ({ body: itnBody(itnPairs({ m_payment_id: 'NOPE234567' })), sourceIp: PAYFAST_IP }),
        /unknown order/,
      ],
      [
        'a malformed body',
        () => ({ body: 'm_payment_id=%E0%A4%A&signature=x', sourceIp: PAYFAST_IP }),
        /malformed/,
      ],
      [
        'a repeated field',
        () => ({ body: `${itnBody(itnPairs())}&payment_status=COMPLETE`, sourceIp: PAYFAST_IP }),
        /malformed/,
      ],
    ]

    it.each(cases)('%s', async (_name, makeInput, reason) => {
      const setupResult = setup()
      const { orders, deps, log, validate } = setupResult
      const before = orders.snapshot('K7M2P9QRTW')
      const result = await handleItn(makeInput(setupResult), deps)
      expect(result.outcome).toBe('rejected')
      expect(result.reason).toMatch(reason)
      expect(orders.snapshot('K7M2P9QRTW')).toEqual(before)
      expect(orders.transitions).toEqual([])
      expect(validate).not.toHaveBeenCalled()
      expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(reason), expect.anything())
    })

    it('the server confirmation answering INVALID', async () => {
      const { orders, deps, log } = setup({ validate: async () => false })
      const result = await handleItn({ body: itnBody(itnPairs()), sourceIp: PAYFAST_IP }, deps)
      expect(result).toMatchObject({ outcome: 'rejected', reason: expect.stringMatching(/VALID/) })
      expect(orders.snapshot('K7M2P9QRTW')!.status).toBe('pending_payment')
      expect(orders.transitions).toEqual([])
      expect(log.warn).toHaveBeenCalled()
    })

    it('the server confirmation failing', async () => {
      const { orders, deps } = setup({
        validate: async () => {
          throw new Error('connect ECONNREFUSED')
        },
      })
      const result = await handleItn({ body: itnBody(itnPairs()), sourceIp: PAYFAST_IP }, deps)
      expect(result).toMatchObject({
        outcome: 'rejected',
        reason: expect.stringMatching(/ECONNREFUSED/),
      })
      expect(orders.transitions).toEqual([])
    })
  })

  it('checks the amount against what gift cards and store credit left for PayFast', async () => {
    const orders = fakeOrders(
      [
        pendingOrder({
          giftCards: [{ giftCardId: 'card-1', code: 'ABCDEFGHJKMNPQRS', amountCents: 100_00 }],
          storeCreditCents: 48_00,
        }),
      ],
      ITN_CLOCK,
    )
    const deps: ItnDeps = { ...setup().deps, orders }
    const whole = await handleItn({ body: itnBody(itnPairs()), sourceIp: PAYFAST_IP }, deps)
    expect(whole).toMatchObject({
      outcome: 'rejected',
      reason:
        'amount_gross 398.00 differs from the 250.00 left to pay by PayFast (order total 398.00)',
    })
    expect(orders.snapshot('K7M2P9QRTW')!.status).toBe('pending_payment')
    const rest = itnPairs({ amount_gross: '250.00', amount_fee: '-10.00', amount_net: '240.00' })
    const paid = await handleItn({ body: itnBody(rest), sourceIp: PAYFAST_IP }, deps)
    expect(paid).toMatchObject({ outcome: 'accepted', status: 'paid' })
  })

  it('treats a replay of a good ITN as a no-op', async () => {
    const { orders, deps, log } = setup()
    const input = { body: itnBody(itnPairs()), sourceIp: PAYFAST_IP }
    expect((await handleItn(input, deps)).outcome).toBe('accepted')
    const settled = orders.snapshot('K7M2P9QRTW')
    const replay = await handleItn(input, deps)
    expect(replay).toMatchObject({
      outcome: 'ignored',
      reason: expect.stringMatching(/replay of pf_payment_id 1089250/),
    })
    expect(orders.snapshot('K7M2P9QRTW')).toEqual(settled)
    expect(orders.transitions).toHaveLength(1)
    expect(log.info).toHaveBeenLastCalledWith(expect.stringMatching(/replay/), expect.anything())
  })

  it('does not cancel an order that is already paid', async () => {
    const { orders, deps } = setup()
    await handleItn({ body: itnBody(itnPairs()), sourceIp: PAYFAST_IP }, deps)
    const late = itnPairs({ payment_status: 'CANCELLED', pf_payment_id: '1089999' })
    const result = await handleItn({ body: itnBody(late), sourceIp: PAYFAST_IP }, deps)
    expect(result.outcome).toBe('ignored')
    expect(orders.snapshot('K7M2P9QRTW')).toMatchObject({ status: 'paid', pfPaymentId: '1089250' })
  })

  describe('a COMPLETE for an order no longer payable', () => {
    const LATE = 'payment received after cancellation: refund needed (pf_payment_id 1089250)'

    it.each([
      ['cancelled', 'Cancelled at PayFast'],
      ['cancelled', 'Payment not completed within 30 minutes'],
      ['payment_failed', 'PayFast FAILED'],
    ] as const)(
      'keeps a %s order (%s) as it is, notes the payment and flags a refund',
      async (status, note) => {
        const { deps, log } = setup()
        const history = [
          ...pendingOrder().history,
          { status, at: '2024-05-01T10:31:00.000Z', note, by: null },
        ]
        const orders = fakeOrders([pendingOrder({ status, history })], ITN_CLOCK)
        const input = { body: itnBody(itnPairs()), sourceIp: PAYFAST_IP }
        const result = await handleItn(input, { ...deps, orders })
        expect(result).toMatchObject({ outcome: 'flagged', orderId: 'K7M2P9QRTW', status })
        expect(log.warn).toHaveBeenCalledWith(
          expect.stringMatching(/refund needed/),
          expect.anything(),
        )
        const flagged = orders.snapshot('K7M2P9QRTW')!
        expect(flagged).toMatchObject({ status, refundNeeded: true, pfPaymentId: '1089250' })
        expect(flagged.history.at(-1)).toEqual({
          status,
          at: '2024-05-01T10:05:00.000Z',
          note: LATE,
          by: null,
        })
        expect(orders.transitions).toEqual([])

        // PayFast repeats ITNs until answered: the same pf_payment_id changes nothing more.
        expect((await handleItn(input, { ...deps, orders })).outcome).toBe('ignored')
        expect(orders.snapshot('K7M2P9QRTW')).toEqual(flagged)
      },
    )

    it('flags the order when the expiry sweep cancels it between the read and the payment', async () => {
      const { deps } = setup()
      const orders = fakeOrders([pendingOrder()], ITN_CLOCK)
      // The sweep lands after the handler read the order as pending_payment.
      let swept = false
      const racing = {
        ...orders,
        async saveMove(...args: Parameters<typeof orders.saveMove>) {
          if (!swept) {
            swept = true
            await moveOrder({ orders }, 'K7M2P9QRTW', { move: 'expire' })
          }
          return orders.saveMove(...args)
        },
      }
      const input = { body: itnBody(itnPairs()), sourceIp: PAYFAST_IP }
      const result = await handleItn(input, { ...deps, orders: racing })
      expect(result).toMatchObject({ outcome: 'flagged', status: 'cancelled' })
      expect(orders.snapshot('K7M2P9QRTW')).toMatchObject({
        status: 'cancelled',
        refundNeeded: true,
      })
    })

    it('does not flag a CANCELLED or FAILED notification for a cancelled order', async () => {
      const { deps } = setup()
      const cancelled = pendingOrder({ status: 'cancelled' })
      const orders = fakeOrders([cancelled], ITN_CLOCK)
      for (const payment_status of ['CANCELLED', 'FAILED']) {
        const body = itnBody(itnPairs({ payment_status }))
        expect((await handleItn({ body, sourceIp: PAYFAST_IP }, { ...deps, orders })).outcome).toBe(
          'ignored',
        )
      }
      expect(orders.snapshot('K7M2P9QRTW')).toEqual(cancelled)
    })
  })

  it('ignores a status that settles nothing', async () => {
    const { orders, deps } = setup()
    const body = itnBody(itnPairs({ payment_status: 'PENDING' }))
    expect((await handleItn({ body, sourceIp: PAYFAST_IP }, deps)).outcome).toBe('ignored')
    expect(orders.transitions).toEqual([])
  })

  it('settles once when two ITNs race', async () => {
    const { orders, deps } = setup()
    const input = { body: itnBody(itnPairs()), sourceIp: PAYFAST_IP }
    const results = await Promise.all([handleItn(input, deps), handleItn(input, deps)])
    expect(results.map((r) => r.outcome).sort()).toEqual(['accepted', 'ignored'])
    expect(orders.transitions).toHaveLength(1)
  })

  describe('a second payment for an order already paid', () => {
    const presses = Array.from({ length: 10 }, (_, i) => String(1089250 + i))
    const secondNote = (id: string) =>
      `second payment received (pf_payment_id ${id}): refund needed`

    it('pays once, notes each further payment at warn, flags one refund, keeps status and reference', async () => {
      const { orders, deps, log } = setup()
      const results = []
      for (const pf_payment_id of presses) {
        const body = itnBody(itnPairs({ pf_payment_id }))
        results.push(await handleItn({ body, sourceIp: PAYFAST_IP }, deps))
      }
      expect(results.map((r) => r.outcome)).toEqual([
        'accepted',
        ...presses.slice(1).map(() => 'flagged'),
      ])
      const order = orders.snapshot('K7M2P9QRTW')!
      expect(order).toMatchObject({ status: 'paid', pfPaymentId: '1089250', refundNeeded: true })
      expect(order.history.slice(-9)).toEqual(
        presses.slice(1).map((id) => ({
          status: 'paid',
          at: '2024-05-01T10:05:00.000Z',
          note: secondNote(id),
          by: null,
        })),
      )
      expect(orders.transitions).toEqual([{ id: 'K7M2P9QRTW', to: 'paid' }])
      expect(log.warn).toHaveBeenCalledTimes(9)
      expect(log.warn).toHaveBeenLastCalledWith(
        expect.stringMatching(/pf_payment_id 1089259.*refund needed/),
        expect.objectContaining({ orderId: 'K7M2P9QRTW' }),
      )

      // PayFast repeats each ITN until answered: no replay, first or later, adds anything.
      for (const pf_payment_id of [presses[0]!, presses[4]!]) {
        const body = itnBody(itnPairs({ pf_payment_id }))
        expect(await handleItn({ body, sourceIp: PAYFAST_IP }, deps)).toMatchObject({
          outcome: 'ignored',
          reason: expect.stringMatching(new RegExp(`replay of pf_payment_id ${pf_payment_id}`)),
        })
      }
      expect(orders.snapshot('K7M2P9QRTW')).toEqual(order)
    })

    it('keeps every payment when ten race on a real store: paid once, nine noted, one flag', async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'itn-race-'))
      const store = await openStore({ backend: 'sqlite', dataDir: root })
      try {
        await store.products.upsertMany([product('rooibos', { stock: 10 })])
        const placed = await store.orders.place(
          draft([{ productId: 'rooibos', quantity: 2 }]),
          'K7M2P9QRTX',
        )
        const { deps, log } = setup()
        const ordersDeps = { ...deps, orders: store.orders }
        const amount_gross = centsToRandsString(placed.totalCents)
        const itns = [...presses, ...presses].map((pf_payment_id) => ({
          body: itnBody(itnPairs({ m_payment_id: placed.id, pf_payment_id, amount_gross })),
          sourceIp: PAYFAST_IP,
        }))
        const results = await Promise.all(itns.map((input) => handleItn(input, ordersDeps)))
        const outcomes = results.map((r) => r.outcome)
        expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(1)
        expect(outcomes.filter((o) => o === 'flagged')).toHaveLength(9)
        expect(outcomes.filter((o) => o === 'ignored')).toHaveLength(10)
        expect(log.error).not.toHaveBeenCalled()

        const order = (await store.orders.get(placed.id))!
        expect(order.status).toBe('paid')
        expect(order.refundNeeded).toBe(true)
        const paidWith = order.pfPaymentId!
        expect(
          order.history.filter((h) => h.status === 'paid' && h.note?.startsWith('PayFast')),
        ).toHaveLength(1)
        expect(
          order.history.map((h) => h.note).filter((n) => n?.startsWith('second payment')),
        ).toEqual(expect.arrayContaining(presses.filter((id) => id !== paidWith).map(secondNote)))
        expect(order.history).toHaveLength(1 + 1 + 9)
        expect(await store.orders.listRefundNeeded()).toEqual([order])
      } finally {
        await store.close()
        rmSync(root, { recursive: true, force: true })
      }
    })
  })

  it('works without a passphrase', async () => {
    const { orders, deps } = setup()
    const body = itnBody(itnPairs(), null)
    const result = await handleItn(
      { body, sourceIp: PAYFAST_IP },
      { ...deps, config: { ...config, passphrase: undefined } },
    )
    expect(result.outcome).toBe('accepted')
    expect(orders.snapshot('K7M2P9QRTW')!.status).toBe('paid')
  })

  it('accepts IPv6 sources within a configured range', async () => {
    const { deps } = setup()
    const result = await handleItn({ body: itnBody(itnPairs()), sourceIp: '2001:db8::7' }, deps)
    expect(result.outcome).toBe('accepted')
  })
})

describe('parseFormBody', () => {
  it('keeps order, decodes + and %XX', () => {
    expect(parseFormBody(`a=1+2&b=${phpUrlencode('é & ~')}&c=`)).toEqual([
      ['a', '1 2'],
      ['b', 'é & ~'],
      ['c', ''],
    ])
  })

  it('refuses malformed bodies', () => {
    for (const bad of ['', 'a', '=1', 'a=%zz', 'a=1&a=2', `a=${'x'.repeat(20_000)}`]) {
      expect(parseFormBody(bad), bad.slice(0, 20)).toBeNull()
    }
  })
})

describe('confirmWithPayfast', () => {
  let server: Server | undefined
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  )

  async function gateway(answer: (body: string, contentType?: string) => [number, string]) {
    const seen: { path?: string; body?: string; contentType?: string } = {}
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      req.on('end', () => {
        Object.assign(seen, { path: req.url, body, contentType: req.headers['content-type'] })
        const [status, text] = answer(body, req.headers['content-type'])
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(text)
      })
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return { baseUrl: `http://127.0.0.1:${port}`, seen }
  }

  it('POSTs the parameter string and is true only for VALID', async () => {
    const { baseUrl, seen } = await gateway((body) => [
      200,
      body === 'a=1&b=x+y' ? 'VALID\n' : 'INVALID',
    ])
    const confirm = confirmWithPayfast({ baseUrl })
    expect(await confirm('a=1&b=x+y')).toBe(true)
    expect(seen).toEqual({
      path: '/eng/query/validate',
      body: 'a=1&b=x+y',
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(await confirm('a=2')).toBe(false)
  })

  it('is false when the gateway errs', async () => {
    const { baseUrl } = await gateway(() => [500, 'VALID'])
    expect(await confirmWithPayfast({ baseUrl })('a=1')).toBe(false)
  })
})
