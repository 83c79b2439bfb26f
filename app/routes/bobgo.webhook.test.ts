import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type * as StoreModule from '~/lib/data/index.server'
import type { Store } from '~/lib/data/store'
import { draft, orderMoves } from '~/lib/orders/orders.test-helper'
import type * as SyncModule from '~/lib/shipping/bobgo-sync.server'

import {
  FAKE_BOBGO_KEY,
  FAKE_BOBGO_WEBHOOK_SECRET,
  signBobgoWebhook,
  startFakeBobgo,
  type FakeBobgo,
  type FakeBobgoShipment,
} from '../../test/fake-bobgo'
import { product } from '~/lib/data/contract.suite'

import type * as WebhookRoute from './bobgo.webhook'
import { logger } from '~/lib/log.server'

const APP_URL = 'http://shop.test'

const SHIPMENT: FakeBobgoShipment = {
  shipment_id: 'S-1',
  courier: 'RAM',
  service_level: 'Overnight',
  tracking_number: 'RAM-9001',
  status: 'in-transit',
  tracking_events: [
    {
      timestamp: '2026-03-09T10:15:00+02:00',
      status: 'in-transit',
      message: 'Left the depot',
      location: 'Johannesburg',
    },
  ],
}

let fake: FakeBobgo
let route: typeof WebhookRoute
let sync: typeof SyncModule
let store: Store
let seq = 0

beforeAll(async () => {
  fake = await startFakeBobgo({ channels: [APP_URL] })
  // The environment is parsed once at import: point Bob Go at the fake, then import fresh modules.
  vi.stubEnv('APP_URL', APP_URL)
  vi.stubEnv('BOBGO_API_KEY', FAKE_BOBGO_KEY)
  vi.stubEnv('BOBGO_API_URL', fake.url)
  vi.stubEnv('BOBGO_WEBHOOK_SECRET', FAKE_BOBGO_WEBHOOK_SECRET)
  vi.resetModules()
  route = await import('./bobgo.webhook')
  sync = await import('~/lib/shipping/bobgo-sync.server')
  store = await ((await import('~/lib/data/index.server')) as typeof StoreModule).getStore()
  await store.products.upsertMany([product('rooibos', { stock: 500 })])
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})
beforeEach(() => {
  fake.requests.length = 0
  vi.spyOn(logger, 'info').mockImplementation(() => {})
})

/** A paid order sent to the fake Bob Go by the sync job: its id and Bob Go's. */
async function syncedOrder() {
  const id = `ORDHOOK${String(++seq).padStart(4, '0')}`
  await store.orders.place(draft([{ productId: 'rooibos', quantity: 1 }]), id)
  await orderMoves(store.orders).transition(id, 'paid', { pfPaymentId: String(5000 + seq) })
  await sync.markPaidOrderForBobgo(store, id)
  const deps = await sync.processBobgoDeps()
  await sync.createBobgoSyncJob({ ...deps!, log: () => {} }).syncDue()
  const bobgoOrderId = (await store.orders.get(id))?.bobgo?.bobgoOrderId
  if (!bobgoOrderId) throw new Error(`order ${id} did not sync`)
  return { id, bobgoOrderId }
}

function post(body: string, signature: string | null = signBobgoWebhook(body)) {
  const headers = new Headers({ 'Content-Type': 'application/json' })
  if (signature !== null) headers.set('Bobgo-Webhook-Signature', signature)
  const request = new Request(`${APP_URL}/bobgo/webhook`, { method: 'POST', body, headers })
  return route.action({ request, params: {}, context: { clientIp: '127.0.0.1' } })
}

const event = (fields: Record<string, unknown>) =>
  JSON.stringify({ event_id: `evt-${++seq}`, topic: 'fulfillment/created', ...fields })

const fulfilmentFetches = () => fake.calls('GET', '/v2/order-fulfillments').length

describe('POST /bobgo/webhook', () => {
  it('on a signed fulfilment, stores the tracking and ships the order once, mailing the buyer once', async () => {
    const { id, bobgoOrderId } = await syncedOrder()
    fake.setFulfillments(bobgoOrderId, [SHIPMENT])
    const response = await post(event({ order_id: Number(bobgoOrderId), channel_ref_id: id }))
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(/1 shipment\(s\) stored, order shipped/)
    const order = await store.orders.get(id)
    expect(order?.status).toBe('shipped')
    expect(order?.shipment).toEqual({ courier: 'RAM · Overnight', trackingNumber: 'RAM-9001' })
    expect(order?.shipments[0]).toMatchObject({
      trackingNumber: 'RAM-9001',
      events: [{ message: 'Left the depot', location: 'Johannesburg' }],
    })
    // tracking/updated later: new events stored, no second move or mail.
    fake.setFulfillments(bobgoOrderId, [
      {
        ...SHIPMENT,
        status: 'delivered',
        tracking_events: [
          ...SHIPMENT.tracking_events,
          { timestamp: '2026-03-10T09:00:00+02:00', status: 'delivered', message: 'Delivered' },
        ],
      },
    ])
    const update = await post(event({ topic: 'tracking/updated', order_id: bobgoOrderId }))
    expect(update.status).toBe(200)
    const later = await store.orders.get(id)
    expect(later?.shipments[0]!.events).toHaveLength(2)
    expect(later?.history.filter((h) => h.status === 'shipped')).toHaveLength(1)
    const mails = await store.outbox.list({ offset: 0, limit: 20, orderId: id })
    expect(mails.items.filter((m) => m.key.startsWith('order-shipped:'))).toHaveLength(1)
  })

  it('refuses an unsigned or wrongly signed call with 403 and does nothing', async () => {
    const { id, bobgoOrderId } = await syncedOrder()
    fake.setFulfillments(bobgoOrderId, [SHIPMENT])
    const body = event({ order_id: bobgoOrderId })
    expect((await post(body, null)).status).toBe(403)
    expect((await post(body, signBobgoWebhook(body, 'not-the-secret'))).status).toBe(403)
    expect((await post(body, signBobgoWebhook(`${body} `))).status).toBe(403)
    expect(fulfilmentFetches()).toBe(0)
    expect((await store.orders.get(id))?.status).toBe('paid')
    // The event was never taken: the genuine delivery of it still counts.
    expect((await post(body)).status).toBe(200)
    expect((await store.orders.get(id))?.status).toBe('shipped')
  })

  it('acts on an event once: a replay answers 200 and changes nothing', async () => {
    const { id, bobgoOrderId } = await syncedOrder()
    const body = event({ order_id: bobgoOrderId })
    expect((await post(body)).status).toBe(200)
    expect((await store.orders.get(id))?.status).toBe('paid')
    fake.setFulfillments(bobgoOrderId, [SHIPMENT])
    const replay = await post(body)
    expect(replay.status).toBe(200)
    expect(await replay.text()).toMatch(/already received, nothing done/)
    expect(fulfilmentFetches()).toBe(1)
    expect((await store.orders.get(id))?.status).toBe('paid')
  })

  it('answers 200 for an order that is not ours, and notes it', async () => {
    const response = await post(event({ order_id: 987654, channel_ref_id: 'NOTOURORDER' }))
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(/no order here for Bob Go order 987654/)
    expect(logger.info).toHaveBeenCalledWith(expect.stringMatching(/^Bob Go webhook: 200 /))
    expect(fulfilmentFetches()).toBe(0)
  })

  it("finds the order by the shop's own id inside a data object", async () => {
    const { id, bobgoOrderId } = await syncedOrder()
    fake.setFulfillments(bobgoOrderId, [SHIPMENT])
    const body = JSON.stringify({
      event_id: `evt-${++seq}`,
      topic: 'fulfillment/created',
      data: { channel_ref_id: id },
    })
    expect((await post(body)).status).toBe(200)
    expect((await store.orders.get(id))?.status).toBe('shipped')
  })

  it('answers 503 while Bob Go fails, and acts on the retry', async () => {
    const { id, bobgoOrderId } = await syncedOrder()
    fake.setFulfillments(bobgoOrderId, [SHIPMENT])
    const body = event({ order_id: bobgoOrderId })
    fake.failNext(500)
    expect((await post(body)).status).toBe(503)
    expect((await store.orders.get(id))?.status).toBe('paid')
    expect((await post(body)).status).toBe(200)
    expect((await store.orders.get(id))?.status).toBe('shipped')
  })

  it('answers 400 to a signed body it cannot read, and 200 to a topic with nothing to do', async () => {
    expect((await post('{not json')).status).toBe(400)
    expect((await post(JSON.stringify({ topic: 'tracking/updated' }))).status).toBe(400)
    expect((await post(event({ topic: 'parcel/teleported', order_id: 1 }))).status).toBe(400)
    expect((await post(event({}))).status).toBe(400)
    expect((await post(event({ topic: 'order/updated', order_id: 1 }))).status).toBe(200)
    expect(fulfilmentFetches()).toBe(0)
  })

  it('takes only POST', async () => {
    expect(route.loader().status).toBe(405)
    const request = new Request(`${APP_URL}/bobgo/webhook`, { method: 'PUT', body: '{}' })
    expect(
      (await route.action({ request, params: {}, context: { clientIp: '127.0.0.1' } })).status,
    ).toBe(405)
  })
})

describe('/bobgo/webhook without Bob Go', () => {
  it('does not exist', async () => {
    vi.stubEnv('BOBGO_API_KEY', '')
    vi.resetModules()
    const off = await import('./bobgo.webhook')
    const body = JSON.stringify({ event_id: 'e', topic: 'tracking/updated', order_id: 1 })
    const request = new Request(`${APP_URL}/bobgo/webhook`, { method: 'POST', body })
    const thrown = await Promise.resolve(
      off.action({ request, params: {}, context: { clientIp: '127.0.0.1' } }),
    ).catch((error: unknown) => error)
    expect((thrown as Response).status).toBe(404)
  })
})
