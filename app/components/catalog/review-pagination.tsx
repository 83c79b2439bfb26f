import { Link } from '~/components/link'
import { pageWindow } from '~/lib/catalog/shop-url'
import type { ReviewSort } from '~/lib/data/store'
import { reviewsHref } from '~/lib/reviews/review-query'

/** Previous, page numbers around the current one, and Next for a product's reviews: plain links, keeping sort and variant. */
export function ReviewPagination({
  productPath,
  variant,
  sort,
  page,
  pageCount,
}: {
  productPath: string
  variant: string | null
  sort: ReviewSort
  page: number
  pageCount: number
}) {
  if (pageCount <= 1) return null
  const href = (n: number) => reviewsHref(productPath, { variant, sort, page: n })
  return (
    <nav className="pagination" aria-label="Review pages">
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" preventScrollReset>
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
                to={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Reviews page ${n}`}
                preventScrollReset
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" preventScrollReset>
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
