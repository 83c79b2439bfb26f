import { useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'

import { Link } from '~/components/link'
import { pageNumbers } from '~/lib/catalog/shop-url'

/**
 * Previous, the page numbers around the current one, and Next: plain links, so they work without
 * JavaScript and crawlers follow them. The one pager of the shop: /shop, a product's reviews and
 * every back-office list. Without `href`, a page is this URL with `?page=n`, keeping the other
 * query parameters (a list's status and search).
 */
export function Pagination({
  page,
  pageCount,
  href,
  label = 'Pages',
  pageLabel = (n) => `Page ${n}`,
  summary,
  className,
  preventScrollReset,
}: {
  page: number
  pageCount: number
  href?: (page: number) => string
  /** The navigation's accessible name. */
  label?: string
  /** Each number link's accessible name. */
  pageLabel?: (page: number) => string
  /** A line before the links, shown even when there is one page ("Page 1 of 1 · 3 orders"). */
  summary?: ReactNode
  className?: string
  /** Keeps the scroll position: the reviews change below the fold. */
  preventScrollReset?: boolean
}) {
  const { pathname, search } = useLocation()
  const to =
    href ??
    ((target: number) => {
      const params = new URLSearchParams(search)
      if (target === 1) params.delete('page')
      else params.set('page', String(target))
      const query = params.toString()
      return query ? `${pathname}?${query}` : pathname
    })
  if (pageCount <= 1 && !summary) return null
  return (
    <nav className={className ? `pagination ${className}` : 'pagination'} aria-label={label}>
      {summary ? <p>{summary}</p> : null}
      {pageCount > 1 ? (
        <ul>
          <li>
            {page > 1 ? (
              <Link to={to(page - 1)} rel="prev" preventScrollReset={preventScrollReset}>
                Previous
              </Link>
            ) : (
              <span className="pagination__disabled" aria-disabled="true">
                Previous
              </span>
            )}
          </li>
          {pageNumbers(page, pageCount).map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={n}>
                <Link
                  to={to(n)}
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={pageLabel(n)}
                  preventScrollReset={preventScrollReset}
                >
                  {n}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < pageCount ? (
              <Link to={to(page + 1)} rel="next" preventScrollReset={preventScrollReset}>
                Next
              </Link>
            ) : (
              <span className="pagination__disabled" aria-disabled="true">
                Next
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  )
}
