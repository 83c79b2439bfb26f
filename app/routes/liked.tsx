import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { LikeButton } from '~/components/like-button'
import { Link } from '~/components/link'
import { getStore } from '~/lib/data/index.server'
import { likedAction } from '~/lib/liked/liked-action.server'
import { likedIds } from '~/lib/liked/liked.server'
import { formatRand } from '~/lib/money'
import formStyles from '~/styles/forms.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formStyles }]

export const meta: MetaFunction = () => [{ title: 'Liked products | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const ids = await likedIds(request)
  const products = await (await getStore()).products.getMany(ids)
  const byId = new Map(products.map((p) => [p.id, p]))
  return {
    products: ids.flatMap((id) => {
      const p = byId.get(id)
      if (!p) return []
      return [{ id: p.id, name: p.name, priceCents: p.priceCents, stock: p.stock, image: p.images[0] ?? null }]
    }),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  return likedAction({ request })
}

export default function LikedPage() {
  const { products } = useLoaderData<typeof loader>()
  return (
    <div className="liked-page">
      <h1>Liked products</h1>
      {products.length === 0 ? (
        <div className="empty-state">
          <p>You have not liked anything yet. Tap the heart on a product to keep it here.</p>
          <p>
            <Link to="/shop">Browse the shop</Link>
          </p>
        </div>
      ) : (
        <ul className="liked-list" aria-label="Liked products">
          {products.map((product) => (
            <li key={product.id} className="liked-list__item">
              {product.image ? (
                <img src={product.image.url} alt={product.image.alt} width={96} height={96} loading="lazy" />
              ) : null}
              <div>
                <Link to={`/shop/${product.id}`}>{product.name}</Link>
                <p>
                  {formatRand(product.priceCents)}
                  {product.stock === 0 ? ' · Sold out' : null}
                </p>
              </div>
              <LikeButton productId={product.id} productName={product.name} liked />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
