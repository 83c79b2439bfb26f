import type { ReactNode } from 'react'

import { TableScroll } from '~/components/table-scroll'
import { formatSastDate } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { change, type SalesTotals } from '~/lib/reports/figures'
import { describePeriod } from '~/lib/reports/period'
import type { SalesReport } from '~/lib/reports/reports.server'

import { SalesChart } from './sales-chart'

/** A day `YYYY-MM-DD` as "1 March 2026" (noon SAST, so the day never slips). */
const dayText = (day: string) => formatSastDate(`${day}T12:00:00+02:00`)

const FIGURES: { key: keyof SalesTotals; label: string; money: boolean }[] = [
  { key: 'grossCents', label: 'Gross sales', money: true },
  { key: 'discountCents', label: 'Discounts', money: true },
  { key: 'refundCents', label: 'Refunds', money: true },
  { key: 'netCents', label: 'Net sales', money: true },
  { key: 'deliveryCents', label: 'Delivery charged', money: true },
  { key: 'totalCents', label: 'Total sales', money: true },
  { key: 'vatCents', label: 'VAT', money: true },
  { key: 'orders', label: 'Orders', money: false },
  { key: 'averageOrderCents', label: 'Average order value', money: true },
  { key: 'units', label: 'Units sold', money: false },
]

function Change({ current, previous }: { current: number; previous: number }) {
  const percent = change(current, previous)
  if (percent === null) return <>no sales to compare with</>
  const sign = percent > 0 ? '+' : ''
  return <>{`${sign}${String(percent).replace('.', ',')}%`}</>
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="report-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** The report's figures, each beside the previous period's, then its tables. */
export function SalesReportView({ report }: { report: SalesReport }) {
  const { totals, previousTotals } = report
  const text = (key: keyof SalesTotals, money: boolean, totalsOf: SalesTotals) =>
    money ? formatRand(totalsOf[key]) : String(totalsOf[key])
  return (
    <>
      <Section title={`Sales, ${describePeriod(report.period)}`} id="report-sales">
        <p>
          Compared with {describePeriod(report.previous)}. Orders count on the day they were paid,
          refunds on the day they were made; prices as each order was placed, VAT included.
        </p>
        <dl className="admin-counts report-figures">
          {FIGURES.map(({ key, label, money }) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{text(key, money, totals)}</dd>
              <dd className="report-figures__before">
                before: {text(key, money, previousTotals)} (
                <Change current={totals[key]} previous={previousTotals[key]} />)
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="Sales by day" id="report-days">
        <SalesChart days={report.days} title="Net sales by day" />
        <TableScroll label="Sales by day">
          <table className="admin-table">
            <caption className="visually-hidden">Sales by day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Orders</th>
                <th scope="col">Sales</th>
                <th scope="col">Refunds</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {report.days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{dayText(day.day)}</th>
                  <td>{day.orders}</td>
                  <td>{formatRand(day.salesCents)}</td>
                  <td>{formatRand(day.refundCents)}</td>
                  <td>{formatRand(day.netCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Section>

      <Section title="Best sellers" id="report-products">
        {report.products.length === 0 ? (
          <p>Nothing sold in this period.</p>
        ) : (
          <TableScroll label="Best sellers">
            <table className="admin-table">
              <caption className="visually-hidden">Best sellers by sales</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Units</th>
                  <th scope="col">Sales</th>
                </tr>
              </thead>
              <tbody>
                {report.products.map((product) => (
                  <tr key={product.productId}>
                    <th scope="row">{product.name}</th>
                    <td>{product.units}</td>
                    <td>{formatRand(product.salesCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>

      <Section title="Categories" id="report-categories">
        {report.categories.length === 0 ? (
          <p>Nothing sold in this period.</p>
        ) : (
          <TableScroll label="Sales by category">
            <table className="admin-table">
              <caption className="visually-hidden">Sales by category</caption>
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col">Units</th>
                  <th scope="col">Sales</th>
                </tr>
              </thead>
              <tbody>
                {report.categories.map((category) => (
                  <tr key={category.category}>
                    <th scope="row">{category.name}</th>
                    <td>{category.units}</td>
                    <td>{formatRand(category.salesCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>

      <Section title="Discount codes and offers" id="report-discounts">
        {report.discounts.length === 0 ? (
          <p>No discount was used in this period.</p>
        ) : (
          <TableScroll label="Discount codes and offers">
            <table className="admin-table">
              <caption className="visually-hidden">Discount codes and offers used</caption>
              <thead>
                <tr>
                  <th scope="col">Code or offer</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Taken off</th>
                </tr>
              </thead>
              <tbody>
                {report.discounts.map((use) => (
                  <tr key={use.name}>
                    <th scope="row">
                      {use.name}
                      {use.automatic ? ' (automatic)' : null}
                    </th>
                    <td>{use.orders}</td>
                    <td>{formatRand(use.discountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>

      <Section title="Gift cards, store credit and customers" id="report-payments">
        <dl className="admin-counts">
          <div>
            <dt>Paid by gift card</dt>
            <dd>{formatRand(report.payments.giftCardCents)}</dd>
            <dd className="report-figures__before">on {report.payments.giftCardOrders} orders</dd>
          </div>
          <div>
            <dt>Paid by store credit</dt>
            <dd>{formatRand(report.payments.storeCreditCents)}</dd>
            <dd className="report-figures__before">
              on {report.payments.storeCreditOrders} orders
            </dd>
          </div>
          <div>
            <dt>New customers</dt>
            <dd>{report.customers.new}</dd>
            <dd className="report-figures__before">before: {report.previousCustomers.new}</dd>
          </div>
          <div>
            <dt>Returning customers</dt>
            <dd>{report.customers.returning}</dd>
            <dd className="report-figures__before">before: {report.previousCustomers.returning}</dd>
          </div>
        </dl>
        <p>
          Gift cards and store credit are payments, not discounts: they are in the sales above. A
          returning customer bought (by email) before the period began.
        </p>
      </Section>
    </>
  )
}

const DOWNLOADS = [
  { kind: 'orders', label: 'Orders' },
  { kind: 'order-lines', label: 'Order lines' },
  { kind: 'invoices', label: 'Invoices' },
  { kind: 'credit-notes', label: 'Credit notes' },
] as const

/** The period's CSV files: plain links to resource routes, downloads with or without JavaScript. */
export function ReportDownloads({ query }: { query: string }) {
  return (
    <section aria-labelledby="report-downloads" className="report-section">
      <h2 id="report-downloads">Download for this period (CSV)</h2>
      <ul className="report-presets">
        {DOWNLOADS.map(({ kind, label }) => (
          // A plain <a>: Remix's Link would try to navigate to a file.
          <li key={kind}>
            <a href={`/admin/export/${kind}.csv?${query}`} download>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
