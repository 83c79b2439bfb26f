import { Link } from '~/components/link'
import { TableScroll } from '~/components/table-scroll'
import { formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import type { BalanceEntry } from '~/lib/promotions/types'

const ENTRY_WORDS: Record<BalanceEntry['kind'], string> = {
  issued: 'Issued',
  credited: 'Credited',
  held: 'Held by an order',
  released: 'Hold released',
  spent: 'Spent',
  adjusted: 'Changed by staff',
}

/**
 * A balance's history in the back office, newest first: a gift card's (/admin/gift-cards/:id) or
 * a customer's store credit (/admin/customers/:id). `label` names the table; `empty` is said
 * when there is nothing yet.
 */
export function BalanceHistory({
  entries,
  label,
  caption = label,
  empty,
}: {
  entries: readonly BalanceEntry[]
  label: string
  caption?: string
  empty: string
}) {
  if (entries.length === 0) return <p>{empty}</p>
  return (
    <TableScroll label={label}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Amount</th>
            <th scope="col">Order</th>
            <th scope="col">By</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, i) => (
            <tr key={`${entry.at}-${i}`}>
              <td>{formatSastDateTime(entry.at)}</td>
              <th scope="row">
                {ENTRY_WORDS[entry.kind]}
                {entry.note ? `: ${entry.note}` : ''}
              </th>
              <td>{formatRand(entry.amountCents)}</td>
              <td>
                {entry.orderId ? (
                  <Link to={`/admin/orders/${entry.orderId}`}>{entry.orderId}</Link>
                ) : (
                  'None'
                )}
              </td>
              <td>{entry.by ?? 'The shop'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
