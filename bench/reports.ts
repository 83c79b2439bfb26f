// `npm run bench`'s reports step (also alone: `npx tsx bench/reports.ts`): seeds BENCH_ORDERS
// (default 10 000) paid orders over 60 days into a temporary SQLite store, one in twenty partly
// refunded, then times the sales report (a 30-day period and the one before), the VAT summary
// and each CSV export of the whole span (63 days), and prints the times, the rows and the
// process's peak memory. Prints figures; asserts nothing (docs/decisions/033).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { csvResponse, type Exporter } from '~/lib/csv/export.server'
import { openStore } from '~/lib/data/index.server'
import type { Store } from '~/lib/data/store'
import { withVariants } from '~/lib/data/variants'
import { moveOrder } from '~/lib/orders/move.server'
import { refundOrder } from '~/lib/orders/refunds.server'
import {
  exportCreditNotes,
  exportInvoices,
  exportOrderLines,
  exportOrders,
} from '~/lib/reports/exports.server'
import { addDays, sastDay } from '~/lib/reports/period'
import { salesReport, vatSummary } from '~/lib/reports/reports.server'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000)
const DAYS = 60
const PRODUCTS = 50
const START = Date.parse('2026-01-01T06:00:00.000Z')
const DAY_MS = 24 * 60 * 60 * 1000

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6

async function seed(store: Store, setNow: (at: number) => void) {
  await store.products.upsertMany(
    Array.from({ length: PRODUCTS }, (_, i) =>
      withVariants({
        id: `bench-${i}`,
        name: `Bench product ${i}`,
        description: 'For the reports benchmark',
        category: `category-${i % 8}`,
        categoryName: `Category ${i % 8}`,
        tags: [],
        priceCents: 5_000 + i * 1_000,
        compareAtCents: null,
        stock: 1_000_000,
        images: [],
        featuredRank: null,
        rating: { count: 0, sum: 0, distribution: [0, 0, 0, 0, 0] },
        createdAt: new Date(START).toISOString(),
        updatedAt: new Date(START).toISOString(),
      }),
    ),
  )
  for (let n = 0; n < ORDERS; n++) {
    const at = START + Math.floor((n / ORDERS) * DAYS * DAY_MS)
    setNow(at)
    const lines = [0, 1, 2].slice(0, 1 + (n % 3)).map((k) => {
      const i = (n * 7 + k * 13) % PRODUCTS
      return {
        productId: `bench-${i}`,
        variantId: `bench-${i}`,
        name: `Bench product ${i}`,
        options: [],
        unitPriceCents: 5_000 + i * 1_000,
        quantity: 1 + ((n + k) % 3),
        imageUrl: null,
      }
    })
    const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
    const shippingCents = subtotalCents >= 100_000 ? 0 : 9_900
    const totalCents = subtotalCents + shippingCents
    const id = `BENCH${String(n).padStart(6, '0')}`
    await store.orders.place(
      {
        userId: null,
        email: `buyer${n % 3_000}@example.co.za`,
        firstName: 'Thandi',
        lastName: 'Mokoena',
        phone: '082 123 4567',
        shippingAddress: {
          line1: '12 Long Street',
          line2: null,
          suburb: 'Gardens',
          city: 'Cape Town',
          province: 'Western Cape',
          postalCode: '8001',
        },
        lines,
        subtotalCents,
        shippingCents,
        totalCents,
        vatCents: Math.round((totalCents * 15) / 115),
      },
      id,
    )
    setNow(at + 60_000)
    await moveOrder({ orders: store.orders }, id, { move: 'pay', pfPaymentId: `pf-${id}` })
    if (n % 20 === 0) {
      setNow(at + 2 * DAY_MS)
      const refunded = await refundOrder(
        {
          store,
          payfast: async () => ({ ok: true, reference: `pf-refund-${id}` }),
          log: { error: () => {}, warn: () => {} },
        },
        id,
        {
          key: `refund-${id}`,
          amountCents: 1_000,
          reason: 'Bench',
          restock: [],
          cardTo: 'card',
          by: null,
        },
      )
      if (!refunded.ok) console.error(`refund of ${id} refused: ${refunded.message}`)
    }
  }
}

async function timeExport(
  name: string,
  exporter: Exporter,
  store: Store,
  from: string,
  to: string,
) {
  const start = process.hrtime.bigint()
  const response = csvResponse(exporter(store, { from, to }))
  let bytes = 0
  let rows = 0
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    rows += decoder.decode(value, { stream: true }).split('\n').length - 1
  }
  console.log(
    `  export ${name.padEnd(13)} ${ms(start).toFixed(0).padStart(6)} ms  ${String(rows - 1).padStart(6)} rows  ${(bytes / 1024).toFixed(0)} KiB`,
  )
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-reports-'))
  let now = START
  const store = await openStore({ backend: 'sqlite', dataDir: dir, now: () => new Date(now) })
  try {
    const seeding = process.hrtime.bigint()
    await seed(store, (at) => (now = at))
    console.log(
      `\nReports and exports: ${ORDERS} paid orders over ${DAYS} days (1 in 20 partly refunded), SQLite; seeded in ${(ms(seeding) / 1000).toFixed(1)} s`,
    )
    const first = sastDay(new Date(START))
    // Past the last order's refund (two days after its payment, which is on day 60 or 61).
    const last = addDays(first, DAYS + 2)
    const month = { from: addDays(last, -29), to: last }

    let start = process.hrtime.bigint()
    const report = await salesReport(store, month, { vatRegistered: true })
    console.log(
      `  sales report  ${ms(start).toFixed(0).padStart(6)} ms  ${report.totals.orders} orders in ${month.from}..${month.to} and ${report.previousTotals.orders} in the 30 days before`,
    )
    start = process.hrtime.bigint()
    const vat = await vatSummary(
      store,
      { from: first, to: last },
      { vatRegistered: true, offset: 0, limit: 25 },
    )
    console.log(
      `  VAT summary   ${ms(start).toFixed(0).padStart(6)} ms  ${vat.documentCount} documents in ${vat.months.length} months`,
    )
    for (const [name, exporter] of [
      ['orders', exportOrders],
      ['order-lines', exportOrderLines],
      ['invoices', exportInvoices],
      ['credit-notes', exportCreditNotes],
    ] as const) {
      await timeExport(name, exporter, store, first, last)
    }
    console.log(
      `  peak memory (RSS) ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB for the whole run`,
    )
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
