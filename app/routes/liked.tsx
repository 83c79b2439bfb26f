import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { ErrorList } from '~/components/forms'
import { Link } from '~/components/link'
import { ProductCard } from '~/components/product-card'
import { likedAction } from '~/lib/liked/liked-action.server'
import { likedProducts } from '~/lib/liked/liked.server'

export const meta: MetaFunction = () => [{ title: 'Liked products | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  return { products: await likedProducts(request) }
}

export async function action({ request }: ActionFunctionArgs) {
  return likedAction({ request })
}

export default function LikedPage() {
  const { products } = useLoaderData<typeof loader>()
  // A like posted without JavaScript that could not be done lands here, 400, with the reason.
  const actionData = useActionData<typeof action>()
  const errors = Object.values(actionData?.result.error ?? {}).flatMap((messages) => messages ?? [])
  return (
    <div className="liked-page">
      <h1>Liked products</h1>
      <ErrorList errors={errors} className="notice notice--error" />
      {products.length === 0 ? (
        <div className="empty-state">
          <p>You have not liked anything yet. Tap the heart on a product to keep it here.</p>
          <p>
            <Link to="/shop">Browse the shop</Link>
          </p>
        </div>
      ) : (
        <ul className="product-grid" aria-label="Liked products">
          {products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} liked eager={index < 4} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
