/** Rows per page of every back-office list. */
export const ADMIN_PAGE_SIZE = 25

/** The 1-based page asked for in `?page=`; anything that is not a whole number from 1 is page 1. */
export function pageParam(searchParams: URLSearchParams): number {
  const raw = searchParams.get('page') ?? ''
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1
  return Math.max(1, page)
}

/** The store's window for a 1-based page. */
export function pageSlice(page: number, size = ADMIN_PAGE_SIZE) {
  return { offset: (page - 1) * size, limit: size }
}

/** How many pages `total` rows fill (at least one, so an empty list is "page 1 of 1"). */
export function pageCount(total: number, size = ADMIN_PAGE_SIZE) {
  return Math.max(1, Math.ceil(total / size))
}
