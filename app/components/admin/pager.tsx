import { useLocation } from '@remix-run/react'

import { Link } from '~/components/link'

/**
 * Previous and next links of a back-office list, keeping the list's other query parameters
 * (status, search). Plain links: they work without JavaScript.
 */
export function Pager({
  page,
  pageCount,
  total,
  noun,
}: {
  page: number
  pageCount: number
  total: number
  /** What the rows are, plural: "orders". */
  noun: string
}) {
  const { pathname, search } = useLocation()
  const to = (target: number) => {
    const params = new URLSearchParams(search)
    if (target === 1) params.delete('page')
    else params.set('page', String(target))
    const query = params.toString()
    return query ? `${pathname}?${query}` : pathname
  }
  return (
    <nav className="admin-pager" aria-label="Pages">
      <p>
        Page {page} of {pageCount} · {total} {noun}
      </p>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={to(page - 1)} rel="prev">
              Previous page
            </Link>
          </li>
        ) : null}
        {page < pageCount ? (
          <li>
            <Link to={to(page + 1)} rel="next">
              Next page
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
