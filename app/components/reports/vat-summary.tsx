import { Link } from '~/components/link'
import { TableScroll } from '~/components/table-scroll'
import { formatSastDate } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { describeMonth, describePeriod } from '~/lib/reports/period'
import type { VatSummary } from '~/lib/reports/reports.server'

/** The VAT summary's months and totals, then the period's documents (one page of them). */
export function VatSummaryView({ summary }: { summary: VatSummary }) {
  const rows = [...summary.months.map((m) => ({ ...m, label: describeMonth(m.month) }))]
  return (
    <>
      <section aria-labelledby="vat-months" className="report-section">
        <h2 id="vat-months">By month, {describePeriod(summary.period)}</h2>
        {summary.vatRegistered ? (
          <p>
            VAT is 15/115 of each document&apos;s VAT-inclusive total, as printed on it. Output tax
            comes from the tax invoices issued in the month; credit notes issued in the month take
            theirs off.
          </p>
        ) : (
          <p role="status">
            The shop has no VAT number in Settings, so its invoices charge no VAT: every VAT figure
            here is R 0,00.
          </p>
        )}
        <TableScroll label="VAT by month">
          <table className="admin-table">
            <caption className="visually-hidden">VAT by month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Invoices</th>
                <th scope="col">Supplies (incl. VAT)</th>
                <th scope="col">Output VAT</th>
                <th scope="col">Credit notes</th>
                <th scope="col">Credited (incl. VAT)</th>
                <th scope="col">VAT credited</th>
                <th scope="col">Net VAT</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.month}>
                  <th scope="row">{row.label}</th>
                  <td>{row.invoices}</td>
                  <td>{formatRand(row.suppliesCents)}</td>
                  <td>{formatRand(row.outputVatCents)}</td>
                  <td>{row.creditNotes}</td>
                  <td>{formatRand(row.creditedCents)}</td>
                  <td>{formatRand(row.creditVatCents)}</td>
                  <td>{formatRand(row.netVatCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Period</th>
                <td>{summary.totals.invoices}</td>
                <td>{formatRand(summary.totals.suppliesCents)}</td>
                <td>{formatRand(summary.totals.outputVatCents)}</td>
                <td>{summary.totals.creditNotes}</td>
                <td>{formatRand(summary.totals.creditedCents)}</td>
                <td>{formatRand(summary.totals.creditVatCents)}</td>
                <td>{formatRand(summary.totals.netVatCents)}</td>
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      </section>
      <section aria-labelledby="vat-documents" className="report-section">
        <h2 id="vat-documents">Documents</h2>
        {summary.documents.length === 0 ? (
          <p>No invoice or credit note was issued in this period.</p>
        ) : (
          <TableScroll label="Invoices and credit notes">
            <table className="admin-table">
              <caption className="visually-hidden">
                Invoices, then credit notes, in the order issued
              </caption>
              <thead>
                <tr>
                  <th scope="col">Document</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Order</th>
                  <th scope="col">Adjusts</th>
                  <th scope="col">Total (incl. VAT)</th>
                  <th scope="col">VAT</th>
                  <th scope="col">Excl. VAT</th>
                </tr>
              </thead>
              <tbody>
                {summary.documents.map((doc) => (
                  <tr key={doc.number}>
                    <th scope="row">
                      {doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} {doc.number}
                    </th>
                    <td>{formatSastDate(doc.issuedAt)}</td>
                    <td>
                      <Link to={`/admin/orders/${doc.orderId}`}>{doc.orderId}</Link>
                    </td>
                    <td>{doc.kind === 'credit-note' ? doc.invoiceNumber : ''}</td>
                    <td>{formatRand(doc.totalCents)}</td>
                    <td>{formatRand(doc.vatCents)}</td>
                    <td>{formatRand(doc.exclusiveCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </>
  )
}
