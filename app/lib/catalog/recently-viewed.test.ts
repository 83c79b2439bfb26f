import { describe, expect, it } from 'vitest'

import { parseRecentlyViewed, RECENTLY_VIEWED_MAX, shownOnPage, withView } from './recently-viewed'

describe('the recently viewed cookie value', () => {
  it('reads comma-joined product ids, newest first', () => {
    expect(parseRecentlyViewed('rooibos,rusks,biltong')).toEqual(['rooibos', 'rusks', 'biltong'])
  })

  it('drops anything that is not a product id, and repeats', () => {
    expect(parseRecentlyViewed('rooibos,,../etc,<script>,Rusks,rooibos,a b,rusks')).toEqual([
      'rooibos',
      'rusks',
    ])
    expect(parseRecentlyViewed('')).toEqual([])
    expect(parseRecentlyViewed(null)).toEqual([])
    expect(parseRecentlyViewed(42)).toEqual([])
    expect(parseRecentlyViewed('x'.repeat(81))).toEqual([])
  })

  it('keeps at most twelve ids', () => {
    const many = Array.from({ length: 30 }, (_, i) => `p-${i}`).join(',')
    expect(parseRecentlyViewed(many)).toHaveLength(RECENTLY_VIEWED_MAX)
    expect(parseRecentlyViewed(many)[0]).toBe('p-0')
  })

  it('moves a viewed product to the front, and the oldest drops off a full list', () => {
    expect(withView(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b'])
    const full = Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => `p-${i}`)
    const next = withView(full, 'new')
    expect(next).toHaveLength(RECENTLY_VIEWED_MAX)
    expect(next[0]).toBe('new')
    expect(next).not.toContain(`p-${RECENTLY_VIEWED_MAX - 1}`)
  })

  it('shows the list on a product page without that product', () => {
    expect(shownOnPage(['a', 'b', 'c'], 'b')).toEqual(['a', 'c'])
  })
})
