import { describe, expect, it } from 'vitest'

import { srcSet } from './responsive'

describe('srcSet', () => {
  it('lists every stored rendition with its width, and nothing for a picture kept elsewhere', () => {
    const variants = [
      { width: 320, url: '/images/tin/abc-320.webp' },
      { width: 640, url: '/images/tin/abc-640.webp' },
      { width: 800, url: '/images/tin/abc-800.webp' },
    ]
    expect(srcSet({ variants })).toBe(
      '/images/tin/abc-320.webp 320w, /images/tin/abc-640.webp 640w, /images/tin/abc-800.webp 800w',
    )
    expect(srcSet({})).toBeUndefined()
    expect(srcSet({ variants: [] })).toBeUndefined()
  })
})
