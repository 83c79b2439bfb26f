import type { CursorPage, IssuedCreditNote, Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'

import {
  categorySales,
  customerSplit,
  salesTally,
  type CategorySales,
  type DaySales,
  type DiscountUse,
  type PaymentUse,
  type ProductSales,
  type SalesTotals,
} from './figures'
import { periodInstants, previousPeriod, type DayPeriod } from './period'
import { vatTally, type VatDocument, type VatMonth } from './vat'

/** Orders or credit notes read per store page while a report or export walks a period. */
export const REPORT_PAGE_SIZE = 250

/** How many best sellers the report lists. */
export const TOP_PRODUCTS = 10

/** Every item of a cursor-paged read, one page of the store at a time. */
async function* everyItem<T>(
  readPage: (after: string | null) => Promise<CursorPage<T>>,
): AsyncGenerator<T> {
  let after: string | null = null
  do {
    const page: CursorPage<T> = await readPage(after)
    yield* page.items
    after = page.next
  } while (after)
}

/** The orders paid in `period` (SAST days), oldest invoice first, read a page at a time. */
export function invoicedOrders(
  store: Store,
  period: DayPeriod,
  pageSize = REPORT_PAGE_SIZE,
): AsyncGenerator<Order> {
  const { from, to } = periodInstants(period)
  return everyItem((after) => store.orders.listInvoiced({ from, to, after, limit: pageSize }))
}

/** The credit notes issued in `period`, oldest first, read a page at a time. */
export function issuedCreditNotes(
  store: Store,
  period: DayPeriod,
  pageSize = REPORT_PAGE_SIZE,
): AsyncGenerator<IssuedCreditNote> {
  const { from, to } = periodInstants(period)
  return everyItem((after) => store.orders.listCreditNotes({ from, to, after, limit: pageSize }))
}

export type SalesReport = {
  period: DayPeriod
  previous: DayPeriod
  totals: SalesTotals
  previousTotals: SalesTotals
  days: DaySales[]
  products: ProductSales[]
  categories: CategorySales[]
  discounts: DiscountUse[]
  payments: PaymentUse
  customers: { customers: number; new: number; returning: number }
  previousCustomers: { customers: number; new: number; returning: number }
}

async function tallyPeriod(store: Store, period: DayPeriod, vatRegistered: boolean) {
  const tally = salesTally(period, { vatRegistered })
  for await (const order of invoicedOrders(store, period)) tally.addOrder(order)
  for await (const note of issuedCreditNotes(store, period)) tally.addCreditNote(note)
  const buyers = tally.customers()
  const before = await store.orders.emailsInvoicedBefore([...buyers], periodInstants(period).from)
  return { tally, customers: customerSplit(buyers, before) }
}

/** The sales report for `period` beside the period of the same length before it. */
export async function salesReport(
  store: Store,
  period: DayPeriod,
  { vatRegistered }: { vatRegistered: boolean },
): Promise<SalesReport> {
  const previous = previousPeriod(period)
  const [current, earlier] = await Promise.all([
    tallyPeriod(store, period, vatRegistered),
    tallyPeriod(store, previous, vatRegistered),
  ])
  const sold = current.tally.products(Number.POSITIVE_INFINITY)
  const products = await store.products.getMany(sold.map((p) => p.productId))
  const categoryOf = new Map(
    products.map((p) => [p.id, { category: p.category, name: p.categoryName }] as const),
  )
  return {
    period,
    previous,
    totals: current.tally.totals(),
    previousTotals: earlier.tally.totals(),
    days: current.tally.days(),
    products: sold.slice(0, TOP_PRODUCTS),
    categories: categorySales(sold, categoryOf),
    discounts: current.tally.discounts(),
    payments: current.tally.payments(),
    customers: current.customers,
    previousCustomers: earlier.customers,
  }
}

export type VatSummary = {
  period: DayPeriod
  vatRegistered: boolean
  months: VatMonth[]
  totals: Omit<VatMonth, 'month'>
  documents: VatDocument[]
  documentCount: number
}

/** The VAT summary of `period` with the documents of one page (`offset`, `limit`). */
export async function vatSummary(
  store: Store,
  period: DayPeriod,
  { vatRegistered, offset, limit }: { vatRegistered: boolean; offset: number; limit: number },
): Promise<VatSummary> {
  const tally = vatTally({ vatRegistered }, { offset, limit })
  for await (const order of invoicedOrders(store, period)) tally.addInvoice(order)
  for await (const note of issuedCreditNotes(store, period)) tally.addCreditNote(note)
  return {
    period,
    vatRegistered,
    months: tally.months(),
    totals: tally.totals(),
    documents: tally.documents(),
    documentCount: tally.documentCount(),
  }
}
