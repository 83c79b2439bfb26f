import { describe, expect, it } from 'vitest'

import { orderMoves } from '~/lib/orders/orders.test-helper'
import type { TrackedShipment } from '~/lib/shipping/types'

import { draft, manualClock, product, type ContractHarness, storePerTest } from './contract.suite'
import type { Store } from './store'

const T0 = '2026-03-01T10:00:00.000Z'
const minutes = (n: number, from = T0) => new Date(Date.parse(from) + n * 60_000).toISOString()
const LEASE_MS = 5 * 60_000

const SHIPMENT: TrackedShipment = {
  courier: 'The Courier Guy · Economy',
  trackingNumber: 'TCG123',
  trackingUrl: 'https://track.example/TCG123',
  status: 'in-transit',
  events: [
    {
      at: '2026-03-02T07:30:00.000Z',
      status: 'in-transit',
      message: 'At the hub',
      location: 'Kimberley',
    },
    { at: '2026-03-02T06:00:00.000Z', status: 'collected', message: 'Collected', location: null },
  ],
  source: 'bobgo',
  shipmentId: '77',
}

/**
 * Orders' way through Bob Go (docs/contracts.md "Shipping": Bob Go) as every data adapter keeps it:
 * a paid order marked once, claimed by one sync job at a time under a lease, recorded synced or
 * failed with its retry, its shipments replaced as Bob Go reports them, webhook events taken once.
 * Runs with the same harness as contract.suite.ts.
 */
export function describeBobgoContract(name: string, harness: ContractHarness): void {
  describe(`Bob Go contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([product('rooibos', { stock: 50 })])
      return store
    })
    /** The Bob Go store at the time `at`: the store's clock, which stamps and judges what is due. */
    const bobgoAt = (at: string) => {
      clock.set(at)
      return store.bobgo
    }
    /** Places an order at T0 and, unless told otherwise, pays it then. */
    async function order(id: string, paid = true) {
      clock.set(T0)
      await store.orders.place(draft([{ productId: 'rooibos', quantity: 1 }]), id)
      if (paid) {
        await orderMoves(store.orders, clock).transition(id, 'paid', { pfPaymentId: '1', at: T0 })
      }
      return id
    }

    it('marks a paid order once: pending, due now, no attempts yet', async () => {
      await order('ORDPAID0001')
      expect((await store.orders.get('ORDPAID0001'))?.bobgo).toBeNull()
      expect((await store.orders.get('ORDPAID0001'))?.shipments).toEqual([])
      expect(await bobgoAt(minutes(1)).markForSync('ORDPAID0001')).toBe(true)
      expect((await store.orders.get('ORDPAID0001'))?.bobgo).toEqual({
        state: 'pending',
        bobgoOrderId: null,
        attempts: 0,
        lastError: null,
        dueAt: minutes(1),
      })
      expect(await bobgoAt(minutes(2)).markForSync('ORDPAID0001')).toBe(false)
      expect((await store.orders.get('ORDPAID0001'))?.bobgo?.dueAt).toBe(minutes(1))
    })

    it('leaves unpaid and unknown orders unmarked', async () => {
      await order('ORDUNPAID01', false)
      expect(await store.bobgo.markForSync('ORDUNPAID01')).toBe(false)
      expect((await store.orders.get('ORDUNPAID01'))?.bobgo).toBeNull()
      expect(await store.bobgo.markForSync('NOSUCHORDER')).toBe(false)
      expect(await store.bobgo.retrySync('NOSUCHORDER')).toBeNull()
    })

    it('hands a due sync to one claimer at a time, again once its lease ran out', async () => {
      await order('ORDCLAIM001')
      await bobgoAt(T0).markForSync('ORDCLAIM001')
      const [first, second] = await Promise.all([
        bobgoAt(minutes(1)).claimDue(LEASE_MS, 5),
        store.bobgo.claimDue(LEASE_MS, 5),
      ])
      const claimed = [...first!, ...second!]
      expect(claimed.map((o) => o.id)).toEqual(['ORDCLAIM001'])
      expect(claimed[0]!.bobgo).toMatchObject({ state: 'pending', attempts: 1, dueAt: minutes(6) })
      expect(await bobgoAt(minutes(5)).claimDue(LEASE_MS, 5)).toEqual([])
      expect(await store.bobgo.nextDueAt()).toBe(minutes(6))
      // The job that claimed it died: the next one takes it over.
      const again = await bobgoAt(minutes(6)).claimDue(LEASE_MS, 5)
      expect(again.map((o) => [o.id, o.bobgo?.attempts])).toEqual([['ORDCLAIM001', 2]])
    })

    it('claims the earliest due first, up to the limit', async () => {
      for (const id of ['ORDLIMIT001', 'ORDLIMIT002', 'ORDLIMIT003']) await order(id)
      await bobgoAt(minutes(3)).markForSync('ORDLIMIT001')
      await bobgoAt(minutes(1)).markForSync('ORDLIMIT002')
      await bobgoAt(minutes(2)).markForSync('ORDLIMIT003')
      expect(await store.bobgo.nextDueAt()).toBe(minutes(1))
      const claimed = await bobgoAt(minutes(10)).claimDue(LEASE_MS, 2)
      expect(claimed.map((o) => o.id)).toEqual(['ORDLIMIT002', 'ORDLIMIT003'])
    })

    it('retries a failure when it falls due, and gives up when told', async () => {
      await order('ORDFAIL0001')
      await bobgoAt(T0).markForSync('ORDFAIL0001')
      await bobgoAt(minutes(1)).claimDue(LEASE_MS, 1)
      await store.bobgo.recordFailure(
        'ORDFAIL0001',
        'order ORDFAIL0001: Bob Go answered 500\n  at somewhere',
        minutes(2),
      )
      expect((await store.orders.get('ORDFAIL0001'))?.bobgo).toEqual({
        state: 'pending',
        bobgoOrderId: null,
        attempts: 1,
        lastError: 'order ORDFAIL0001: Bob Go answered 500 at somewhere',
        dueAt: minutes(2),
      })
      expect(await bobgoAt(minutes(1.5)).claimDue(LEASE_MS, 1)).toEqual([])
      expect(await bobgoAt(minutes(2)).claimDue(LEASE_MS, 1)).toHaveLength(1)
      await store.bobgo.recordFailure('ORDFAIL0001', 'Bob Go answered 422', null)
      expect((await store.orders.get('ORDFAIL0001'))?.bobgo).toMatchObject({
        state: 'failed',
        attempts: 2,
        dueAt: null,
      })
      expect(await bobgoAt(minutes(60)).claimDue(LEASE_MS, 1)).toEqual([])
      expect(await store.bobgo.nextDueAt()).toBeNull()
      // Staff's resync: due now with a fresh count.
      const retried = await bobgoAt(minutes(61)).retrySync('ORDFAIL0001')
      expect(retried?.bobgo).toEqual({
        state: 'pending',
        bobgoOrderId: null,
        attempts: 0,
        lastError: null,
        dueAt: minutes(61),
      })
    })

    it('records a synced order with Bob Go id, findable by it, never claimed or resynced again', async () => {
      await order('ORDSYNC0001')
      await bobgoAt(T0).markForSync('ORDSYNC0001')
      await bobgoAt(minutes(1)).claimDue(LEASE_MS, 1)
      await store.bobgo.recordSynced('ORDSYNC0001', '5001')
      const synced = await store.orders.get('ORDSYNC0001')
      expect(synced?.bobgo).toEqual({
        state: 'synced',
        bobgoOrderId: '5001',
        attempts: 1,
        lastError: null,
        dueAt: null,
      })
      expect((await store.bobgo.findByBobgoOrderId('5001'))?.id).toBe('ORDSYNC0001')
      expect(await store.bobgo.findByBobgoOrderId('5002')).toBeNull()
      expect(await bobgoAt(minutes(30)).claimDue(LEASE_MS, 5)).toEqual([])
      expect((await store.bobgo.retrySync('ORDSYNC0001'))?.bobgo).toEqual(synced?.bobgo)
    })

    it('sends an order staff resync that was never marked, and skips one shipped meanwhile', async () => {
      await order('ORDNEVER001')
      expect((await bobgoAt(minutes(1)).retrySync('ORDNEVER001'))?.bobgo).toMatchObject({
        state: 'pending',
        dueAt: minutes(1),
      })
      await order('ORDSHIPPED1')
      await bobgoAt(T0).markForSync('ORDSHIPPED1')
      await orderMoves(store.orders, clock).transition('ORDSHIPPED1', 'shipped', {
        shipment: { courier: 'PostNet', trackingNumber: 'PN1' },
        at: minutes(1),
      })
      const claimed = await bobgoAt(minutes(2)).claimDue(LEASE_MS, 5)
      expect(claimed.map((o) => o.id)).toEqual(['ORDNEVER001'])
    })

    it("replaces an order's shipments, writing nothing when they are the same", async () => {
      await order('ORDSHIP0001')
      const saved = await bobgoAt(minutes(5)).saveShipments('ORDSHIP0001', [SHIPMENT])
      expect(saved?.shipments).toEqual([SHIPMENT])
      expect(saved?.updatedAt).toBe(minutes(5))
      const same = await bobgoAt(minutes(6)).saveShipments('ORDSHIP0001', [
        { ...SHIPMENT, events: SHIPMENT.events.map((event) => ({ ...event })) },
      ])
      expect(same?.updatedAt).toBe(minutes(5))
      const delivered = { ...SHIPMENT, status: 'delivered' }
      expect((await store.bobgo.saveShipments('ORDSHIP0001', [delivered]))?.shipments).toEqual([
        delivered,
      ])
      expect(await store.bobgo.saveShipments('NOSUCHORDER', [SHIPMENT])).toBeNull()
    })

    it('keeps the sync state and shipments through the order moves', async () => {
      await order('ORDMOVES001')
      await bobgoAt(T0).markForSync('ORDMOVES001')
      await store.bobgo.recordSynced('ORDMOVES001', '6001')
      await store.bobgo.saveShipments('ORDMOVES001', [SHIPMENT])
      const shipped = await orderMoves(store.orders, clock).transition('ORDMOVES001', 'shipped', {
        shipment: { courier: SHIPMENT.courier, trackingNumber: SHIPMENT.trackingNumber },
        at: minutes(3),
      })
      expect(shipped.shipments).toEqual([SHIPMENT])
      expect(shipped.bobgo).toMatchObject({ state: 'synced', bobgoOrderId: '6001' })
      expect(await store.orders.get('ORDMOVES001')).toEqual(shipped)
    })

    it('lists synced orders on their way by id, a batch at a time', async () => {
      const ids = ['ORDTRANS001', 'ORDTRANS002', 'ORDTRANS003', 'ORDTRANS004', 'ORDTRANS005']
      for (const [i, id] of ids.entries()) {
        await order(id)
        await bobgoAt(T0).markForSync(id)
        if (i !== 3) await store.bobgo.recordSynced(id, String(7000 + i))
      }
      const moves = orderMoves(store.orders, clock)
      await moves.transition('ORDTRANS002', 'shipped', {
        shipment: { courier: 'RAM', trackingNumber: 'R2' },
      })
      await moves.transition('ORDTRANS005', 'shipped', {
        shipment: { courier: 'RAM', trackingNumber: 'R5' },
      })
      await moves.transition('ORDTRANS005', 'delivered')
      const first = await store.bobgo.listInTransit(null, 2)
      expect(first.map((o) => o.id)).toEqual(['ORDTRANS001', 'ORDTRANS002'])
      const rest = await store.bobgo.listInTransit('ORDTRANS002', 2)
      // 004 was never synced, 005 is delivered.
      expect(rest.map((o) => o.id)).toEqual(['ORDTRANS003'])
    })

    it('takes each webhook event once, and again once given back', async () => {
      expect(await store.bobgo.claimEvent('evt/1:a', 'tracking/updated')).toBe(true)
      expect(await store.bobgo.claimEvent('evt/1:a', 'tracking/updated')).toBe(false)
      expect(await store.bobgo.claimEvent('evt/2', 'fulfillment/created')).toBe(true)
      await store.bobgo.releaseEvent('evt/1:a')
      expect(await store.bobgo.claimEvent('evt/1:a', 'tracking/updated')).toBe(true)
      await store.bobgo.releaseEvent('never-seen')
    })
  })
}
