import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { ProductForm } from '~/components/admin/product-editor'
import { Link } from '~/components/link'
import { adminMeta } from '~/lib/admin/headers'
import { productAction } from '~/lib/admin/product-action.server'
import { productCategories } from '~/lib/admin/products.server'
import { requireStaff } from '~/lib/auth/staff.server'

export const meta: MetaFunction = () => adminMeta('New product')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  return { categories: await productCategories() }
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  return productAction({ request, staff, productId: null })
}

export default function NewProduct() {
  const { categories } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <p>
        <Link to="/admin/products">All products</Link>
      </p>
      <h1>New product</h1>
      <p>Photos can be added once the product is saved.</p>
      <ProductForm
        product={null}
        categories={categories}
        lastResult={actionData?.intent === 'save' ? actionData.result : undefined}
      />
    </>
  )
}
