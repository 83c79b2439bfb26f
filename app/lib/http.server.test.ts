import { describe, expect, it } from 'vitest'

import { safeRedirect } from './http.server'

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeRedirect('/account')).toBe('/account')
    expect(safeRedirect('/shop?q=rooibos&page=2')).toBe('/shop?q=rooibos&page=2')
    expect(safeRedirect('/orders/ABC123XYZ9#history')).toBe('/orders/ABC123XYZ9#history')
    expect(safeRedirect('/shop/./a/../b?x=1')).toBe('/shop/b?x=1')
  })

  it('falls back for absolute and protocol-relative URLs', () => {
    for (const bad of [
      'https://evil',
      'https://evil.example',
      '//evil',
      '//evil.example',
      ' //evil.example',
    ]) {
      expect(safeRedirect(bad), bad).toBe('/')
    }
    expect(safeRedirect('https://evil.example', '/account')).toBe('/account')
  })

  it('falls back when the normalised path would leave the shop', () => {
    for (const bad of [
      '/.//evil.example',
      '/..//',
      '/..//evil.example',
      '/%2e//',
      '/%2E//evil.example',
      '/a/..//evil',
    ]) {
      expect(safeRedirect(bad), bad).toBe('/')
    }
  })

  it('falls back for backslashes and control characters that browsers read as slashes or drop', () => {
    for (const bad of [
      '/\\',
      '/\\evil.example',
      '/x/../\\',
      '/x/../\\evil.example',
      '/\t/evil.example',
      '/\n/evil',
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/')
    }
  })

  it('falls back for anything that is not a path', () => {
    for (const bad of ['javascript:alert(1)', 'account', '', null, undefined]) {
      expect(safeRedirect(bad)).toBe('/')
    }
    expect(safeRedirect(new File(['x'], 'x.txt'))).toBe('/')
  })
})
