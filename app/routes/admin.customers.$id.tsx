import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { CustomerConsents } from '~/components/admin/customer-consents'
import { CustomerCredit } from '~/components/admin/customer-credit'
import { PrivacyRequests } from '~/components/admin/customer-privacy'
import { Link } from '~/components/link'
import { StatusBadge } from '~/components/orders/order-view'
import { TableScroll } from '~/components/table-scroll'
import { customerIdOf, loadCustomer } from '~/lib/admin/customers.server'
import { adminMeta } from '~/lib/admin/headers'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDate, formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Customer ${data.customer.name || data.customer.email}` : 'Customer')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const id = customerIdOf(params.id)
  const { store } = await requestContext(request)
  return loadCustomer(store, id)
}

/**
 * One customer: who they are, their orders, their store credit, their marketing consent and their
 * POPIA requests.
 */
export default function AdminCustomer() {
  const { customer, orders, orderCount, credit, consents, privacyRequests } =
    useLoaderData<typeof loader>()
  return (
    <>
      <p>
        <Link to="/admin/customers">All customers</Link>
      </p>
      <h1>{customer.name || customer.email}</h1>
      <dl className="admin-customer">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${customer.email}`}>{customer.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>{customer.phone ?? 'None given'}</dd>
        <dt>Address</dt>
        <dd>
          {customer.address
            ? customer.address.map((line, i) => (
                <span key={i}>
                  {line}
                  <br />
                </span>
              ))
            : 'None saved'}
        </dd>
        <dt>Joined</dt>
        <dd>{formatSastDateTime(customer.createdAt)}</dd>
        <dt>Role</dt>
        <dd>{customer.staff ? 'Staff' : 'Customer'}</dd>
      </dl>

      <h2>Orders</h2>
      {orders.length === 0 ? (
        <p>No orders on this account.</p>
      ) : (
        <>
          {orderCount > orders.length ? (
            <p>
              The newest {orders.length} of {orderCount} orders;{' '}
              <Link to={`/admin/orders?q=${encodeURIComponent(customer.email)}`}>
                find all of this email&apos;s orders
              </Link>
              .
            </p>
          ) : null}
          <TableScroll label="Orders">
            <table className="admin-table">
              <caption className="visually-hidden">Orders, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Items</th>
                  <th scope="col">Total</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <Link to={`/admin/orders/${order.id}`}>{order.id}</Link>
                    </th>
                    <td>{formatSastDate(order.createdAt)}</td>
                    <td>{order.itemCount}</td>
                    <td>{formatRand(order.totalCents)}</td>
                    <td>
                      <StatusBadge status={order.status} label={order.statusLabel} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}

      <CustomerCredit email={customer.email} credit={credit} />

      <CustomerConsents consents={consents} />

      <PrivacyRequests
        title="Privacy requests"
        requests={privacyRequests}
        showCustomer={false}
        empty="No privacy requests from this customer."
      />
    </>
  )
}
