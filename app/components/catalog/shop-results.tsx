import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { ProductCard, ProductCardSkeleton } from '~/components/product-card'
import type { CatalogResult } from '~/lib/catalog/catalog-index.server'
import type { ShopParams } from '~/lib/catalog/query.server'
import { activeFilters, shopHref } from '~/lib/catalog/shop-url'
import type { ProductSummary } from '~/lib/catalog/summary'

/**
 * The results side of /shop: the active filters as removable chips, the product grid (skeleton
 * cards while the next results load), the empty state with suggestions, and the page links.
 */
export function ShopResults({
  params,
  categoryName,
  items,
  pageCount,
  suggestions,
  liked,
  pending,
}: {
  params: ShopParams
  categoryName: string | undefined
  items: readonly ProductSummary[]
  pageCount: number
  suggestions: CatalogResult['suggestions']
  liked: ReadonlySet<string>
  pending: boolean
}) {
  const chips = activeFilters(params, categoryName)
  return (
    <section className="shop__results" aria-labelledby="shop-results-heading" aria-busy={pending}>
      <h2 id="shop-results-heading" className="visually-hidden">
        Products
      </h2>

      {chips.length > 0 ? (
        <div className="filter-chips">
          <h3 className="visually-hidden">Active filters</h3>
          <ul>
            {chips.map((chip) => (
              <li key={chip.key}>
                <Link to={chip.href} className="filter-chip" preventScrollReset>
                  {chip.label}
                  <span className="visually-hidden">, remove this filter</span>
                  <span aria-hidden="true"> ×</span>
                </Link>
              </li>
            ))}
            <li>
              <Link to="/shop" className="filter-chip filter-chip--clear">
                Clear all
              </Link>
            </li>
          </ul>
        </div>
      ) : null}

      {pending ? (
        <ul className="product-grid" aria-hidden="true">
          {Array.from({ length: Math.max(4, Math.min(items.length, 8)) }, (_, i) => (
            <li key={i}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      ) : items.length > 0 ? (
        <ul className="product-grid">
          {items.map((product, i) => (
            <li key={product.id}>
              <ProductCard product={product} liked={liked.has(product.id)} eager={i < 4} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyResults params={params} suggestions={suggestions} liked={liked} />
      )}

      {pageCount > 1 && !pending ? (
        <Pagination
          page={params.page}
          pageCount={pageCount}
          href={(n) => shopHref({ ...params, page: n })}
        />
      ) : null}
    </section>
  )
}

function EmptyResults({
  params,
  suggestions,
  liked,
}: {
  params: ShopParams
  suggestions: CatalogResult['suggestions']
  liked: ReadonlySet<string>
}) {
  return (
    <div className="empty-results">
      <h3>No products match{params.q ? ` “${params.q}”` : ' these filters'}</h3>
      {suggestions && suggestions.queries.length > 0 ? (
        <p>
          Did you mean{' '}
          {suggestions.queries.map((query, i) => (
            <span key={query}>
              {i > 0 ? ', ' : null}
              <Link to={shopHref({ ...params, q: query, page: 1 })}>{query}</Link>
            </span>
          ))}
          ?
        </p>
      ) : null}
      <p>
        Check the spelling, try a shorter word, or <Link to="/shop">browse everything</Link>.
      </p>
      {suggestions && suggestions.products.length > 0 ? (
        <>
          <h3>You might like</h3>
          <ul className="product-grid">
            {suggestions.products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} liked={liked.has(product.id)} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
