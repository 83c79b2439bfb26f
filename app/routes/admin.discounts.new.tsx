import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { DiscountForm } from '~/components/admin/discount-form'
import { Link } from '~/components/link'
import { adminMeta } from '~/lib/admin/headers'
import { discountAction, discountCategories } from '~/lib/admin/promotions.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('New discount')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  return { categories: await discountCategories(null) }
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const { store } = await requestContext(request)
  return discountAction({ store, formData: await request.formData(), staff, id: null })
}

export default function NewDiscount() {
  const { categories } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <p>
        <Link to="/admin/discounts">All discounts</Link>
      </p>
      <h1>New discount</h1>
      <DiscountForm
        discount={null}
        categories={categories}
        lastResult={actionData?.intent === 'save' ? actionData.result : undefined}
      />
    </>
  )
}
