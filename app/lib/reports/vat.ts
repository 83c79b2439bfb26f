import type { IssuedCreditNote } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import { vatIncluded } from '~/lib/money'

import { sastDay } from './period'

/*
 * The VAT summary for a VAT period (docs/decisions/033), for the VAT201 return: output VAT from
 * the tax invoices issued in the period and the adjustments of the credit notes issued in it, by
 * SAST calendar month. Each document's figures are its own page's (app/lib/documents/invoice.ts):
 * 15/115 of its VAT-inclusive total, rounded once, so the summary matches the invoices one for one.
 * Pure, and fed one document at a time: a summary over 10 000 invoices holds sums and one page.
 */

export type VatDocument = {
  kind: 'invoice' | 'credit-note'
  number: string
  issuedAt: string
  orderId: string
  /** The invoice a credit note adjusts; the invoice's own number for an invoice. */
  invoiceNumber: string
  /** VAT included; positive for both kinds (a credit note's is given back). */
  totalCents: number
  vatCents: number
  exclusiveCents: number
}

export type VatMonth = {
  /** `YYYY-MM`, SAST. */
  month: string
  invoices: number
  /** Σ invoice totals, VAT included. */
  suppliesCents: number
  outputVatCents: number
  creditNotes: number
  creditedCents: number
  /** The VAT the credit notes give back. */
  creditVatCents: number
  /** output VAT − credit notes' VAT. */
  netVatCents: number
}

export type VatTally = {
  addInvoice(order: Order): void
  addCreditNote(note: IssuedCreditNote): void
  /** Months in order, each with a document in it. */
  months(): VatMonth[]
  totals(): Omit<VatMonth, 'month'>
  /** The documents `offset` to `offset + limit` in the order added (invoices, then credit notes). */
  documents(): VatDocument[]
  documentCount(): number
}

/** `window` is the slice of the documents kept for the page; the sums cover them all. */
export function vatTally(
  { vatRegistered }: { vatRegistered: boolean },
  window: { offset: number; limit: number },
): VatTally {
  const byMonth = new Map<string, VatMonth>()
  const kept: VatDocument[] = []
  let count = 0
  const vat = (cents: number) => (vatRegistered ? vatIncluded(cents) : 0)
  const monthOf = (issuedAt: string) => {
    const month = sastDay(issuedAt).slice(0, 7)
    let row = byMonth.get(month)
    if (!row) {
      row = { month, ...emptyTotals() }
      byMonth.set(month, row)
    }
    return row
  }
  const keep = (document: VatDocument) => {
    if (count >= window.offset && count < window.offset + window.limit) kept.push(document)
    count += 1
  }
  return {
    addInvoice(order) {
      if (!order.invoice) return
      const vatCents = vat(order.totalCents)
      const row = monthOf(order.invoice.issuedAt)
      row.invoices += 1
      row.suppliesCents += order.totalCents
      row.outputVatCents += vatCents
      row.netVatCents += vatCents
      keep({
        kind: 'invoice',
        number: order.invoice.number,
        issuedAt: order.invoice.issuedAt,
        orderId: order.id,
        invoiceNumber: order.invoice.number,
        totalCents: order.totalCents,
        vatCents,
        exclusiveCents: order.totalCents - vatCents,
      })
    },
    addCreditNote({ order, refund }) {
      const vatCents = vat(refund.amountCents)
      const row = monthOf(refund.creditNote.issuedAt)
      row.creditNotes += 1
      row.creditedCents += refund.amountCents
      row.creditVatCents += vatCents
      row.netVatCents -= vatCents
      keep({
        kind: 'credit-note',
        number: refund.creditNote.number,
        issuedAt: refund.creditNote.issuedAt,
        orderId: order.id,
        invoiceNumber: order.invoice?.number ?? '',
        totalCents: refund.amountCents,
        vatCents,
        exclusiveCents: refund.amountCents - vatCents,
      })
    },
    months() {
      return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month))
    },
    totals() {
      const sum = emptyTotals()
      for (const row of byMonth.values()) {
        for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += row[key]
      }
      return sum
    },
    documents: () => [...kept],
    documentCount: () => count,
  }
}

function emptyTotals(): Omit<VatMonth, 'month'> {
  return {
    invoices: 0,
    suppliesCents: 0,
    outputVatCents: 0,
    creditNotes: 0,
    creditedCents: 0,
    creditVatCents: 0,
    netVatCents: 0,
  }
}
