import { describe, expect, it } from 'vitest'

import { ContentUnavailableError } from './last-good-copy.server'
import { newsPages } from './news.server'
import type { ContentSource, Story } from './types'

const story = (fullSlug: string, component: string, publishedAt: string | null): Story => ({
  uuid: fullSlug,
  name: fullSlug,
  slug: fullSlug.split('/').pop() ?? '',
  full_slug: fullSlug,
  published_at: publishedAt,
  first_published_at: publishedAt,
  content: { _uid: fullSlug, component },
})

const sourceOf = (stories: () => Promise<Story[]>): ContentSource => ({
  kind: 'files',
  story: () => Promise.resolve(null),
  stories,
  refresh: () => Promise.resolve(false),
})

describe('newsPages', () => {
  it('lists each article in the news folder as its /news page with its publishing date', async () => {
    const source = sourceOf(() =>
      Promise.resolve([
        story('news/spring-arrivals', 'article', '2026-09-01T08:00:00.000Z'),
        story('news/not-a-story', 'page', '2026-09-02T08:00:00.000Z'),
        story('news/Odd Slug', 'article', null),
        story('news/draft-notes', 'article', null),
      ]),
    )
    expect(await newsPages(source)).toEqual([
      { path: '/news/spring-arrivals', lastModified: '2026-09-01T08:00:00.000Z' },
      { path: '/news/draft-notes', lastModified: null },
    ])
  })

  it('lists none while the content cannot be had, and passes other errors on', async () => {
    const outage = sourceOf(() =>
      Promise.reject(new ContentUnavailableError('news/', new Error('503'))),
    )
    expect(await newsPages(outage)).toEqual([])
    const broken = sourceOf(() => Promise.reject(new TypeError('bad story')))
    await expect(newsPages(broken)).rejects.toThrow('bad story')
  })
})
