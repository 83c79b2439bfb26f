import { describe, expect, it } from 'vitest'

import { safeRedirect } from './http.server'

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/account')).toBe('/account')
    expect(safeRedirect('/shop?q=rooibos&page=2')).toBe('/shop?q=rooibos&page=2')
  })

  it('falls back for anything that could leave the shop', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeRedirect(bad)).toBe('/')
    }
    expect(safeRedirect('https://evil.example', '/account')).toBe('/account')
  })
})
