import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { TableScroll } from '~/components/table-scroll'
import { adminMeta } from '~/lib/admin/headers'
import {
  discountDatesText,
  discountLimitsText,
  discountScopeText,
  discountValueText,
} from '~/lib/admin/promotions'
import { listDiscounts } from '~/lib/admin/promotions.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatRand } from '~/lib/money'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Discounts')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store } = await requestContext(request)
  return listDiscounts(store, new URL(request.url))
}

/** Codes and automatic offers, newest first, with their uses and the discount they gave. */
export default function AdminDiscounts() {
  const { page, discounts, total, pageCount } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Discounts</h1>
      <p>
        <Link to="/admin/discounts/new" className="button">
          New discount
        </Link>
      </p>
      {discounts.length === 0 ? (
        <p>No discounts yet.</p>
      ) : (
        <TableScroll label="Discounts">
          <table className="admin-table">
            <caption className="visually-hidden">Discounts</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Minimum spend</th>
                <th scope="col">For</th>
                <th scope="col">When (SAST)</th>
                <th scope="col">Limits</th>
                <th scope="col">Active</th>
                <th scope="col">Uses</th>
                <th scope="col">Discount given</th>
              </tr>
            </thead>
            <tbody>
              {discounts.map((discount) => (
                <tr key={discount.id}>
                  <th scope="row">
                    <Link to={`/admin/discounts/${discount.id}`}>
                      {discount.code ?? 'Automatic offer'}
                    </Link>
                  </th>
                  <td>{discountValueText(discount)}</td>
                  <td>
                    {discount.minSpendCents === null ? 'None' : formatRand(discount.minSpendCents)}
                  </td>
                  <td>{discountScopeText(discount)}</td>
                  <td>{discountDatesText(discount)}</td>
                  <td>{discountLimitsText(discount)}</td>
                  <td>{discount.active ? 'Yes' : 'No (switched off)'}</td>
                  <td>{discount.uses}</td>
                  <td>{formatRand(discount.discountGivenCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        summary={`Page ${page} of ${pageCount} · ${total} ${total === 1 ? 'discount' : 'discounts'}`}
        className="admin-pager"
      />
    </>
  )
}
