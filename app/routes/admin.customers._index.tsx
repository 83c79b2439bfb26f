import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'

import { PrivacyRequests } from '~/components/admin/customer-privacy'
import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { TableScroll } from '~/components/table-scroll'
import { useIsPending } from '~/components/use-is-pending'
import { CUSTOMER_SEARCH_MAX, listCustomers } from '~/lib/admin/customers.server'
import { adminMeta } from '~/lib/admin/headers'
import { pageParam } from '~/lib/admin/paging'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDate } from '~/lib/dates'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Customers')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const url = new URL(request.url)
  const { store } = await requestContext(request)
  return listCustomers(store, {
    q: url.searchParams.get('q') ?? '',
    page: pageParam(url.searchParams),
  })
}

/**
 * Customers newest first, found by name or email, each opening their page; below them, the newest
 * POPIA requests and deletions.
 */
export default function AdminCustomers() {
  const { customers, total, page, pageCount, q, privacy } = useLoaderData<typeof loader>()
  const searching = useIsPending({ formMethod: 'GET' })
  return (
    <>
      <h1>Customers</h1>
      <Form method="get" action="/admin/customers" className="admin-filters">
        <div className="field">
          <label htmlFor="customers-q">Name or email</label>
          <input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={CUSTOMER_SEARCH_MAX}
          />
        </div>
        <button type="submit" className="button" disabled={searching}>
          {searching ? 'Searching…' : 'Find customers'}
        </button>
      </Form>
      {customers.length === 0 ? (
        <p>{q ? `No customer's name or email matches “${q}”.` : 'No customers yet.'}</p>
      ) : (
        <TableScroll label="Customers">
          <table className="admin-table">
            <caption className="visually-hidden">Customers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Email</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row">
                    <Link to={`/admin/customers/${customer.id}`}>
                      {customer.name || customer.email}
                    </Link>
                    {customer.staff ? ' (staff)' : null}
                  </th>
                  <td>{customer.email}</td>
                  <td>{formatSastDate(customer.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        summary={`Page ${page} of ${pageCount} · ${total} ${total === 1 ? 'customer' : 'customers'}`}
        className="admin-pager"
      />
      <PrivacyRequests
        title="Recent privacy requests"
        requests={privacy.requests}
        showCustomer
        empty="No customer has asked for their data or deleted their account yet."
        footer={
          privacy.total > privacy.requests.length
            ? `The newest ${privacy.requests.length} of ${privacy.total} requests.`
            : undefined
        }
      />
    </>
  )
}
