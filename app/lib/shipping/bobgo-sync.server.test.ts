import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { manualClock, type ManualClock } from '~/lib/clock.test-helper'
import { product } from '~/lib/data/contract.suite'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'
import { draft, orderMoves } from '~/lib/orders/orders.test-helper'

import {
  FAKE_BOBGO_KEY,
  startFakeBobgo,
  type FakeBobgo,
  type FakeBobgoShipment,
} from '../../../test/fake-bobgo'
import { createBobgoClient } from './bobgo.server'
import {
  bobgoAfterItn,
  createBobgoSyncJob,
  markPaidOrderForBobgo,
  refreshShipments,
  SHIPPED_BY_BOBGO_NOTE,
  type BobgoSyncDeps,
} from './bobgo-sync.server'
import type { OrderShipping } from './types'

const T0 = '2026-03-08T08:00:00.000Z'
const APP_URL = 'https://shop.karoo.example'

const BOBGO_RATE: OrderShipping = {
  id: 'bobgo:ECO',
  kind: 'bobgo',
  name: 'Economy',
  estimate: null,
  pickupPoint: null,
  serviceCode: 'ECO',
  collection: null,
}

const SHIPMENT: FakeBobgoShipment = {
  shipment_id: 77,
  courier: 'The Courier Guy',
  tracking_number: 'TCG123',
  tracking_url: 'https://track.example/TCG123',
  status: 'collected',
  tracking_events: [
    { timestamp: '2026-03-09T08:00:00+02:00', status: 'collected', message: 'Parcel collected' },
  ],
}

let fake: FakeBobgo
let store: Store
let clock: ManualClock
const logs: string[] = []

function deps(): BobgoSyncDeps {
  return {
    store,
    client: createBobgoClient({
      apiKey: FAKE_BOBGO_KEY,
      apiUrl: fake.url,
      channelIdentifier: APP_URL,
      log: (line) => logs.push(line),
    }),
    now: clock.now,
    log: (line) => logs.push(line),
  }
}

/** Places an order (by Bob Go's Economy unless told) and pays it. */
async function paidOrder(id: string, shipping: OrderShipping | null = BOBGO_RATE) {
  await store.orders.place({ ...draft([{ productId: 'rooibos', quantity: 2 }]), shipping }, id)
  await orderMoves(store.orders, clock).transition(id, 'paid', { pfPaymentId: '1089250' })
  return id
}

const shippedMails = async (orderId: string) =>
  (await store.outbox.list({ offset: 0, limit: 50, orderId })).items.filter((m) =>
    m.key.startsWith('order-shipped:'),
  )

beforeAll(async () => {
  fake = await startFakeBobgo({ channels: [APP_URL] })
})
afterAll(() => fake.close())
beforeEach(async () => {
  fake.reset()
  logs.length = 0
  clock = manualClock(T0)
  store = memoryStore({ now: clock.now })
  await store.products.upsertMany([product('rooibos', { stock: 50 })])
})
afterEach(() => store.close())

describe('marking paid orders for Bob Go', () => {
  it('marks an order going by courier, by Bob Go rate or table rates', async () => {
    await paidOrder('ORDBOBGO001')
    await paidOrder('ORDTABLE001', null)
    expect(await markPaidOrderForBobgo(store, 'ORDBOBGO001', true)).toBe(true)
    expect(await markPaidOrderForBobgo(store, 'ORDTABLE001', true)).toBe(true)
    expect((await store.orders.get('ORDBOBGO001'))?.bobgo).toMatchObject({ state: 'pending' })
  })

  it("marks the order an accepted ITN made paid, and nothing for the ITN's other outcomes", async () => {
    await paidOrder('ORDITNPAID1')
    await paidOrder('ORDITNFLAG1')
    const paid = { outcome: 'accepted', status: 'paid' as const }
    expect(await bobgoAfterItn(store, { ...paid, orderId: 'ORDITNPAID1' }, true)).toBe(true)
    expect(await bobgoAfterItn(store, { ...paid, orderId: 'ORDITNPAID1' }, false)).toBe(false)
    expect(
      await bobgoAfterItn(
        store,
        { outcome: 'flagged', status: 'paid', orderId: 'ORDITNFLAG1' },
        true,
      ),
    ).toBe(false)
    expect(
      await bobgoAfterItn(
        store,
        { outcome: 'accepted', status: 'cancelled', orderId: 'ORDITNFLAG1' },
        true,
      ),
    ).toBe(false)
    expect(await bobgoAfterItn(store, { outcome: 'rejected' }, true)).toBe(false)
    expect((await store.orders.get('ORDITNPAID1'))?.bobgo?.state).toBe('pending')
    expect((await store.orders.get('ORDITNFLAG1'))?.bobgo).toBeNull()
  })

  it('leaves collection, pickup points and a shop without Bob Go alone', async () => {
    await paidOrder('ORDCOLLECT1', {
      ...BOBGO_RATE,
      id: 'collect',
      kind: 'collect',
      serviceCode: null,
    })
    await paidOrder('ORDPICKUP01', {
      ...BOBGO_RATE,
      id: 'pickup:pup1',
      kind: 'pickup',
      serviceCode: null,
    })
    await paidOrder('ORDNOBOBGO1')
    expect(await markPaidOrderForBobgo(store, 'ORDCOLLECT1', true)).toBe(false)
    expect(await markPaidOrderForBobgo(store, 'ORDPICKUP01', true)).toBe(false)
    expect(await markPaidOrderForBobgo(store, 'ORDNOBOBGO1', false)).toBe(false)
    expect(await markPaidOrderForBobgo(store, 'NOSUCHORDER', true)).toBe(false)
    expect((await store.orders.get('ORDNOBOBGO1'))?.bobgo).toBeNull()
  })
})

describe('the sync job', () => {
  it('sends a paid order once, retried after a 500', async () => {
    await paidOrder('ORDSYNC0001')
    await markPaidOrderForBobgo(store, 'ORDSYNC0001', true)
    const job = createBobgoSyncJob(deps())
    fake.failNext(500)
    expect(await job.syncDue()).toEqual({ synced: 0, retrying: 1, failed: 0 })
    expect(fake.orders.size).toBe(0)
    expect((await store.orders.get('ORDSYNC0001'))?.bobgo).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'order ORDSYNC0001: Bob Go answered 500: forced 500',
      dueAt: '2026-03-08T08:01:00.000Z',
    })
    expect(logs.at(-1)).toMatch(/not synced \(attempt 1\).*next try at 2026-03-08T08:01:00.000Z/)
    // Not due yet.
    expect(await job.syncDue()).toEqual({ synced: 0, retrying: 0, failed: 0 })
    clock.advance(1)
    expect(await job.syncDue()).toEqual({ synced: 1, retrying: 0, failed: 0 })
    const synced = await store.orders.get('ORDSYNC0001')
    expect(synced?.bobgo).toMatchObject({ state: 'synced', attempts: 2, lastError: null })
    expect(synced?.bobgo?.bobgoOrderId).toBe(String(fake.orders.get('ORDSYNC0001')!.id))
    clock.advance(60)
    expect(await job.syncDue()).toEqual({ synced: 0, retrying: 0, failed: 0 })
    expect(fake.orders.size).toBe(1)
    expect(fake.calls('POST', '/v2/orders')).toHaveLength(2)
    const payload = fake.orders.get('ORDSYNC0001')!.payload
    expect(payload).toMatchObject({ channel_ref_id: 'ORDSYNC0001', service_code: 'ECO' })
    // The variant's weight, or the shop's default weight when it has none.
    expect((payload.items as { weight_kg?: number }[])[0]!.weight_kg).toBeGreaterThan(0)
  })

  it('never sends one order twice when two instances sync at once', async () => {
    for (const id of ['ORDRACE0001', 'ORDRACE0002', 'ORDRACE0003']) {
      await paidOrder(id)
      await markPaidOrderForBobgo(store, id, true)
    }
    const [a, b] = await Promise.all([
      createBobgoSyncJob(deps()).syncDue(),
      createBobgoSyncJob(deps()).syncDue(),
    ])
    expect(a!.synced + b!.synced).toBe(3)
    expect(fake.calls('POST', '/v2/orders')).toHaveLength(3)
    expect(fake.orders.size).toBe(3)
  })

  it('gives up at once on an order Bob Go refuses, until staff resync it', async () => {
    await paidOrder('ORDREFUSED1')
    await markPaidOrderForBobgo(store, 'ORDREFUSED1', true)
    fake.failNext(422)
    expect(await createBobgoSyncJob(deps()).syncDue()).toEqual({
      synced: 0,
      retrying: 0,
      failed: 1,
    })
    expect((await store.orders.get('ORDREFUSED1'))?.bobgo).toMatchObject({ state: 'failed' })
    await store.bobgo.retrySync('ORDREFUSED1')
    expect((await createBobgoSyncJob(deps()).syncDue()).synced).toBe(1)
  })

  it('wakes when this process marks an order, and stops cleanly', async () => {
    const job = createBobgoSyncJob({ ...deps(), pollMs: 60_000 })
    job.start()
    try {
      await paidOrder('ORDWAKE0001')
      await markPaidOrderForBobgo(store, 'ORDWAKE0001', true)
      await expect
        .poll(async () => (await store.orders.get('ORDWAKE0001'))?.bobgo?.state)
        .toBe('synced')
    } finally {
      await job.stop()
    }
  })
})

describe('shipments from Bob Go', () => {
  async function syncedOrder(id: string) {
    await paidOrder(id)
    await markPaidOrderForBobgo(store, id, true)
    await createBobgoSyncJob(deps()).syncDue()
    return String(fake.orders.get(id)!.id)
  }

  it('stores the shipments and ships the order once, with one shipped mail', async () => {
    const bobgoId = await syncedOrder('ORDTRACK001')
    // Nothing shipped yet.
    expect(await refreshShipments(deps(), 'ORDTRACK001')).toMatchObject({
      outcome: 'refreshed',
      shipped: false,
    })
    fake.setFulfillments(bobgoId, [SHIPMENT])
    const first = await refreshShipments(deps(), 'ORDTRACK001')
    expect(first).toMatchObject({ outcome: 'refreshed', shipped: true })
    const shipped = await store.orders.get('ORDTRACK001')
    expect(shipped?.status).toBe('shipped')
    expect(shipped?.shipment).toEqual({ courier: 'The Courier Guy', trackingNumber: 'TCG123' })
    expect(shipped?.history.at(-1)).toMatchObject({
      status: 'shipped',
      note: SHIPPED_BY_BOBGO_NOTE,
    })
    expect(shipped?.shipments).toEqual([
      {
        courier: 'The Courier Guy',
        trackingNumber: 'TCG123',
        trackingUrl: 'https://track.example/TCG123',
        status: 'collected',
        events: [
          {
            at: '2026-03-09T06:00:00.000Z',
            status: 'collected',
            message: 'Parcel collected',
            location: null,
          },
        ],
        source: 'bobgo',
        shipmentId: '77',
      },
    ])
    expect(await shippedMails('ORDTRACK001')).toHaveLength(1)
    // Tracking moves on: the events are stored, the order is not shipped twice.
    fake.setFulfillments(bobgoId, [
      {
        ...SHIPMENT,
        status: 'in-transit',
        tracking_events: [
          ...SHIPMENT.tracking_events,
          { timestamp: '2026-03-10T09:00:00+02:00', status: 'in-transit', message: 'At the hub' },
        ],
      },
    ])
    expect(await refreshShipments(deps(), 'ORDTRACK001')).toMatchObject({ shipped: false })
    const later = await store.orders.get('ORDTRACK001')
    expect(later?.shipments[0]!.events.map((e) => e.message)).toEqual([
      'At the hub',
      'Parcel collected',
    ])
    expect(later?.history.filter((h) => h.status === 'shipped')).toHaveLength(1)
    expect(await shippedMails('ORDTRACK001')).toHaveLength(1)
  })

  it('does not ship on a cancelled shipment, nor change anything while Bob Go fails', async () => {
    const bobgoId = await syncedOrder('ORDCANCEL01')
    fake.setFulfillments(bobgoId, [{ ...SHIPMENT, status: 'cancelled' }])
    expect(await refreshShipments(deps(), 'ORDCANCEL01')).toMatchObject({ shipped: false })
    expect((await store.orders.get('ORDCANCEL01'))?.status).toBe('paid')
    fake.failNext(500)
    expect(await refreshShipments(deps(), 'ORDCANCEL01')).toMatchObject({
      outcome: 'unavailable',
    })
    expect((await store.orders.get('ORDCANCEL01'))?.shipments).toHaveLength(1)
    expect(await refreshShipments(deps(), 'NOSUCHORDER')).toEqual({
      outcome: 'not-synced',
      order: null,
    })
  })

  it('reconciles every synced order on its way: the safety net for missed webhooks', async () => {
    const first = await syncedOrder('ORDRECON001')
    await syncedOrder('ORDRECON002')
    fake.setFulfillments(first, [SHIPMENT])
    const job = createBobgoSyncJob(deps())
    expect(await job.reconcile()).toEqual({ checked: 2, shipped: 1, unavailable: 0 })
    expect((await store.orders.get('ORDRECON001'))?.status).toBe('shipped')
    expect((await store.orders.get('ORDRECON002'))?.status).toBe('paid')
    // The shipped one is still followed for its tracking; a second run ships nothing more.
    expect(await job.reconcile()).toEqual({ checked: 2, shipped: 0, unavailable: 0 })
    fake.setMode('error')
    expect(await job.reconcile()).toEqual({ checked: 2, shipped: 0, unavailable: 2 })
    expect(logs.at(-1)).toMatch(/Bob Go reconciliation: order ORDRECON00\d not checked/)
  })
})
