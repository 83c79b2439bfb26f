import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { ProductForm } from '~/components/admin/product-editor'
import { ChangeLog, ProductImages } from '~/components/admin/product-images'
import { Link } from '~/components/link'
import { adminMeta } from '~/lib/admin/headers'
import { productAction } from '~/lib/admin/product-action.server'
import { loadProductEditor } from '~/lib/admin/products.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { PRODUCT_ID_PATTERN } from '~/lib/fields'
import { notFound } from '~/lib/http.server'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? data.product.name : 'Product')

/** The product an URL names; the 404 page for an id no product could have. */
function productIdOf(id: string | undefined): string {
  if (!id || !PRODUCT_ID_PATTERN.test(id)) throw notFound()
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store } = await requestContext(request)
  const editor = await loadProductEditor(store, productIdOf(params.id))
  if (!editor) throw notFound()
  return { product: editor.view, categories: editor.categories }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  return productAction({ request, staff, productId: productIdOf(params.id) })
}

export default function EditProduct() {
  const { product, categories } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <p>
        <Link to="/admin/products">All products</Link>
      </p>
      <h1>{product.name}</h1>
      <p>
        {product.active ? (
          <Link to={`/shop/${product.id}`}>See it in the shop</Link>
        ) : (
          'Inactive: not in the shop.'
        )}
      </p>
      <ProductForm
        // A saved product starts the form afresh from what the store now holds (with JS the page
        // stays mounted, and conform keeps what was typed).
        key={product.updatedAt}
        product={product}
        categories={categories}
        lastResult={actionData?.intent === 'save' ? actionData.result : undefined}
      />
      <ProductImages
        images={product.images}
        intent={actionData?.intent ?? null}
        lastResult={actionData?.result}
      />
      <ChangeLog entries={product.log} />
    </>
  )
}
