import { formatSastDate } from '~/lib/dates'
import type { DocumentLink, OrderDocumentsView } from '~/lib/documents/view'

/*
 * The order's invoice and credit notes, each as a page and a PDF: on the buyer's order page (a
 * guest's links carry the order link's key) and in the back office. Nothing before payment.
 */

function DocumentItem({ label, document }: { label: string; document: DocumentLink }) {
  return (
    <li>
      <a href={document.htmlHref}>
        {label} {document.number}
      </a>{' '}
      ({formatSastDate(document.issuedAt)}) ·{' '}
      <a
        href={document.pdfHref}
        download={`${document.number}.pdf`}
        aria-label={`PDF of ${document.number}`}
      >
        PDF
      </a>
    </li>
  )
}

export function OrderDocuments({ documents }: { documents: OrderDocumentsView }) {
  if (!documents.invoice && !documents.paidBeforeInvoices) return null
  return (
    <section className="order-documents" aria-labelledby="order-documents-title">
      <h2 id="order-documents-title">
        Invoice{documents.creditNotes.length ? ' and credit notes' : ''}
      </h2>
      {documents.invoice ? (
        <ul>
          <DocumentItem label="Invoice" document={documents.invoice} />
          {documents.creditNotes.map((note) => (
            <DocumentItem key={note.number} label="Credit note" document={note} />
          ))}
        </ul>
      ) : (
        <p>No invoice: this order was paid before the shop issued invoices.</p>
      )}
    </section>
  )
}
