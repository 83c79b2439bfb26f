import { ProductCard } from '~/components/product-card'
import type { ProductSummary } from '~/lib/catalog/summary'

/**
 * A titled row of product cards on a product page ("You may also like", "Recently viewed"):
 * nothing at all when there is nothing to show. Pictures load lazily: they sit below the fold.
 */
export function ProductShelf({
  id,
  title,
  products,
  liked,
}: {
  /** Unique on the page: names the heading the section is labelled by. */
  id: string
  title: string
  products: readonly ProductSummary[]
  liked: ReadonlySet<string>
}) {
  if (products.length === 0) return null
  const headingId = `${id}-heading`
  return (
    <section className="product-shelf" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul className="product-grid">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} liked={liked.has(product.id)} />
          </li>
        ))}
      </ul>
    </section>
  )
}
