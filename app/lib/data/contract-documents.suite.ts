import { describe, expect, it } from 'vitest'

import { documentNumber } from '~/lib/documents/numbers'
import { orderMoves } from '~/lib/orders/orders.test-helper'

import { draft, manualClock, product, storePerTest, type ContractHarness } from './contract.suite'
import type { Store } from './store'

/**
 * Tax invoices in the store (DESIGN.md "After the sale"): the `pay` move numbers the order's
 * invoice from a gap-free counter in its own transaction, so numbers run 1, 2, 3... with no gap and
 * no repeat however many orders are paid at once, an order that is never paid uses none, and the
 * order keeps its invoice through its later moves. Runs with the same harness as contract.suite.ts.
 */

const T0 = '2025-12-01T08:00:00.000Z'
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString()

let seq = 0
const newOrderId = () =>
  `IN${Date.now().toString(36).toUpperCase()}${(seq++).toString().padStart(4, '0')}`

export function describeDocumentsContract(name: string, harness: ContractHarness): void {
  describe(`invoice numbers contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    const place = () =>
      store.orders.place(draft([{ productId: 'biltong', quantity: 1 }]), newOrderId())
    const moves = () => orderMoves(store.orders, clock)

    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([product('biltong', { stock: 100 })])
      return store
    })

    it('numbers the invoice when the order is paid, once, and never for an order left unpaid', async () => {
      const first = await place()
      const unpaid = await place()
      const second = await place()
      expect(first.invoice).toBeNull()

      const paid = await moves().transition(first.id, 'paid', { pfPaymentId: '1', at: minutes(5) })
      expect(paid.invoice).toEqual({ number: 'INV-000001', issuedAt: minutes(5) })
      expect((await store.orders.get(first.id))?.invoice).toEqual(paid.invoice)

      // An order cancelled unpaid takes no number: the next paid order has the next one.
      await moves().transition(unpaid.id, 'cancelled', { at: minutes(6) })
      expect((await store.orders.get(unpaid.id))?.invoice).toBeNull()
      const next = await moves().transition(second.id, 'paid', {
        pfPaymentId: '2',
        at: minutes(7),
      })
      expect(next.invoice).toEqual({ number: 'INV-000002', issuedAt: minutes(7) })

      // Later moves keep the invoice issued when it was paid.
      const later = await moves().transition(first.id, 'processing', { at: minutes(10) })
      expect(later.invoice).toEqual({ number: 'INV-000001', issuedAt: minutes(5) })
    })

    it('gives ten orders paid at once the numbers 1 to 10, each once', async () => {
      const orders = []
      for (let i = 0; i < 10; i++) orders.push(await place())
      const paid = await Promise.all(
        orders.map((order, i) =>
          moves().transition(order.id, 'paid', { pfPaymentId: String(100 + i) }),
        ),
      )
      const numbers = paid.map((order) => order.invoice?.number).sort()
      expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => documentNumber('INV', i + 1)))
      // As stored, not only as returned.
      const stored = await Promise.all(orders.map((order) => store.orders.get(order.id)))
      expect(stored.map((order) => order?.invoice?.number).sort()).toEqual(numbers)
    }, 60_000)
  })
}
