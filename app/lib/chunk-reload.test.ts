import { afterEach, describe, expect, it, vi } from 'vitest'

import { isChunkLoadError, reloadForFailedChunk } from './chunk-reload'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

describe('failed script chunks', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('recognises the browsers’ chunk-load errors and nothing else', () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: /build/routes/shop-ABC.js'),
      ),
    ).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })

  it('reloads the page at most once per minute', () => {
    const reload = vi.fn()
    vi.stubGlobal('window', { location: { reload } })
    const storage = memoryStorage()
    expect(reloadForFailedChunk(1_000_000, storage)).toBe(true)
    expect(reloadForFailedChunk(1_030_000, storage)).toBe(false)
    expect(reloadForFailedChunk(1_060_001, storage)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
