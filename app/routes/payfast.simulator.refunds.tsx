import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { SimulatorFrame } from '~/components/payfast/simulator-ui'
import { TableScroll } from '~/components/table-scroll'
import { formatSastDateTime } from '~/lib/dates'
import { env } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { formatRand } from '~/lib/money'
import { simulatedRefunds } from '~/lib/payfast/refunds.server'
import styles from '~/styles/payfast.css'

// The refunds the simulator was asked for (PAYFAST_MODE=simulator), newest first: what PayFast's
// Refunds API would have paid back. Kept in the server's memory until it restarts.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction = () => [
  { title: 'PayFast simulator: refunds' },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  if (env.payfast.mode !== 'simulator') throw notFound()
  return { refunds: simulatedRefunds.slice(0, 200) }
}

export default function SimulatorRefunds() {
  const { refunds } = useLoaderData<typeof loader>()
  return (
    <SimulatorFrame title="Refunds asked of the simulator">
      {refunds.length === 0 ? (
        <p>No refunds yet. Refund a paid order from its page in the back office.</p>
      ) : (
        <TableScroll label="Refunds asked of the simulator">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Payment (pf_payment_id)</th>
                <th scope="col">Amount</th>
                <th scope="col">Reason</th>
                <th scope="col">Reference</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((refund) => (
                <tr key={refund.reference}>
                  <td>{formatSastDateTime(refund.at)}</td>
                  <td>{refund.pfPaymentId}</td>
                  <td>{formatRand(refund.amountCents)}</td>
                  <td>{refund.reason}</td>
                  <td>{refund.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </SimulatorFrame>
  )
}
