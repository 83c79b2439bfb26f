import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { manualClock, type ManualClock } from '~/lib/clock.test-helper'
import { product } from '~/lib/data/contract.suite'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'
import { COLLECT_SHIPPING, draft, orderMoves } from '~/lib/orders/orders.test-helper'

import { FAKE_BOBGO_KEY, startFakeBobgo, type FakeBobgo } from '../../../test/fake-bobgo'
import { createBobgoClient } from './bobgo.server'
import { resyncOrder, testBobgoConnection } from './bobgo-admin.server'
import { createBobgoSyncJob, markPaidOrderForBobgo } from './bobgo-sync.server'

const APP_URL = 'https://shop.karoo.example'
const T0 = '2026-03-08T08:00:00.000Z'

let fake: FakeBobgo
let store: Store
let clock: ManualClock

const client = () =>
  createBobgoClient({ apiKey: FAKE_BOBGO_KEY, apiUrl: fake.url, channelIdentifier: APP_URL })
const deps = () => ({ store, client: client(), log: () => {} })

async function paid(id: string, shipping = null as typeof COLLECT_SHIPPING | null) {
  await store.orders.place({ ...draft([{ productId: 'rooibos', quantity: 1 }]), shipping }, id)
  await orderMoves(store.orders, clock).transition(id, 'paid', { pfPaymentId: '1' })
  return (await store.orders.get(id))!
}

beforeAll(async () => {
  fake = await startFakeBobgo({ channels: [APP_URL] })
})
afterAll(() => fake.close())
beforeEach(async () => {
  fake.reset()
  clock = manualClock(T0)
  store = memoryStore({ now: clock.now })
  await store.products.upsertMany([product('rooibos', { stock: 20 })])
})
afterEach(() => store.close())

describe('test connection', () => {
  it("answers Bob Go's verdict with when it was asked", async () => {
    expect(await testBobgoConnection(client(), clock.now)).toEqual({
      ok: true,
      message: 'Connected: Bob Go accepts the key for this shop.',
      testedAt: T0,
    })
    expect(await testBobgoConnection(null, clock.now)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/set BOBGO_API_KEY/),
    })
  })
})

describe('resync', () => {
  it('queues a paid order never sent, due now, and the job sends it', async () => {
    const order = await paid('ORDADMIN001')
    expect(await resyncOrder(order, deps())).toEqual({
      ok: true,
      message: 'Queued for Bob Go: it is sent within a minute',
    })
    expect((await store.orders.get(order.id))?.bobgo).toMatchObject({ state: 'pending', dueAt: T0 })
    expect((await createBobgoSyncJob(deps()).syncDue()).synced).toBe(1)
  })

  it("refreshes a synced order's shipments now, shipping it when one has a tracking number", async () => {
    const order = await paid('ORDADMIN002')
    await markPaidOrderForBobgo(store, order.id, true)
    await createBobgoSyncJob(deps()).syncDue()
    const synced = (await store.orders.get(order.id))!
    fake.setFulfillments(synced.bobgo!.bobgoOrderId!, [
      {
        shipment_id: 1,
        courier: 'Aramex',
        tracking_number: 'AX1',
        status: 'collected',
        tracking_events: [],
      },
    ])
    expect(await resyncOrder(synced, deps())).toEqual({
      ok: true,
      message: '1 shipment from Bob Go; order shipped',
    })
    expect((await store.orders.get(order.id))?.status).toBe('shipped')
    fake.setMode('error')
    expect(await resyncOrder((await store.orders.get(order.id))!, deps())).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Bob Go could not be asked: .*500/),
    })
  })

  it('refuses collection orders, unpaid ones, and a shop without Bob Go', async () => {
    const collect = await paid('ORDADMIN003', COLLECT_SHIPPING)
    expect(await resyncOrder(collect, deps())).toMatchObject({ ok: false })
    await store.orders.place(draft([{ productId: 'rooibos', quantity: 1 }]), 'ORDADMIN004')
    const unpaid = (await store.orders.get('ORDADMIN004'))!
    expect(await resyncOrder(unpaid, deps())).toEqual({
      ok: false,
      message: 'Only paid orders go to Bob Go',
    })
    expect(await resyncOrder(unpaid, null)).toMatchObject({ ok: false })
    expect((await store.orders.get('ORDADMIN004'))?.bobgo).toBeNull()
  })
})
