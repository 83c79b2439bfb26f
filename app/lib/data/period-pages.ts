import type { PeriodPageRequest } from './store'

/**
 * The cursors of the period reads (OrderStore.listInvoiced, listCreditNotes): both adapters walk a
 * period by (time, key) and hand back the last item's pair, so a page never repeats or skips a
 * record even when many share one instant.
 */

export type PeriodCursor = { at: string; key: string }

export function encodePeriodCursor(cursor: PeriodCursor): string {
  return `${cursor.at}|${cursor.key}`
}

/** The cursor a page starts after; null for the first page. RangeError for one we did not write. */
export function decodePeriodCursor(after: string | null | undefined): PeriodCursor | null {
  if (!after) return null
  const bar = after.indexOf('|')
  if (bar < 1 || Number.isNaN(Date.parse(after.slice(0, bar)))) {
    throw new RangeError(`Not a period cursor: ${after}`)
  }
  return { at: after.slice(0, bar), key: after.slice(bar + 1) }
}

/** The period as the store compares it (ISO instants), with the page size checked. */
export function periodBounds(query: PeriodPageRequest): { from: string; to: string } {
  if (!Number.isInteger(query.limit) || query.limit < 1) {
    throw new RangeError(`A page needs limit >= 1, got ${query.limit}`)
  }
  const from = new Date(Date.parse(query.from))
  const to = new Date(Date.parse(query.to))
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    throw new RangeError(`Not a period: ${query.from} to ${query.to}`)
  }
  return { from: from.toISOString(), to: to.toISOString() }
}

/** The next page's cursor: after the last item when the page came back full, else none. */
export function nextCursor<T>(
  items: readonly T[],
  limit: number,
  cursorOf: (item: T) => PeriodCursor,
): string | null {
  const last = items.at(-1)
  return items.length === limit && last ? encodePeriodCursor(cursorOf(last)) : null
}
