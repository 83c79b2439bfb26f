import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { draft, product } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import { centsToRandsString } from '~/lib/money'
import { newOrderId } from '~/lib/orders/id.server'
import type * as Itn from '~/lib/payfast/itn.server'
import type { ItnDeps } from '~/lib/payfast/itn.server'
import { itnParamString, signParamString, type PayfastPair } from '~/lib/payfast/signature.server'
import { honeypotFields } from '../../../test/honeypot-fields'

import type * as Messages from './messages.server'

// NOTE: everything that reads the environment is imported after these stubs (in beforeAll).
/**
 * The events that write mail, over a real SQLite store in a temp DATA_DIR: each writes its mail in
 * the same step, once however often the event arrives.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'mail-events-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('SHOP_EMAIL', 'orders@karoo.example')

let store: Store
let mailForOrderMove: typeof Messages.mailForOrderMove
let handleItn: typeof Itn.handleItn

beforeAll(async () => {
  store = await (await import('~/lib/data/index.server')).getStore()
  mailForOrderMove = (await import('./messages.server')).mailForOrderMove
  handleItn = (await import('~/lib/payfast/itn.server')).handleItn
  await store.products.upsertMany([product('tea', { stock: 1000 })])
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const placeOrder = (userId: string | null = null) =>
  store.orders.place(draft([{ productId: 'tea', quantity: 2 }], userId), newOrderId())

const mailOf = async (orderId: string) =>
  (await store.outbox.list({ orderId, offset: 0, limit: 50 })).items

const PASSPHRASE = 'mail-events-passphrase'
const config = {
  merchantId: '10000100',
  passphrase: PASSPHRASE,
  baseUrl: 'https://sandbox.payfast.co.za',
  validIps: ['127.0.0.1'],
}

function itn(order: Order, status: 'COMPLETE' | 'FAILED' | 'CANCELLED') {
  const pairs: PayfastPair[] = Object.entries({
    m_payment_id: order.id,
    pf_payment_id: '1089250',
    payment_status: status,
    amount_gross: centsToRandsString(order.totalCents),
    merchant_id: '10000100',
  })
  const params = itnParamString(pairs)
  return {
    body: `${params}&signature=${signParamString(params, PASSPHRASE)}`,
    sourceIp: '127.0.0.1',
  }
}

const itnDeps = (): ItnDeps => ({
  config,
  orders: store.orders,
  validate: async () => true,
  log: { info: () => {}, warn: () => {}, error: () => {} },
  mail: mailForOrderMove,
})

describe('the ITN', () => {
  it('COMPLETE writes exactly one order-paid mail, replayed or raced', async () => {
    const order = await placeOrder()
    const first = await handleItn(itn(order, 'COMPLETE'), itnDeps())
    expect(first).toMatchObject({ outcome: 'accepted', status: 'paid' })
    await handleItn(itn(order, 'COMPLETE'), itnDeps())
    await Promise.all([
      handleItn(itn(order, 'COMPLETE'), itnDeps()),
      handleItn(itn(order, 'COMPLETE'), itnDeps()),
    ])
    const mail = await mailOf(order.id)
    expect(mail.map((m) => [m.key, m.to, m.status])).toEqual([
      [`order-paid:${order.id}`, 'thandi@example.co.za', 'pending'],
    ])
    expect(mail[0]!.subject).toContain(order.id)

    const raced = await placeOrder()
    await Promise.all([
      handleItn(itn(raced, 'COMPLETE'), itnDeps()),
      handleItn(itn(raced, 'COMPLETE'), itnDeps()),
    ])
    expect((await mailOf(raced.id)).map((m) => m.key)).toEqual([`order-paid:${raced.id}`])
  })

  it('FAILED and CANCELLED write the failed and cancelled mail', async () => {
    const failed = await placeOrder()
    await handleItn(itn(failed, 'FAILED'), itnDeps())
    expect((await mailOf(failed.id)).map((m) => m.key)).toEqual([`order-failed:${failed.id}`])

    const cancelled = await placeOrder()
    await handleItn(itn(cancelled, 'CANCELLED'), itnDeps())
    expect((await mailOf(cancelled.id)).map((m) => m.key)).toEqual([
      `order-cancelled:${cancelled.id}`,
    ])
  })

  it('a rejected ITN mails nothing', async () => {
    const order = await placeOrder()
    const forged = { ...itn(order, 'COMPLETE'), sourceIp: '10.0.0.1' }
    expect(await handleItn(forged, itnDeps())).toMatchObject({ outcome: 'rejected' })
    expect(await mailOf(order.id)).toEqual([])
  })
})

describe('the shopper and staff', () => {
  it('cancelling at PayFast mails the buyer once', async () => {
    const { cancelHeldOrder } = await import('~/lib/orders/orders.server')
    const order = await placeOrder()
    const viewer = { userId: null, heldIds: [order.id] }
    expect((await cancelHeldOrder(store, viewer, order.id)).outcome).toBe('cancelled')
    expect((await cancelHeldOrder(store, viewer, order.id)).outcome).toBe('already-settled')
    expect((await mailOf(order.id)).map((m) => m.key)).toEqual([`order-cancelled:${order.id}`])
  })

  it('staff shipping an order mails the courier and tracking number', async () => {
    const { staffMoveOrder: moveOrder } = await import('~/lib/admin/orders.server')
    const { orderMoves } = await import('~/lib/orders/orders.test-helper')
    const placed = await placeOrder('user-1')
    const paid = await orderMoves(store.orders).transition(placed.id, 'paid', { pfPaymentId: '42' })
    const processing = await moveOrder(
      store,
      paid,
      { intent: 'status', status: 'processing' },
      { by: 'staff@example.co.za' },
    )
    expect(processing.ok).toBe(true)
    expect(await mailOf(placed.id)).toEqual([])
    const shipped = await moveOrder(
      store,
      (await store.orders.get(placed.id))!,
      { intent: 'status', status: 'shipped', courier: 'Aramex', trackingNumber: 'ARX 991' },
      { by: 'staff@example.co.za' },
    )
    expect(shipped.ok).toBe(true)
    const [mail, ...rest] = await mailOf(placed.id)
    expect(rest).toEqual([])
    expect(mail).toMatchObject({ key: `order-shipped:${placed.id}`, to: 'thandi@example.co.za' })
    expect(mail!.text).toContain('Aramex')
    expect(mail!.text).toContain('ARX 991')
  })
})

describe('the contact form', () => {
  it('writes the acknowledgement and the shop copy, once per message', async () => {
    const { contactAction } = await import('~/lib/contact/contact-action.server')
    const form = new URLSearchParams({
      name: 'Sipho Dlamini',
      email: 'sipho@example.co.za',
      subject: 'Do you ship to Namibia?',
      message: 'I live in Windhoek: can you ship there?',
      ...(await honeypotFields()),
    })
    const response = await contactAction({
      request: new Request('http://localhost/contact', { method: 'POST', body: form }),
      clientIp: '192.0.2.7',
    })
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).status).toBe(302)
    const [message] = await store.messages.list()
    const mail = (await store.outbox.list({ offset: 0, limit: 50 })).items.filter((m) =>
      m.key.startsWith('contact'),
    )
    const today = new Date(Date.parse(message!.createdAt) + 2 * 3_600_000).toISOString()
    expect(mail.map((m) => [m.key, m.to, m.replyTo]).sort()).toEqual([
      [`contact-ack:sipho@example.co.za:${today.slice(0, 10)}`, 'sipho@example.co.za', null],
      [`contact:${message!.id}:shop`, 'orders@karoo.example', 'sipho@example.co.za'],
    ])
  })
})
