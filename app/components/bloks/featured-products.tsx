import { Link } from '~/components/link'
import { usePersonal } from '~/components/personal'
import { ProductCard } from '~/components/product-card'
import type { ProductSummary } from '~/lib/catalog/summary'
import { editable, text } from '~/lib/content/blok-fields'
import type { Blok } from '~/lib/content/types'

function isSummary(value: unknown): value is ProductSummary {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    typeof (value as ProductSummary).id === 'string' &&
    typeof (value as ProductSummary).priceCents === 'number'
  )
}

/**
 * The home page's featured products: the cards of /shop for the ids the editor listed in
 * `product_ids`. The loader swaps those ids for `products` (prepareFeaturedProducts), so this only
 * renders.
 */
export function FeaturedProducts({ blok }: { blok: Blok }) {
  const products = Array.isArray(blok.products) ? blok.products.filter(isSummary) : []
  const { liked } = usePersonal()
  if (products.length === 0) return null
  const title = text(blok.title) || 'Featured products'
  const headingId = `featured-${blok._uid}`
  return (
    <section
      className="featured-products container"
      aria-labelledby={headingId}
      {...editable(blok)}
    >
      <h2 id={headingId}>{title}</h2>
      <ul className="product-grid">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} liked={liked.includes(product.id)} />
          </li>
        ))}
      </ul>
      <p className="featured-products__more">
        <Link to="/shop">{text(blok.link_label) || 'See everything in the shop'}</Link>
      </p>
    </section>
  )
}
