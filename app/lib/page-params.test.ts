import { describe, expect, it } from 'vitest'

import { ownSearch, pageParams } from './page-params'

describe('what a kept page echoes of its own URL', () => {
  it('keeps the parameters the page reads and drops made-up ones', () => {
    expect(ownSearch('/shop', '?q=tea&utm_source=ad&page=2&fbclid=x')).toBe('?q=tea&page=2')
    expect(ownSearch('/shop/tee', '?variant=tee--m&gclid=1&reviewPage=3')).toBe(
      '?variant=tee--m&reviewPage=3',
    )
    expect(ownSearch('/', '?q=tea&utm=1')).toBe('')
    expect(ownSearch('/faq', '')).toBe('')
  })

  it('leaves the query of pages the cache never keeps as it is', () => {
    expect(pageParams('/cart')).toBeNull()
    expect(ownSearch('/cart', '?utm=1&x=2')).toBe('?utm=1&x=2')
    expect(ownSearch('/orders/abc', '?token=t')).toBe('?token=t')
  })
})
