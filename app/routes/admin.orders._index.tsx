import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, useLoaderData, useSubmit } from '@remix-run/react'
import type { FormEvent } from 'react'

import { Link } from '~/components/link'
import { StatusBadge } from '~/components/orders/order-view'
import { Pagination } from '~/components/pagination'
import { useIsPending } from '~/components/use-is-pending'
import { TableScroll } from '~/components/table-scroll'
import { ADMIN_HEADERS, adminMeta } from '~/lib/admin/headers'
import { isOrderStatus, listOrders } from '~/lib/admin/orders.server'
import { pageParam } from '~/lib/admin/paging'
import { requireStaff } from '~/lib/auth/staff.server'
import { ORDER_STATUSES } from '~/lib/data/types'
import { formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { STATUS_LABELS } from '~/lib/orders/status'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Orders')

/** The list's query parameters; a form without JS sends the empty ones too. */
const PARAMS = ['status', 'q', 'page'] as const

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const url = new URL(request.url)
  // The filter form without JS sends empty fields (?status=&q=): answer with the tidy address.
  const empty = PARAMS.filter((name) => url.searchParams.has(name) && !url.searchParams.get(name))
  if (empty.length > 0) {
    for (const name of empty) url.searchParams.delete(name)
    throw redirect(`${url.pathname}${url.search}`, { headers: ADMIN_HEADERS })
  }
  const status = url.searchParams.get('status')
  const q = (url.searchParams.get('q') ?? '').slice(0, 254)
  const { store } = await requestContext(request)
  const list = await listOrders(store, {
    status: isOrderStatus(status) ? status : null,
    q,
    page: pageParam(url.searchParams),
  })
  return { ...list, status: isOrderStatus(status) ? status : '', q }
}

/** With JS, the filter form leaves out empty fields instead of being redirected to drop them. */
function useTidyGetSubmit() {
  const submit = useSubmit()
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim()) params.set(name, value.trim())
    }
    submit(params, {
      method: 'get',
      action: event.currentTarget.getAttribute('action') ?? undefined,
    })
  }
}

export default function AdminOrders() {
  const { orders, total, page, pageCount, status, q } = useLoaderData<typeof loader>()
  const onSubmit = useTidyGetSubmit()
  const searching = useIsPending({ formMethod: 'GET' })
  return (
    <>
      <h1>Orders</h1>
      <Form method="get" action="/admin/orders" className="admin-filters" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="orders-status">Status</label>
          <select id="orders-status" name="status" defaultValue={status}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-q">Order id or email</label>
          <input id="orders-q" name="q" type="search" defaultValue={q} maxLength={254} />
        </div>
        <button type="submit" className="button" disabled={searching}>
          {searching ? 'Searching…' : 'Show orders'}
        </button>
      </Form>
      {orders.length === 0 ? (
        <p>No orders match.</p>
      ) : (
        <TableScroll label="Orders">
          <table className="admin-table">
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
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
                  <td>{formatSastDateTime(order.createdAt)}</td>
                  <td>
                    {order.name}
                    <br />
                    {order.email}
                  </td>
                  <td>{order.itemCount}</td>
                  <td>{formatRand(order.totalCents)}</td>
                  <td>
                    <StatusBadge status={order.status} label={order.statusLabel} />
                    {order.refundNeeded ? <strong> Refund needed</strong> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        summary={`Page ${page} of ${pageCount} · ${total} orders`}
        className="admin-pager"
      />
    </>
  )
}
