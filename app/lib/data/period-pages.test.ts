import { describe, expect, it } from 'vitest'

import { decodePeriodCursor, encodePeriodCursor, nextCursor, periodBounds } from './period-pages'

describe("the period reads' cursor", () => {
  it('goes round from the last item of a full page, and ends on a short one', () => {
    const at = '2026-03-01T10:00:00.000Z'
    const cursor = nextCursor([{ at, key: 'ORDER|WITH|BARS' }], 1, (item) => item)
    expect(cursor).toBe(encodePeriodCursor({ at, key: 'ORDER|WITH|BARS' }))
    expect(decodePeriodCursor(cursor)).toEqual({ at, key: 'ORDER|WITH|BARS' })
    expect(nextCursor([{ at, key: 'A' }], 2, (item) => item)).toBeNull()
    expect(decodePeriodCursor(null)).toBeNull()
  })

  it('refuses a cursor the store did not write, and a period that is not one', () => {
    expect(() => decodePeriodCursor('page-2')).toThrow(RangeError)
    expect(() => decodePeriodCursor('yesterday|A')).toThrow(RangeError)
    expect(() => periodBounds({ from: 'soon', to: '2026-03-01', limit: 10 })).toThrow(RangeError)
    expect(() => periodBounds({ from: '2026-03-01', to: '2026-03-02', limit: 0 })).toThrow(
      RangeError,
    )
  })
})
