import { Link } from '~/components/link'
import { TableScroll } from '~/components/table-scroll'
import type { PrivacyRequestRow } from '~/lib/admin/customers.server'
import { formatSastDateTime } from '~/lib/dates'

const KIND_WORDS: Record<PrivacyRequestRow['kind'], string> = {
  export: 'Downloaded their data',
  delete: 'Deleted their account',
}

/**
 * POPIA requests, newest first: on /admin/customers (every customer's recent ones, with who asked)
 * and on a customer's page (theirs).
 */
export function PrivacyRequests({
  title,
  requests,
  showCustomer,
  empty,
  footer,
}: {
  title: string
  requests: PrivacyRequestRow[]
  /** Name who asked (the list of everyone's requests). */
  showCustomer: boolean
  empty: string
  footer?: string
}) {
  const id = showCustomer ? 'privacy-requests-title' : 'customer-privacy-title'
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {requests.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <TableScroll label={`${title}, newest first`}>
          <table className="admin-table">
            <caption className="visually-hidden">{title}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Request</th>
                {showCustomer ? <th scope="col">Customer</th> : null}
              </tr>
            </thead>
            <tbody>
              {requests.map((request) => (
                <tr key={request.id}>
                  <td>{formatSastDateTime(request.at)}</td>
                  <th scope="row">{KIND_WORDS[request.kind]}</th>
                  {showCustomer ? (
                    <td>
                      {request.customerHref ? (
                        <Link to={request.customerHref}>{request.email}</Link>
                      ) : (
                        `${request.email} (account deleted)`
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {footer ? <p>{footer}</p> : null}
    </section>
  )
}
