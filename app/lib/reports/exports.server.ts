import { rands, type CsvValue, type Exporter, type ExportPeriod } from '~/lib/csv/export.server'
import type { Store } from '~/lib/data/store'
import { loadShopDetails } from '~/lib/legal/shop-details.server'
import { vatIncluded } from '~/lib/money'

import { sastDateTime } from './period'
import { invoicedOrders, issuedCreditNotes } from './reports.server'

/*
 * The bookkeeper's exports of a period (docs/contracts.md "Reports and CSV"): orders and their
 * lines as paid in the period (by invoice time, as the reports count them), the invoices and the
 * credit notes issued in it. Each streams the store a page at a time. Times are SAST wall clock.
 */

const fileName = (kind: string, period: ExportPeriod) =>
  `${kind}-${period.from}-to-${period.to}.csv`

/** VAT as the documents show it: none for a shop without a VAT number (plain invoices). */
async function vatOf(store: Store): Promise<(cents: number) => number> {
  const shop = await loadShopDetails(store)
  return (cents) => (shop.vatNumber ? vatIncluded(cents) : 0)
}

export const exportOrders: Exporter = (store, period) => ({
  filename: fileName('orders', period),
  columns: [
    'order_id',
    'invoice_number',
    'paid_at',
    'status',
    'email',
    'first_name',
    'last_name',
    'items',
    'discounts',
    'delivery',
    'total',
    'vat',
    'gift_cards',
    'store_credit',
    'paid_online',
    'refunded',
    'discount_codes',
    'delivery_method',
    'province',
  ],
  rows: (async function* () {
    const vat = await vatOf(store)
    for await (const order of invoicedOrders(store, period)) {
      const cards = order.giftCards.reduce((sum, card) => sum + card.amountCents, 0)
      const row: CsvValue[] = [
        order.id,
        order.invoice!.number,
        sastDateTime(order.invoice!.issuedAt),
        order.status,
        order.email,
        order.firstName,
        order.lastName,
        rands(order.subtotalCents),
        rands(order.discounts.reduce((sum, d) => sum + d.amountCents, 0)),
        rands(order.shippingCents),
        rands(order.totalCents),
        rands(vat(order.totalCents)),
        rands(cards),
        rands(order.storeCreditCents),
        rands(order.totalCents - cards - order.storeCreditCents),
        rands(order.refunds.reduce((sum, r) => sum + r.amountCents, 0)),
        order.discounts.map((d) => d.code ?? d.label).join('; '),
        order.shipping?.name ?? 'Standard delivery',
        order.shippingAddress.province,
      ]
      yield row
    }
  })(),
})

export const exportOrderLines: Exporter = (store, period) => ({
  filename: fileName('order-lines', period),
  columns: [
    'order_id',
    'invoice_number',
    'paid_at',
    'product_id',
    'variant_id',
    'name',
    'options',
    'quantity',
    'unit_price',
    'line_total',
  ],
  rows: (async function* () {
    for await (const order of invoicedOrders(store, period)) {
      for (const line of order.lines) {
        const row: CsvValue[] = [
          order.id,
          order.invoice!.number,
          sastDateTime(order.invoice!.issuedAt),
          line.productId,
          line.variantId,
          line.name,
          line.options.map((o) => `${o.name}: ${o.value}`).join('; '),
          line.quantity,
          rands(line.unitPriceCents),
          rands(line.unitPriceCents * line.quantity),
        ]
        yield row
      }
    }
  })(),
})

export const exportInvoices: Exporter = (store, period) => ({
  filename: fileName('invoices', period),
  columns: [
    'invoice_number',
    'issued_at',
    'order_id',
    'buyer',
    'buyer_email',
    'buyer_vat_number',
    'total',
    'vat',
    'excl_vat',
  ],
  rows: (async function* () {
    const vat = await vatOf(store)
    for await (const order of invoicedOrders(store, period)) {
      const vatCents = vat(order.totalCents)
      const row: CsvValue[] = [
        order.invoice!.number,
        sastDateTime(order.invoice!.issuedAt),
        order.id,
        `${order.firstName} ${order.lastName}`.trim(),
        order.email,
        order.buyerVatNumber,
        rands(order.totalCents),
        rands(vatCents),
        rands(order.totalCents - vatCents),
      ]
      yield row
    }
  })(),
})

export const exportCreditNotes: Exporter = (store, period) => ({
  filename: fileName('credit-notes', period),
  columns: [
    'credit_note_number',
    'issued_at',
    'invoice_number',
    'order_id',
    'reason',
    'amount',
    'vat',
    'excl_vat',
    'to_payfast',
    'to_gift_cards',
    'to_store_credit',
  ],
  rows: (async function* () {
    const vat = await vatOf(store)
    for await (const { order, refund } of issuedCreditNotes(store, period)) {
      const vatCents = vat(refund.amountCents)
      const row: CsvValue[] = [
        refund.creditNote.number,
        sastDateTime(refund.creditNote.issuedAt),
        order.invoice?.number ?? null,
        order.id,
        refund.reason,
        rands(refund.amountCents),
        rands(vatCents),
        rands(refund.amountCents - vatCents),
        rands(refund.payfastCents),
        rands(refund.giftCardCents),
        rands(refund.storeCreditCents),
      ]
      yield row
    }
  })(),
})
