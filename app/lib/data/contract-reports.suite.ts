import { describe, expect, it } from 'vitest'

import { orderMoves } from '~/lib/orders/orders.test-helper'
import { refundOrder, type RefundDeps } from '~/lib/orders/refunds.server'

import { draft, manualClock, product, storePerTest, type ContractHarness } from './contract.suite'
import type { CursorPage, PeriodPageRequest, Store } from './store'

/**
 * The reads behind reports and exports (docs/decisions/033), on both adapters: the orders invoiced
 * in a period (paid in it), the credit notes issued in it, each walked a page at a time by a
 * cursor that neither repeats nor skips records sharing one instant; and which customers had
 * bought before a period. Runs with the same harness as contract.suite.ts.
 */

// Midnight in South Africa (UTC+2) on 1 March 2026 is 22:00 UTC on 28 February.
const MARCH_STARTS = '2026-02-28T22:00:00.000Z'
const APRIL_STARTS = '2026-03-31T22:00:00.000Z'
const before = (ms: number) => new Date(Date.parse(MARCH_STARTS) - ms).toISOString()
const after = (ms: number) => new Date(Date.parse(MARCH_STARTS) + ms).toISOString()

let seq = 0
const newOrderId = () => `RP${Date.now().toString(36).toUpperCase()}${(seq++).toString(36)}`

async function readAll<T>(
  read: (query: PeriodPageRequest) => Promise<CursorPage<T>>,
  from: string,
  to: string,
  limit: number,
): Promise<T[]> {
  const items: T[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 50; pages++) {
    const page: CursorPage<T> = await read({ from, to, after: cursor, limit })
    items.push(...page.items)
    cursor = page.next
    if (!cursor) return items
  }
  throw new Error('the cursor never ended')
}

export function describeReportsContract(name: string, harness: ContractHarness): void {
  describe(`reports' reads: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(before(3_600_000))
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([product('tea', { stock: 100 })])
      return store
    })

    const moves = () => orderMoves(store.orders, clock)
    async function paidAt(at: string, email = 'thandi@example.co.za') {
      clock.set(before(7_200_000))
      const placed = await store.orders.place(
        { ...draft([{ productId: 'tea', quantity: 1 }], 'user-1'), email },
        newOrderId(),
      )
      return moves().transition(placed.id, 'paid', { pfPaymentId: placed.id, at })
    }
    const deps = (): RefundDeps => ({
      store,
      mail: { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' },
      log: { error: () => {}, warn: () => {} },
      payfast: async () => ({ ok: true, reference: 'pf-refund' }),
    })
    async function refundAt(orderId: string, at: string, key: string, amountCents = 1_000) {
      clock.set(at)
      const refunded = await refundOrder(deps(), orderId, {
        key,
        amountCents,
        reason: 'Damaged in transit',
        restock: [],
        cardTo: 'card',
        by: 'staff@shop.example.co.za',
      })
      expect(refunded).toMatchObject({ ok: true })
    }

    it('lists the orders paid in the period, by invoice time, never an unpaid one or one paid outside it', async () => {
      const lastFebruary = await paidAt(before(1))
      const firstMarch = await paidAt(MARCH_STARTS)
      const laterMarch = await paidAt(after(86_400_000))
      const firstApril = await paidAt(APRIL_STARTS)
      clock.set(after(1_000))
      await store.orders.place(draft([{ productId: 'tea', quantity: 1 }]), newOrderId())

      const march = await readAll(
        (q) => store.orders.listInvoiced(q),
        MARCH_STARTS,
        APRIL_STARTS,
        10,
      )
      expect(march.map((order) => order.id)).toEqual([firstMarch.id, laterMarch.id])
      expect(march[0]).toMatchObject({ invoice: firstMarch.invoice, lines: firstMarch.lines })
      const february = await readAll(
        (q) => store.orders.listInvoiced(q),
        before(86_400_000),
        MARCH_STARTS,
        10,
      )
      expect(february.map((order) => order.id)).toEqual([lastFebruary.id])
      expect(firstApril.invoice?.issuedAt).toBe(APRIL_STARTS)
    })

    it('walks many orders paid at one instant a page at a time, each once', async () => {
      const paid = []
      for (let i = 0; i < 7; i++) paid.push(await paidAt(after(60_000)))
      const pages: number[] = []
      const all = await readAll(
        async (q) => {
          const page = await store.orders.listInvoiced(q)
          pages.push(page.items.length)
          return page
        },
        MARCH_STARTS,
        APRIL_STARTS,
        3,
      )
      expect(all.map((order) => order.id)).toEqual(paid.map((order) => order.id).sort())
      expect(pages).toEqual([3, 3, 1])
    })

    it('lists the credit notes issued in the period with their refund and order, whenever the order was paid', async () => {
      const paidInFebruary = await paidAt(before(86_400_000))
      await refundAt(paidInFebruary.id, before(1), 'late-feb', 500)
      await refundAt(paidInFebruary.id, MARCH_STARTS, 'first-march', 1_000)
      await refundAt(paidInFebruary.id, after(3_600_000), 'march-2', 2_000)
      const paidInMarch = await paidAt(after(7_200_000))
      await refundAt(paidInMarch.id, after(7_200_000), 'march-3', 3_000)

      const march = await readAll(
        (q) => store.orders.listCreditNotes(q),
        MARCH_STARTS,
        APRIL_STARTS,
        2,
      )
      expect(march.map((note) => [note.order.id, note.refund.id, note.refund.amountCents])).toEqual(
        [
          [paidInFebruary.id, 'first-march', 1_000],
          [paidInFebruary.id, 'march-2', 2_000],
          [paidInMarch.id, 'march-3', 3_000],
        ],
      )
      expect(march[0]!.refund.creditNote).toEqual({
        number: 'CN-000002',
        issuedAt: MARCH_STARTS,
      })
      expect(march[0]!.order.invoice?.number).toBe(paidInFebruary.invoice?.number)
    })

    it('tells which customers bought before the period, in any case of their email', async () => {
      await paidAt(before(86_400_000), 'Regular@Example.co.za')
      await paidAt(after(1_000), 'new@example.co.za')
      clock.set(before(1_000))
      // Placed before the period but never paid: not a purchase.
      await store.orders.place(
        { ...draft([{ productId: 'tea', quantity: 1 }]), email: 'browser@example.co.za' },
        newOrderId(),
      )
      const found = await store.orders.emailsInvoicedBefore(
        ['regular@example.co.za', 'NEW@example.co.za', 'browser@example.co.za'],
        MARCH_STARTS,
      )
      expect([...found]).toEqual(['regular@example.co.za'])
      // Asked about more emails than one query takes (Firestore's `in` takes 30).
      const many = Array.from({ length: 40 }, (_, i) => `someone${i}@example.co.za`)
      many.splice(34, 0, 'REGULAR@example.co.za')
      expect(await store.orders.emailsInvoicedBefore(many, MARCH_STARTS)).toEqual(
        new Set(['regular@example.co.za']),
      )
      expect(await store.orders.emailsInvoicedBefore([], MARCH_STARTS)).toEqual(new Set())
    })
  })
}
