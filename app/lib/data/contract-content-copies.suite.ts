import { describe, expect, it } from 'vitest'

import { storePerTest, type ContractHarness } from './contract.suite'
import type { Store } from './store'

const T0 = '2025-03-01T10:00:00.000Z'
const T1 = '2025-03-01T11:00:00.000Z'
const T2 = '2025-03-01T12:00:00.000Z'

/** A story as the content source keeps it: bloks nest arrays in objects in arrays. */
const story = (title: string) =>
  JSON.stringify({
    uuid: 'uuid-home',
    name: 'Home',
    slug: 'home',
    full_slug: 'home',
    published_at: T0,
    first_published_at: T0,
    content: {
      _uid: 'root',
      component: 'page',
      seo_title: title,
      body: [
        {
          _uid: 'g',
          component: 'grid',
          columns: [[{ _uid: 't', text: 'Rooibos & rusks – “lekker”' }]],
        },
      ],
    },
  })

/**
 * The last good copies of published content (docs/contracts.md "Storyblok and content outages")
 * every data adapter must keep, so an instance started during a Storyblok outage serves them. Same
 * harness as contract.suite.ts.
 */
export function describeContentCopiesContract(name: string, harness: ContractHarness): void {
  describe(`content copies contract: ${name}`, () => {
    let store: Store
    storePerTest(harness, async () => {
      store = await harness.fresh({ now: () => new Date(T0) })
      return store
    })

    it('has no copy of content never stored', async () => {
      expect(await store.contentCopies.get('story:home|')).toBeNull()
    })

    it('gives back the copy as stored, text for text, with when it was fetched', async () => {
      const json = story('Home v1')
      expect(await store.contentCopies.put('story:home|', json, T0)).toBe(true)
      expect(await store.contentCopies.get('story:home|')).toEqual({ json, fetchedAt: T0 })
    })

    it('writes nothing when the copy did not change, and replaces a changed one', async () => {
      await store.contentCopies.put('story:home|', story('Home v1'), T0)
      expect(await store.contentCopies.put('story:home|', story('Home v1'), T1)).toBe(false)
      expect(await store.contentCopies.get('story:home|')).toEqual({
        json: story('Home v1'),
        fetchedAt: T0,
      })
      expect(await store.contentCopies.put('story:home|', story('Home v2'), T2)).toBe(true)
      expect(await store.contentCopies.get('story:home|')).toEqual({
        json: story('Home v2'),
        fetchedAt: T2,
      })
    })

    it('keeps keys apart whatever they hold (slashes, separators, long listing queries)', async () => {
      const keys = [
        'story:news/one|article.author',
        'story:news/one|',
        'story:news|one',
        `stories:${JSON.stringify({ startsWith: 'news/', sortBy: 'content.date:desc', perPage: 100 })}`,
        `stories:${JSON.stringify({ startsWith: 'news/', sortBy: 'content.date:desc', perPage: 3 })}`,
        `story:${'a'.repeat(600)}|`,
      ]
      for (const [i, key] of keys.entries()) {
        expect(await store.contentCopies.put(key, JSON.stringify({ i }), T0)).toBe(true)
      }
      for (const [i, key] of keys.entries()) {
        expect((await store.contentCopies.get(key))?.json).toBe(JSON.stringify({ i }))
      }
    })
  })
}
