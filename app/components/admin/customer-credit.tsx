import { Link } from '~/components/link'
import { formatRand } from '~/lib/money'
import type { BalanceEntry } from '~/lib/promotions/types'

import { BalanceHistory } from './balance-history'

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
      <BalanceHistory
        entries={credit.history}
        label="Store credit history"
        caption="Store credit history, newest first"
        empty="No store credit given yet."
      />
    </section>
  )
}
