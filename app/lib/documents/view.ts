import type { IssuedDocument, Order } from '~/lib/data/types'

import type { InvoicedOrder } from './invoice'
import { creditNotesOf } from './invoice'
import { creditNotePath, invoicePath } from './links'

export type DocumentLink = IssuedDocument & { htmlHref: string; pdfHref: string }

/** What an order's page shows of its documents: the invoice, and a credit note per refund. */
export type OrderDocumentsView = {
  invoice: DocumentLink | null
  /** Paid before invoices existed: it has none, and the page says so. */
  paidBeforeInvoices: boolean
  creditNotes: DocumentLink[]
}

/** The order's documents with their links; `key` (a guest by the order link) rides on each. */
export function orderDocumentsView(
  order: Pick<InvoicedOrder, 'id' | 'invoice' | 'refunds'> & Pick<Order, 'history'>,
  key: string | null,
): OrderDocumentsView {
  const paid = order.history.some((entry) => entry.status === 'paid')
  return {
    invoice: order.invoice
      ? {
          ...order.invoice,
          htmlHref: invoicePath(order.id, key, 'html'),
          pdfHref: invoicePath(order.id, key, 'pdf'),
        }
      : null,
    paidBeforeInvoices: paid && !order.invoice,
    creditNotes: creditNotesOf(order).map((note) => ({
      ...note,
      htmlHref: creditNotePath(order.id, note.number, key, 'html'),
      pdfHref: creditNotePath(order.id, note.number, key, 'pdf'),
    })),
  }
}
