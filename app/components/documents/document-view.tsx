import { formatSastDate } from '~/lib/dates'
import type { CreditNoteFigures, InvoiceFigures } from '~/lib/documents/invoice'
import { creditNoteNotes, invoiceNotes } from '~/lib/documents/wording'
import { formatRand } from '~/lib/money'

/*
 * An invoice and a credit note as a printable page: the same figures and words as their PDF
 * (app/lib/documents/pdf.server.ts). The site's header and footer are left off when printed.
 */

function Party({ label, lines }: { label: string; lines: string[] }) {
  return (
    <section className="document-party" aria-label={label}>
      <h2>{label}</h2>
      <p>
        {lines.map((line, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </p>
    </section>
  )
}

function sellerLines(seller: InvoiceFigures['seller']): string[] {
  return [
    seller.name,
    ...(seller.tradingName && seller.tradingName !== seller.name
      ? [`Trading as ${seller.tradingName}`]
      : []),
    ...seller.address,
    ...(seller.vatNumber ? [`VAT number: ${seller.vatNumber}`] : []),
    ...(seller.registrationNumber ? [`Registration number: ${seller.registrationNumber}`] : []),
    seller.email,
    seller.phone,
  ]
}

function buyerLines(buyer: InvoiceFigures['buyer']): string[] {
  return [
    buyer.name,
    ...buyer.address,
    buyer.email,
    ...(buyer.vatNumber ? [`VAT number: ${buyer.vatNumber}`] : []),
  ]
}

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="document-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Actions({ pdfHref, number }: { pdfHref: string; number: string }) {
  return (
    <p className="document-actions">
      {/* A plain link: the PDF is a file, not a page of the app. */}
      <a href={pdfHref} download={`${number}.pdf`} className="button">
        Download PDF
      </a>{' '}
      <span className="document-print-hint">or print this page from your browser.</span>
    </p>
  )
}

export function InvoiceDocument({
  figures,
  pdfHref,
}: {
  figures: InvoiceFigures
  pdfHref: string
}) {
  const vat = figures.vatCents !== null && figures.exclusiveCents !== null
  return (
    <article className="document" aria-labelledby="document-title">
      <header className="document-header">
        <h1 id="document-title">
          {figures.title} <span className="document-number">{figures.number}</span>
        </h1>
        <Facts
          facts={[
            ['Date', formatSastDate(figures.issuedAt)],
            ['Order', figures.orderId],
          ]}
        />
      </header>
      <Actions pdfHref={pdfHref} number={figures.number} />
      <div className="document-parties">
        <Party label="From" lines={sellerLines(figures.seller)} />
        <Party label="To" lines={buyerLines(figures.buyer)} />
      </div>
      <div className="document-table-wrap">
        <table className="document-table">
          <caption className="visually-hidden">What was bought</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Qty</th>
              <th scope="col">Unit price</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {figures.lines.map((line, i) => (
              <tr key={i}>
                <th scope="row">{line.description}</th>
                <td>{line.quantity}</td>
                <td>{formatRand(line.unitPriceCents)}</td>
                <td>{formatRand(line.totalCents)}</td>
              </tr>
            ))}
            {figures.delivery ? (
              <tr>
                <th scope="row">Delivery: {figures.delivery.description}</th>
                <td>1</td>
                <td />
                <td>{formatRand(figures.delivery.cents)}</td>
              </tr>
            ) : null}
            {figures.discounts.map((discount, i) => (
              <tr key={`d${i}`}>
                <th scope="row">Discount: {discount.description}</th>
                <td />
                <td />
                <td>{formatRand(-discount.cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="document-total">
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td>{formatRand(figures.totalCents)}</td>
            </tr>
            {vat ? (
              <>
                <tr>
                  <th scope="row" colSpan={3}>
                    Total excluding VAT
                  </th>
                  <td>{formatRand(figures.exclusiveCents!)}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={3}>
                    VAT at 15% (included in the total)
                  </th>
                  <td>{formatRand(figures.vatCents!)}</td>
                </tr>
              </>
            ) : null}
          </tfoot>
        </table>
      </div>
      {figures.payments.length ? (
        <section aria-labelledby="document-paid-by">
          <h2 id="document-paid-by">Paid by</h2>
          <ul className="document-payments">
            {figures.payments.map((payment, i) => (
              <li key={i}>
                <span>{payment.description}</span> <span>{formatRand(payment.cents)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="document-notes">
        {invoiceNotes(figures).map((note, i) => (
          <p key={i}>{note}</p>
        ))}
      </div>
    </article>
  )
}

export function CreditNoteDocument({
  figures,
  pdfHref,
}: {
  figures: CreditNoteFigures
  pdfHref: string
}) {
  return (
    <article className="document" aria-labelledby="document-title">
      <header className="document-header">
        <h1 id="document-title">
          {figures.title} <span className="document-number">{figures.number}</span>
        </h1>
        <Facts
          facts={[
            ['Date', formatSastDate(figures.issuedAt)],
            ['Adjusts invoice', figures.invoiceNumber],
            ['Order', figures.orderId],
          ]}
        />
      </header>
      <Actions pdfHref={pdfHref} number={figures.number} />
      <div className="document-parties">
        <Party label="From" lines={sellerLines(figures.seller)} />
        <Party label="To" lines={buyerLines(figures.buyer)} />
      </div>
      <p>
        <strong>Reason:</strong> {figures.reason}
      </p>
      {figures.restocked.length ? (
        <section aria-labelledby="document-returned">
          <h2 id="document-returned">Returned</h2>
          <ul>
            {figures.restocked.map((line, i) => (
              <li key={i}>
                {line.quantity} × {line.description}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <dl className="document-facts document-sums">
        <div>
          <dt>Amount credited</dt>
          <dd>{formatRand(figures.amountCents)}</dd>
        </div>
        {figures.vatCents !== null && figures.exclusiveCents !== null ? (
          <>
            <div>
              <dt>Excluding VAT</dt>
              <dd>{formatRand(figures.exclusiveCents)}</dd>
            </div>
            <div>
              <dt>VAT at 15% (included)</dt>
              <dd>{formatRand(figures.vatCents)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <div className="document-notes">
        {creditNoteNotes(figures).map((note, i) => (
          <p key={i}>{note}</p>
        ))}
      </div>
    </article>
  )
}
