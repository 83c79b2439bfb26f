import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { Link } from '~/components/link'
import { requireUserId } from '~/lib/auth/user.server'
import { formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { StatusBadge } from '~/components/orders/order-view'
import { TableScroll } from '~/components/table-scroll'
import { listCustomerOrders } from '~/lib/orders/customer.server'
import { requestContext } from '~/lib/request-context.server'
import styles from '~/styles/buying.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction = () => [{ title: 'Your orders | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request)
  const { store } = await requestContext(request)
  return { orders: await listCustomerOrders(store, userId) }
}

export default function OrdersPage() {
  const { orders } = useLoaderData<typeof loader>()
  return (
    <div className="buying-page orders-page">
      <h1>Your orders</h1>
      {orders.length === 0 ? (
        <div className="empty-state">
          <p>You have not ordered anything yet.</p>
          <p>
            <Link to="/shop">Browse the shop</Link>
          </p>
        </div>
      ) : (
        <TableScroll label="Your orders">
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Items</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/orders/${order.id}`}>{order.id}</Link>
                  </th>
                  <td>
                    <time dateTime={order.createdAt}>{formatSastDateTime(order.createdAt)}</time>
                  </td>
                  <td>{order.itemCount}</td>
                  <td>
                    <StatusBadge status={order.status} label={order.statusLabel} />
                  </td>
                  <td>{formatRand(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  )
}
