import { describe, expect, it } from 'vitest'

import { parseReviewQuery, reviewsHref } from './review-query'

const parse = (query: string) => parseReviewQuery(new URLSearchParams(query))

describe('the review sort and page in a product URL', () => {
  it('reads a known sort and a page number', () => {
    expect(parse('reviewSort=highest&reviewPage=3')).toEqual({ sort: 'highest', page: 3 })
    expect(parse('reviewSort=lowest')).toEqual({ sort: 'lowest', page: 1 })
  })

  it('falls back to the newest first page for anything else', () => {
    for (const query of [
      '',
      'reviewSort=',
      'reviewSort=HIGHEST',
      'reviewSort=rating;drop',
      'reviewPage=0',
      'reviewPage=-2',
      'reviewPage=2.5',
      'reviewPage=abc',
      'reviewPage=1e3',
    ]) {
      expect(parse(query)).toEqual({ sort: 'newest', page: 1 })
    }
    expect(parse('reviewPage=999999')).toEqual({ sort: 'newest', page: 1000 })
  })

  it('links a page of reviews keeping the variant, leaving defaults out', () => {
    expect(reviewsHref('/shop/tee', { variant: 'tee--m', sort: 'lowest', page: 2 })).toBe(
      '/shop/tee?variant=tee--m&reviewSort=lowest&reviewPage=2#reviews',
    )
    expect(reviewsHref('/shop/tea', { variant: null, sort: 'newest', page: 1 })).toBe(
      '/shop/tea#reviews',
    )
  })
})
