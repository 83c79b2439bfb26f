import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { DiscountForm } from '~/components/admin/discount-form'
import { Link } from '~/components/link'
import { TableScroll } from '~/components/table-scroll'
import { useIsPending } from '~/components/use-is-pending'
import { adminMeta } from '~/lib/admin/headers'
import { discountValueText } from '~/lib/admin/promotions'
import { discountAction, loadDiscount, promotionIdOf } from '~/lib/admin/promotions.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? (data.discount.code ?? 'Automatic offer') : 'Discount')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store } = await requestContext(request)
  return loadDiscount(store, promotionIdOf(params.id))
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const { store } = await requestContext(request)
  return discountAction({
    store,
    formData: await request.formData(),
    staff,
    id: promotionIdOf(params.id),
  })
}

export default function EditDiscount() {
  const { discount, categories, uses, usesTotal } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const switching = useIsPending({ intent: discount.active ? 'deactivate' : 'activate' })
  return (
    <>
      <p>
        <Link to="/admin/discounts">All discounts</Link>
      </p>
      <h1>{discount.code ?? 'Automatic offer'}</h1>
      <p>
        {discountValueText(discount)}. {discount.active ? 'Active' : 'Switched off'}.{' '}
        {discount.uses} {discount.uses === 1 ? 'use' : 'uses'} so far,{' '}
        {formatRand(discount.discountGivenCents)} given.
      </p>
      <Form method="post" className="form-actions" aria-label="Switch on or off">
        <input type="hidden" name="intent" value={discount.active ? 'deactivate' : 'activate'} />
        <button type="submit" className="button button--secondary" disabled={switching}>
          {discount.active ? 'Deactivate' : 'Activate'}
        </button>
      </Form>
      <DiscountForm
        // A save starts the form afresh from what the store now holds.
        key={discount.updatedAt}
        discount={discount}
        categories={categories}
        lastResult={actionData?.intent === 'save' ? actionData.result : undefined}
      />
      <h2>Orders that used it</h2>
      {uses.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <TableScroll label="Orders that used it">
          <table className="admin-table">
            <caption className="visually-hidden">Orders that used it</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Discount</th>
                <th scope="col">Placed</th>
                <th scope="col">Use</th>
              </tr>
            </thead>
            <tbody>
              {uses.map((use) => (
                <tr key={use.orderId}>
                  <th scope="row">
                    <Link to={`/admin/orders/${use.orderId}`}>{use.orderId}</Link>
                  </th>
                  <td>{use.email}</td>
                  <td>{formatRand(use.amountCents)}</td>
                  <td>{formatSastDateTime(use.claimedAt)}</td>
                  <td>
                    {use.releasedAt
                      ? `Given back ${formatSastDateTime(use.releasedAt)} (not paid)`
                      : 'Counted'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {usesTotal > uses.length ? (
        <p>
          The latest {uses.length} of {usesTotal} orders.
        </p>
      ) : null}
    </>
  )
}
