import fs from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import { openStore, type Store } from '~/lib/data/index.server'
import type { OrderDraft } from '~/lib/data/types'
import { env } from '~/lib/env.server'
import { newOrderId } from '~/lib/orders/id.server'
import { itnParamString, type PayfastPair, signParamString } from '~/lib/payfast/signature.server'
import { pendingOrder } from '~/lib/orders/orders.test-helper'

import { action } from './payfast.notify'
import { logger } from '~/lib/log.server'
import { metrics } from '~/lib/metrics/metrics.server'

/**
 * The notify route over a real SQLite store in a temp dir, with a stand-in PayFast on loopback
 * that confirms (VALID) only the parameter strings this test signed.
 */

let store: Store
let dataDir: string
let gateway: Server
const signedByPayfast = new Set<string>()
const originalBase = env.payfast.baseUrl

vi.mock('~/lib/data/index.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return { ...actual, getStore: () => Promise.resolve(store) }
})

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notify-test-'))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([
    makeProduct({ id: 'rooibos', name: 'Rooibos tea', priceCents: 8950, stock: 10 }),
  ])
  gateway = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const valid = req.url === '/eng/query/validate' && signedByPayfast.has(body)
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(valid ? 'VALID' : 'INVALID')
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  env.payfast.baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`
})

afterAll(async () => {
  env.payfast.baseUrl = originalBase
  await new Promise<void>((resolve) => gateway.close(() => resolve()))
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The shared pending order, as checkout hands it to the store: one line of the product seeded above. */
function draft(): OrderDraft {
  const order = pendingOrder({
    // The fixture's first line alone (2 x Rooibos tea).
    lines: pendingOrder().lines.slice(0, 1),
    subtotalCents: 17900,
    totalCents: 27800,
    vatCents: 3626,
  })
  const {
    id: _id,
    status: _status,
    history: _history,
    pfPaymentId: _pf,
    createdAt: _created,
    updatedAt: _updated,
    ...placed
  } = order
  return placed
}

/** An ITN as PayFast posts it, signed with our passphrase; `tamper` changes fields after signing. */
function itn(
  orderId: string,
  overrides: Record<string, string> = {},
  tamper: Record<string, string> = {},
) {
  const pairs: PayfastPair[] = Object.entries({
    m_payment_id: orderId,
    pf_payment_id: '1089250',
    payment_status: 'COMPLETE',
    item_name: `Karoo & Co. order ${orderId}`,
    item_description: '2 x Rooibos tea',
    amount_gross: '278.00',
    amount_fee: '-6.39',
    amount_net: '271.61',
    name_first: 'Thandi',
    name_last: 'Mokoena',
    email_address: 'thandi@example.co.za',
    merchant_id: env.payfast.merchantId,
    ...overrides,
  })
  const params = itnParamString(pairs)
  signedByPayfast.add(params)
  const signed: PayfastPair[] = [
    ...pairs,
    ['signature', signParamString(params, env.payfast.passphrase)],
  ]
  return new URLSearchParams(signed.map(([n, v]) => [n, tamper[n] ?? v])).toString()
}

async function notify(body: string, clientIp = '127.0.0.1') {
  const response = await action({
    request: new Request('http://localhost:3000/payfast/notify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    }),
    params: {},
    context: { clientIp },
  })
  expect(response.status).toBe(200)
  expect(await response.text()).toBe('')
  return response
}

describe('POST /payfast/notify', () => {
  it('answers 413 to an ITN over 16 KB and changes nothing', async () => {
    const order = await store.orders.place(draft(), newOrderId())
    const padded = itn(order.id, { item_description: 'x'.repeat(16 * 1024) })
    const response = await action({
      request: new Request('http://localhost:3000/payfast/notify', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: padded,
      }),
      params: {},
      context: { clientIp: '127.0.0.1' },
    })
    expect(response.status).toBe(413)
    expect((await store.orders.get(order.id))!.status).toBe('pending_payment')
  })

  it('marks the order paid for a genuine ITN, and a replay changes nothing', async () => {
    vi.spyOn(logger, 'info').mockImplementation(() => {})
    const order = await store.orders.place(draft(), newOrderId())
    await notify(itn(order.id))
    const paid = (await store.orders.get(order.id))!
    expect(paid).toMatchObject({ status: 'paid', pfPaymentId: '1089250' })
    expect(paid.history.map((h) => h.status)).toEqual(['pending_payment', 'paid'])

    await notify(itn(order.id))
    expect((await store.orders.get(order.id))!.history).toHaveLength(2)
  })

  it('issues the gift cards a paid order bought once, however often PayFast repeats the ITN', async () => {
    vi.spyOn(logger, 'info').mockImplementation(() => {})
    await store.products.upsertMany([
      makeProduct({ id: 'gift-card-test', category: 'gift-cards', priceCents: 25000, stock: 100 }),
    ])
    const placed = draft()
    const lines = [
      {
        ...placed.lines[0]!,
        productId: 'gift-card-test',
        variantId: 'gift-card-test',
        quantity: 1,
        unitPriceCents: 25000,
      },
    ]
    const order = await store.orders.place(
      { ...placed, lines, subtotalCents: 25000, totalCents: 27800 - 17900 + 25000 },
      newOrderId(),
    )
    const amount = { amount_gross: '349.00', amount_fee: '-8.00', amount_net: '341.00' }
    await notify(itn(order.id, amount))
    await notify(itn(order.id, amount))
    const cards = (await store.giftCards.list({ offset: 0, limit: 50 })).items.filter(
      (card) => card.orderId === order.id,
    )
    expect(cards.map((card) => [card.initialCents, card.issuedTo])).toEqual([
      [25000, 'thandi@example.co.za'],
    ])
    expect(await store.outbox.get(`gift-card:${cards[0]!.id}`)).toMatchObject({
      to: 'thandi@example.co.za',
    })
  })

  it('leaves the order pending for a tampered amount, a bad signature, a foreign source IP or a wrong merchant', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    const rejectedBefore = await itnsCounted('rejected')
    const order = await store.orders.place(draft(), newOrderId())
    await notify(itn(order.id, {}, { amount_gross: '1.00' }))
    await notify(itn(order.id, {}, { signature: '0'.repeat(32) }))
    await notify(itn(order.id), '198.51.100.20')
    await notify(itn(order.id, { merchant_id: '99999999' }))
    await notify(itn(order.id, { amount_gross: '1.00' }))
    const after = (await store.orders.get(order.id))!
    expect(after).toMatchObject({ status: 'pending_payment', pfPaymentId: null })
    expect(after.history).toHaveLength(1)
    expect(warn).toHaveBeenCalledTimes(5)
    // The logger's order: the details, then the message.
    expect(warn.mock.calls.map((c) => String(c[1]))).toEqual([
      expect.stringMatching(/signature mismatch/),
      expect.stringMatching(/signature mismatch/),
      expect.stringMatching(/source IP 198\.51\.100\.20 not allowed/),
      expect.stringMatching(/merchant_id/),
      expect.stringMatching(/amount_gross 1\.00 differs/),
    ])
    // GET /metrics counts them as refused.
    expect(await itnsCounted('rejected')).toBe(rejectedBefore + 5)
  })

  it('answers 200 with an empty body to garbage and never throws', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => {})
    await notify('%E0%A4%A')
    await notify('')
  })

  it('refuses GET', async () => {
    const { loader } = await import('./payfast.notify')
    expect(loader().status).toBe(405)
  })
})

/** The process's count of ITNs with `outcome` (shop_payfast_itn_total). */
async function itnsCounted(outcome: string): Promise<number> {
  const { values } = await metrics.itns.get()
  return values.find((value) => value.labels.outcome === outcome)?.value ?? 0
}
