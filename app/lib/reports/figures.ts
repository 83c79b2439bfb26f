import type { IssuedCreditNote } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import { vatIncluded } from '~/lib/money'

import { daysOf, sastDay, type DayPeriod } from './period'

/*
 * A sales report's figures (docs/decisions/033), in integer cents, VAT included, from what each
 * order stored when it was placed: its lines' prices, its discounts, its delivery, its refunds.
 * Today's prices never enter.
 *
 * What counts: an order counts once it is paid, on the day it was paid (its invoice's issue time:
 * the pay move issues it); a refund counts on the day it was made (its credit note's issue time),
 * whenever its order was paid. Gift cards and store credit are payments, not discounts: an order
 * paid partly by card sells as much as one paid by PayFast.
 *
 * The tally takes the period's orders and credit notes one at a time, so a report over 10 000
 * orders holds the sums, never the orders.
 */

export type SalesTotals = {
  /** Σ lines at their snapshot prices, before discounts. */
  grossCents: number
  /** Σ discounts on the items (codes and offers). */
  discountCents: number
  /** Σ money paid back in the period (PayFast, gift cards and store credit alike). */
  refundCents: number
  /** gross − discounts − refunds. */
  netCents: number
  /** Σ delivery charged: each order's delivery less any free-delivery discount. */
  deliveryCents: number
  /** net + delivery: Σ order totals less refunds. */
  totalCents: number
  /** Output VAT of the orders (15/115 of each total, as its invoice) less that of the refunds. */
  vatCents: number
  orders: number
  /** Σ order totals ÷ orders, rounded to the cent; 0 without orders. */
  averageOrderCents: number
  units: number
}

export type DaySales = {
  /** SAST `YYYY-MM-DD`. */
  day: string
  orders: number
  /** Σ totals of the orders paid that day. */
  salesCents: number
  refundCents: number
  /** sales − refunds. */
  netCents: number
}

export type ProductSales = {
  productId: string
  /** The name on the newest order line seen (its snapshot). */
  name: string
  units: number
  /** Σ lines at their snapshot prices, before order discounts. */
  salesCents: number
}

export type CategorySales = { category: string; name: string; units: number; salesCents: number }

export type DiscountUse = {
  /** The code given, or the offer's label for an automatic one. */
  name: string
  automatic: boolean
  orders: number
  discountCents: number
}

export type PaymentUse = {
  giftCardOrders: number
  giftCardCents: number
  storeCreditOrders: number
  storeCreditCents: number
}

export type SalesTally = {
  addOrder(order: Order): void
  addCreditNote(note: IssuedCreditNote): void
  totals(): SalesTotals
  days(): DaySales[]
  /** Best sellers by sales, ties by units then name; `limit` of them. */
  products(limit: number): ProductSales[]
  discounts(): DiscountUse[]
  payments(): PaymentUse
  /** Lower-cased emails of the period's buyers. */
  customers(): Set<string>
}

/**
 * An empty tally for `period`. `vatRegistered`: a shop without a VAT number issues plain invoices
 * that charge no VAT (app/lib/documents/invoice.ts), so its VAT figure is 0.
 */
export function salesTally(period: DayPeriod, { vatRegistered }: { vatRegistered: boolean }) {
  const totals = {
    grossCents: 0,
    discountCents: 0,
    refundCents: 0,
    deliveryCents: 0,
    orderTotalCents: 0,
    vatCents: 0,
    orders: 0,
    units: 0,
  }
  const byDay = new Map(
    daysOf(period).map((day) => [day, { day, orders: 0, salesCents: 0, refundCents: 0 }]),
  )
  const byProduct = new Map<string, ProductSales>()
  const byDiscount = new Map<string, DiscountUse>()
  const payments: PaymentUse = {
    giftCardOrders: 0,
    giftCardCents: 0,
    storeCreditOrders: 0,
    storeCreditCents: 0,
  }
  const customers = new Set<string>()
  const vat = (cents: number) => (vatRegistered ? vatIncluded(cents) : 0)

  const tally: SalesTally = {
    addOrder(order) {
      if (!order.invoice) return
      totals.orders += 1
      totals.orderTotalCents += order.totalCents
      totals.vatCents += vat(order.totalCents)
      let deliveryDiscount = 0
      for (const discount of order.discounts) {
        if (discount.on === 'delivery') deliveryDiscount += discount.amountCents
        else totals.discountCents += discount.amountCents
        if (discount.amountCents <= 0) continue
        const name = discount.code ?? discount.label
        const use = byDiscount.get(name) ?? {
          name,
          automatic: discount.code === null,
          orders: 0,
          discountCents: 0,
        }
        use.orders += 1
        use.discountCents += discount.amountCents
        byDiscount.set(name, use)
      }
      totals.deliveryCents += Math.max(0, order.shippingCents - deliveryDiscount)
      for (const line of order.lines) {
        const cents = line.unitPriceCents * line.quantity
        totals.grossCents += cents
        totals.units += line.quantity
        const sold = byProduct.get(line.productId) ?? {
          productId: line.productId,
          name: line.name,
          units: 0,
          salesCents: 0,
        }
        sold.units += line.quantity
        sold.salesCents += cents
        sold.name = line.name
        byProduct.set(line.productId, sold)
      }
      const cards = order.giftCards.reduce((sum, card) => sum + card.amountCents, 0)
      if (cards > 0) {
        payments.giftCardOrders += 1
        payments.giftCardCents += cards
      }
      if (order.storeCreditCents > 0) {
        payments.storeCreditOrders += 1
        payments.storeCreditCents += order.storeCreditCents
      }
      customers.add(order.email.trim().toLowerCase())
      const day = byDay.get(sastDay(order.invoice.issuedAt))
      if (day) {
        day.orders += 1
        day.salesCents += order.totalCents
      }
    },
    addCreditNote({ refund }) {
      totals.refundCents += refund.amountCents
      totals.vatCents -= vat(refund.amountCents)
      const day = byDay.get(sastDay(refund.creditNote.issuedAt))
      if (day) day.refundCents += refund.amountCents
    },
    totals() {
      const netCents = totals.grossCents - totals.discountCents - totals.refundCents
      return {
        grossCents: totals.grossCents,
        discountCents: totals.discountCents,
        refundCents: totals.refundCents,
        netCents,
        deliveryCents: totals.deliveryCents,
        totalCents: totals.orderTotalCents - totals.refundCents,
        vatCents: totals.vatCents,
        orders: totals.orders,
        averageOrderCents: totals.orders ? Math.round(totals.orderTotalCents / totals.orders) : 0,
        units: totals.units,
      }
    },
    days() {
      return [...byDay.values()].map((day) => ({
        ...day,
        netCents: day.salesCents - day.refundCents,
      }))
    },
    products(limit) {
      return [...byProduct.values()]
        .sort(
          (a, b) =>
            b.salesCents - a.salesCents || b.units - a.units || a.name.localeCompare(b.name),
        )
        .slice(0, limit)
    },
    discounts() {
      return [...byDiscount.values()].sort(
        (a, b) => b.discountCents - a.discountCents || a.name.localeCompare(b.name),
      )
    },
    payments: () => ({ ...payments }),
    customers: () => new Set(customers),
  }
  return tally
}

/**
 * Sales by category from the products' sales: each product in its category as the catalogue has
 * it now (order lines keep no category; a product since deleted is "Uncategorised"), best first.
 */
export function categorySales(
  products: readonly ProductSales[],
  categoryOf: ReadonlyMap<string, { category: string; name: string }>,
): CategorySales[] {
  const byCategory = new Map<string, CategorySales>()
  for (const product of products) {
    const { category, name } = categoryOf.get(product.productId) ?? {
      category: '',
      name: 'Uncategorised',
    }
    const sales = byCategory.get(category) ?? { category, name, units: 0, salesCents: 0 }
    sales.units += product.units
    sales.salesCents += product.salesCents
    byCategory.set(category, sales)
  }
  return [...byCategory.values()].sort(
    (a, b) => b.salesCents - a.salesCents || a.name.localeCompare(b.name),
  )
}

/** New and returning buyers: returning ones bought (were invoiced) before the period began. */
export function customerSplit(buyers: ReadonlySet<string>, boughtBefore: ReadonlySet<string>) {
  let returning = 0
  for (const email of buyers) if (boughtBefore.has(email)) returning += 1
  return { customers: buyers.size, returning, new: buyers.size - returning }
}

/** The change from `previous` to `current`: null when there was nothing to compare with. */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10
}
