import { Link } from '~/components/link'
import type { ShopParams } from '~/lib/catalog/query.server'
import { pageWindow, shopHref } from '~/lib/catalog/shop-url'

/** Previous, numbered pages around the current one, and Next: plain links, so crawlers follow them. */
export function Pagination({ params, pageCount }: { params: ShopParams; pageCount: number }) {
  const { page } = params
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        <li>
          {page > 1 ? (
            <Link to={shopHref({ ...params, page: page - 1 })} rel="prev">
              Previous
            </Link>
          ) : (
            <span className="pagination__disabled" aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={shopHref({ ...params, page: n })}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={shopHref({ ...params, page: page + 1 })} rel="next">
              Next
            </Link>
          ) : (
            <span className="pagination__disabled" aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
