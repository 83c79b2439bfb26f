import { randomUUID } from 'node:crypto'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { fakeStory, startFakeStoryblok } from '../../../test/fake-storyblok-cdn'
import { createStoryblokSource, MAX_429_RETRIES } from './storyblok.server'

let cdn: Awaited<ReturnType<typeof startFakeStoryblok>>

beforeEach(async () => {
  cdn = await startFakeStoryblok()
  // The client logs each 429 retry; that is expected here.
  vi.spyOn(console, 'log').mockImplementation(() => {})
})
afterEach(() => cdn.close())

// storyblok-js-client keeps its memory cache and cache versions per process, keyed by token:
// a fresh token per source keeps tests independent.
function source(overrides: { retryBaseDelayMs?: number } = {}) {
  return createStoryblokSource({
    accessToken: `token-${randomUUID()}`,
    version: 'published',
    endpoint: cdn.endpoint,
    retryBaseDelayMs: overrides.retryBaseDelayMs ?? 10,
  })
}

const storyRequests = () => cdn.requests.filter((url) => url.pathname.startsWith('/v2/cdn/stories'))

describe('Storyblok content source', () => {
  it('reads a story by full slug from the configured endpoint', async () => {
    cdn.seed([fakeStory('about-us', { seo_title: 'About us', body: [] })])
    const story = await source().story('about-us')
    expect(story).toMatchObject({ full_slug: 'about-us', content: { component: 'page', seo_title: 'About us' } })
    const [request] = storyRequests()
    expect(request?.pathname).toBe('/v2/cdn/stories/about-us')
    expect(request?.searchParams.get('version')).toBe('published')
  })

  it('answers null for a slug that does not exist', async () => {
    cdn.seed([fakeStory('home', {})])
    await expect(source().story('nope')).resolves.toBeNull()
  })

  it('retries a 429 with a rising delay, then succeeds', async () => {
    cdn.seed([fakeStory('faq', { seo_title: 'FAQ' })])
    cdn.failNext(429, 429, 429)
    const started = Date.now()
    const story = await source({ retryBaseDelayMs: 40 }).story('faq')
    expect(story?.content.seo_title).toBe('FAQ')
    expect(storyRequests()).toHaveLength(4)
    // 40 + 80 + 160 ms of back-off: a fixed delay would have waited 120.
    expect(Date.now() - started).toBeGreaterThanOrEqual(270)
  })

  it(`gives up after ${MAX_429_RETRIES} retries`, async () => {
    cdn.seed([fakeStory('faq', {})])
    cdn.failNext(...Array.from({ length: MAX_429_RETRIES + 1 }, () => 429))
    await expect(source({ retryBaseDelayMs: 1 }).story('faq')).rejects.toThrow(/429/)
    expect(storyRequests()).toHaveLength(MAX_429_RETRIES + 1)
  })

  it('resolves relations inlined by the API', async () => {
    const quotes = ['a', 'b', 'c'].map((k) => fakeStory(`testimonials/${k}`, { component: 'testimonial', quote: `Quote ${k}` }))
    cdn.seed([
      ...quotes,
      fakeStory('home', { body: [{ _uid: 'q', component: 'quotes', quotes: quotes.map((q) => q.uuid) }] }),
    ])
    const story = await source().story('home', { resolveRelations: ['quotes.quotes'] })
    const body = story?.content.body as { quotes: { content: { quote: string } }[] }[]
    expect(body[0]?.quotes.map((q) => q.content.quote)).toEqual(['Quote a', 'Quote b', 'Quote c'])
    expect(storyRequests()[0]?.searchParams.get('resolve_relations')).toBe('quotes.quotes')
  })

  it('fetches relations past 50 in batches of 50', async () => {
    const quotes = Array.from({ length: 60 }, (_, i) =>
      fakeStory(`testimonials/t${i}`, { component: 'testimonial', quote: `Quote ${i}` }),
    )
    cdn.seed([
      ...quotes,
      fakeStory('home', { body: [{ _uid: 'q', component: 'quotes', quotes: quotes.map((q) => q.uuid) }] }),
    ])
    const story = await source().story('home', { resolveRelations: ['quotes.quotes'] })
    const batches = storyRequests().filter((url) => url.searchParams.has('by_uuids'))
    expect(batches.map((url) => url.searchParams.get('by_uuids')?.split(',').length)).toEqual([50, 10])
    expect(batches.every((url) => url.searchParams.get('per_page') === '50')).toBe(true)
    const body = story?.content.body as { quotes: { content: { quote: string } }[] }[]
    expect(body[0]?.quotes).toHaveLength(60)
    expect(body[0]?.quotes[59]?.content.quote).toBe('Quote 59')
  })

  it('lists stories under a folder, sorted, with the page size asked for', async () => {
    cdn.seed([
      fakeStory('news/old', { date: '2025-01-01 08:00' }),
      fakeStory('news/new', { date: '2025-03-01 08:00' }),
      fakeStory('news/mid', { date: '2025-02-01 08:00' }),
      fakeStory('home', {}),
    ])
    const stories = await source().stories({ startsWith: 'news/', sortBy: 'content.date:desc', perPage: 2 })
    expect(stories.map((s) => s.full_slug)).toEqual(['news/new', 'news/mid'])
    const [request] = storyRequests()
    expect(request?.searchParams.get('starts_with')).toBe('news/')
    expect(request?.searchParams.get('per_page')).toBe('2')
  })

  it('asks the CDN each time, with the space version a refresh found after a publish', async () => {
    cdn.seed([fakeStory('home', { headline: 'First' })])
    const content = source()
    expect((await content.story('home'))?.content.headline).toBe('First')
    expect(await content.refresh()).toBe(false)

    cdn.publish([fakeStory('home', { headline: 'Second' })])
    expect(await content.refresh()).toBe(true)
    const before = storyRequests().length
    expect((await content.story('home'))?.content.headline).toBe('Second')
    expect(storyRequests()).toHaveLength(before + 1)
    expect(storyRequests().at(-1)?.searchParams.get('cv')).toBe(String(cdn.version))
  })

  it('fails a call the CDN accepts but never answers, after the timeout', async () => {
    cdn.seed([fakeStory('home', {})])
    await cdn.setMode('hang')
    const content = createStoryblokSource({
      accessToken: `token-${randomUUID()}`,
      version: 'published',
      endpoint: cdn.endpoint,
      timeoutSeconds: 0.2,
    })
    const started = Date.now()
    await expect(content.story('home')).rejects.toThrow(/Storyblok story home failed/)
    await expect(content.refresh()).rejects.toThrow(/spaces\/me failed/)
    expect(Date.now() - started).toBeGreaterThanOrEqual(380)
    expect(Date.now() - started).toBeLessThan(1500)
  })
})
