import { TableScroll } from '~/components/table-scroll'
import type { ConsentEntry } from '~/lib/data/types'
import { formatSastDateTime } from '~/lib/dates'

/** Where a consent change was made, in staff's words. */
const SOURCE_WORDS: Record<string, string> = {
  'sign-up': 'At sign-up',
  checkout: 'At checkout',
  account: 'On their account page',
  unsubscribe: 'By an unsubscribe link',
  staff: 'By staff',
}

/**
 * A customer's consent to marketing mail on /admin/customers/:id (POPIA s69): what holds now and
 * every change, newest first, with when and where it was given. Kept by email, so it includes what
 * they chose as a guest with the same address.
 */
export function CustomerConsents({
  consents,
}: {
  consents: { current: boolean; history: Pick<ConsentEntry, 'optIn' | 'source' | 'at'>[] }
}) {
  return (
    <section aria-labelledby="customer-consents-title">
      <h2 id="customer-consents-title">Marketing consent</h2>
      <p>
        {consents.current
          ? 'Opted in: news and offers may be mailed to them.'
          : 'Not opted in: send them no marketing mail.'}
      </p>
      {consents.history.length === 0 ? (
        <p>No consent recorded for this email.</p>
      ) : (
        <TableScroll label="Consent history">
          <table className="admin-table">
            <caption className="visually-hidden">Consent history, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Choice</th>
                <th scope="col">Where</th>
              </tr>
            </thead>
            <tbody>
              {consents.history.map((entry, i) => (
                <tr key={`${entry.at}-${i}`}>
                  <td>{formatSastDateTime(entry.at)}</td>
                  <th scope="row">{entry.optIn ? 'Opted in' : 'Opted out'}</th>
                  <td>{SOURCE_WORDS[entry.source] ?? entry.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  )
}
