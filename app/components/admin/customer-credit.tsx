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
 * A customer's store credit on /admin/customers/:id: the balance and its history, newest first.
 * Credit is given with the one form on /admin/gift-cards (its one-time key stops a double post),
 * linked with the customer's email filled in.
 */
export function CustomerCredit({
  email,
  credit,
}: {
  /** The customer's email, filled in on the credit form. */
  email: string
  credit: { balanceCents: number; heldCents: number; history: BalanceEntry[] }
}) {
  return (
    <section aria-labelledby="customer-credit-title">
      <h2 id="customer-credit-title">Store credit</h2>
      <p>
        Balance: <strong>{formatRand(credit.balanceCents)}</strong>
        {credit.heldCents > 0 ? ` (${formatRand(credit.heldCents)} held by unpaid orders)` : null}
      </p>
      <p>
        <Link to={`/admin/gift-cards?email=${encodeURIComponent(email)}#give-credit-title`}>
          Give store credit
        </Link>
      </p>
      {credit.history.length === 0 ? (
        <p>No store credit given yet.</p>
      ) : (
        <TableScroll label="Store credit history">
          <table className="admin-table">
            <caption className="visually-hidden">Store credit history, newest first</caption>
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
              {credit.history.map((entry, i) => (
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
      )}
    </section>
  )
}
