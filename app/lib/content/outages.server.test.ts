import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

import { openStore } from '~/lib/data/index.server'
import type { ContentCopyStore, Store } from '~/lib/data/store'

import { PAGE_RELATIONS } from './bloks.server'
import { fakeStory, startFakeStoryblok, type FakeCdnMode } from '../../../test/fake-storyblok-cdn'
import { contentDegradation } from './health.server'
import { ContentUnavailableError, withLastGoodCopy, type ResilientContentSource } from './last-good-copy.server'
import { layoutFallbackSince, loadLayoutFrom } from './layout.server'
import { loadPageFrom } from './pages.server'
import { bundledSource } from './source.server'
import { createStoryblokSource, TIMEOUT_SECONDS } from './storyblok.server'
import type { Blok } from './types'
import { logger } from '~/lib/log.server'

// Content resilience against the fake CDN in its four modes. The source is the one production
// builds (storyblok-js-client behind the last-good-copy cache), with a shorter timeout so a hanging
// CDN costs the suite half a second per call rather than three.
const TEST_TIMEOUT_SECONDS = 0.5
// Well under the timeout: the visitor was answered without waiting for the CDN.
const AT_ONCE_MS = 200
const BUNDLED_SITE_NAME = 'Karoo & Co.'

let cdn: Awaited<ReturnType<typeof startFakeStoryblok>>
/**
 * The content sources' clock: the real time, moved ahead by a test instead of waiting for a look
 * to fall due (background looks and retries still come in real time).
 */
let skipped = 0
const clock = () => Date.now() + skipped
const skipAhead = (ms: number) => {
  skipped += ms
}
let warn: MockInstance<typeof logger.warn>
const sources: ResilientContentSource[] = []

beforeEach(async () => {
  skipped = 0
  cdn = await startFakeStoryblok()
  publish('v1', cdn.seed)
  // Outages are logged as warnings; the tests read what was logged.
  warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
})
afterEach(async () => {
  // A background look still under way would log this test's outage into the next test.
  await Promise.all(
    sources.splice(0).map((source) => {
      source.stop()
      return source.settled()
    }),
  )
  // Leave the shell's fallback state as a healthy process has it.
  await loadLayoutFrom({ source: bundledSource(), editor: false })
  await cdn.close()
})

function publish(version: string, into: (stories: ReturnType<typeof fakeStory>[]) => void = cdn.publish) {
  into([
    fakeStory('layout', {
      site_name: `Shop ${version}`,
      announcement: [{ _uid: 'bar', component: 'announcement_bar', text: `Sale ${version}` }],
    }),
    fakeStory('home', { seo_title: `Home ${version}` }),
    fakeStory('faq', { seo_title: `FAQ ${version}` }),
  ])
}

// A fresh token per source: storyblok-js-client keeps cache versions per token for the process.
function content(
  options: {
    timeoutSeconds?: number | 'default'
    retryAfterMs?: number
    revalidateAfterMs?: number
    copies?: ContentCopyStore
    watch?: boolean
  } = {},
) {
  const timeoutSeconds = options.timeoutSeconds ?? TEST_TIMEOUT_SECONDS
  const source = withLastGoodCopy(
    createStoryblokSource({
      accessToken: `token-${randomUUID()}`,
      version: 'published',
      endpoint: cdn.endpoint,
      retryBaseDelayMs: 10,
      timeoutSeconds: timeoutSeconds === 'default' ? undefined : timeoutSeconds,
    }),
    {
      retryAfterMs: options.retryAfterMs ?? 50,
      revalidateAfterMs: options.revalidateAfterMs ?? 60_000,
      copies: options.copies,
      watch: options.watch,
      now: clock,
    },
  )
  sources.push(source)
  return { source, editor: false }
}

const logged = (pattern: RegExp) => warn.mock.calls.filter(([message]) => pattern.test(String(message)))
const storyRequests = () => cdn.requests.filter((url) => url.pathname.startsWith('/v2/cdn/stories'))

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

// storyblok-js-client starts at most 5 requests a second, so a look may queue for a second first.
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: 3_000, interval: 20 })

const outages: FakeCdnMode[] = ['error', 'refuse', 'hang']

describe('content while Storyblok answers', () => {
  it('keeps the first view of a story: the next visitor is answered from memory', async () => {
    const shop = content()
    expect((await loadLayoutFrom(shop)).siteName).toBe('Shop v1')
    const asked = storyRequests().length
    expect((await loadLayoutFrom(shop)).siteName).toBe('Shop v1')
    expect((await loadPageFrom(shop, 'home')).page.title).toBe('Home v1')
    expect((await loadPageFrom(shop, 'home')).page.title).toBe('Home v1')
    // Only the home page's first view went to the CDN.
    expect(storyRequests()).toHaveLength(asked + 1)
    expect(shop.source.health()).toEqual({ degraded: false })
  })

  it('shows a publish after refresh (the webhook), before the next visitor arrives', async () => {
    const shop = content()
    await loadLayoutFrom(shop)
    await loadPageFrom(shop, 'home')
    publish('v2')
    await shop.source.refresh()
    const asked = storyRequests().length
    expect((await loadLayoutFrom(shop)).siteName).toBe('Shop v2')
    expect((await loadPageFrom(shop, 'home')).page.title).toBe('Home v2')
    expect(storyRequests()).toHaveLength(asked)
  })

  it('looks for a publish in the background once the copies are old, without a webhook', async () => {
    const shop = content({ revalidateAfterMs: 30 })
    await loadLayoutFrom(shop)
    publish('v2')
    skipAhead(40)
    // This visitor gets the copy at once; the look it started brings the publish in.
    expect((await loadLayoutFrom(shop)).siteName).toBe('Shop v1')
    await eventually(async () => expect((await loadLayoutFrom(shop)).siteName).toBe('Shop v2'))
  })
})

describe.each(outages)('Storyblok in outage (%s)', (mode) => {
  it('from the very first request: the shell falls back to the bundled layout and logs it once', async () => {
    await cdn.setMode(mode)
    const shop = content()
    const first = await timed(() => loadLayoutFrom(shop))
    expect(first.value.siteName).toBe(BUNDLED_SITE_NAME)
    expect(first.value.header?.component).toBe('header_nav')
    expect(first.ms).toBeLessThan(TEST_TIMEOUT_SECONDS * 1000 + 700)

    // Later visitors do not wait for a CDN known to be failing.
    const later = await timed(() => loadLayoutFrom(shop))
    expect(later.value.siteName).toBe(BUNDLED_SITE_NAME)
    expect(later.ms).toBeLessThan(AT_ONCE_MS)
    await loadLayoutFrom(shop)

    expect(logged(/bundled layout/)).toHaveLength(1)
    expect(logged(/Storyblok is failing/)).toHaveLength(1)
    expect(layoutFallbackSince()).toBeInstanceOf(Date)
    expect(shop.source.health()).toMatchObject({ degraded: true, since: expect.any(Date) })
  })

  it('from the very first request: a content page with no copy fails (the 500 page, not a 404)', async () => {
    await cdn.setMode(mode)
    const shop = content()
    const thrown = await loadPageFrom(shop, 'home').catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(ContentUnavailableError)
    expect(thrown).not.toBeInstanceOf(Response)
  })

  it('after a publish: the last published content stays up, answered at once', async () => {
    const shop = content({ revalidateAfterMs: 30, retryAfterMs: 30 })
    await loadLayoutFrom(shop)
    await loadPageFrom(shop, 'home')
    publish('v2')
    await shop.source.refresh()
    expect((await loadPageFrom(shop, 'home')).page.title).toBe('Home v2')

    await cdn.setMode(mode)
    skipAhead(40)
    // The background look fails; visitors never wait for it.
    for (let i = 0; i < 3; i++) {
      const layout = await timed(() => loadLayoutFrom(shop))
      expect(layout.value.siteName).toBe('Shop v2')
      expect(layout.value.announcement?.text).toBe('Sale v2')
      expect(layout.ms).toBeLessThan(AT_ONCE_MS)
      const home = await timed(() => loadPageFrom(shop, 'home'))
      expect(home.value.page.title).toBe('Home v2')
      expect(home.ms).toBeLessThan(AT_ONCE_MS)
    }
    await eventually(() => expect(shop.source.health()).toMatchObject({ degraded: true }))
    expect(layoutFallbackSince()).toBeNull()
    expect(logged(/bundled layout/)).toHaveLength(0)
  })

  it('after recovery: the background refresh brings in what was published during the outage', async () => {
    const shop = content({ retryAfterMs: 30 })
    await loadLayoutFrom(shop)
    await loadPageFrom(shop, 'home')

    await cdn.setMode(mode)
    publish('v2')
    // The webhook's refresh fails with the rest; the copies stay.
    await expect(shop.source.refresh()).rejects.toThrow(/refresh failed/)
    expect((await loadPageFrom(shop, 'home')).page.title).toBe('Home v1')

    await cdn.setMode('ok')
    skipAhead(40)
    await eventually(async () => {
      expect((await loadPageFrom(shop, 'home')).page.title).toBe('Home v2')
      expect((await loadLayoutFrom(shop)).siteName).toBe('Shop v2')
    })
    expect(shop.source.health()).toEqual({ degraded: false })
    expect(logged(/answers again/)).toHaveLength(1)
  })

  it('after recovery: a story first asked for during the outage is fetched, and the shell leaves the fallback', async () => {
    await cdn.setMode(mode)
    const shop = content({ retryAfterMs: 30 })
    expect((await loadLayoutFrom(shop)).siteName).toBe(BUNDLED_SITE_NAME)

    await cdn.setMode('ok')
    skipAhead(40)
    await eventually(async () => expect((await loadLayoutFrom(shop)).siteName).toBe('Shop v1'))
    expect(layoutFallbackSince()).toBeNull()
    expect(logged(/comes from the content source again/)).toHaveLength(1)
  })
})

describe('a kept page whose parts cannot be had', () => {
  it('renders without the news listing rather than failing', async () => {
    cdn.seed([
      fakeStory('home', { seo_title: 'Home', body: [{ _uid: 'news', component: 'latest_news', count: 2 }] }),
      fakeStory('news/one', { title: 'One', date: '2025-01-01' }),
    ])
    const shop = content()
    // The home story is kept; its news listing was never asked for before the outage.
    await shop.source.story('home', { resolveRelations: PAGE_RELATIONS })
    await cdn.setMode('error')
    const { page } = await loadPageFrom(shop, 'home')
    expect(page.title).toBe('Home')
    expect((page.page.body as Blok[])[0]).toMatchObject({ component: 'latest_news', articles: [] })
  })
})

describe('the production timeout', () => {
  it(`gives up on a hanging CDN after ${TIMEOUT_SECONDS} s`, async () => {
    await cdn.setMode('hang')
    const shop = content({ timeoutSeconds: 'default' })
    const { value, ms } = await timed(() => loadLayoutFrom(shop))
    expect(value.siteName).toBe(BUNDLED_SITE_NAME)
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 50)
    expect(ms).toBeLessThan(TIMEOUT_SECONDS * 1000 + 1000)
  })
})

// The data store the production source keeps its copies in: a real SQLite store per test.
const storeRoot = mkdtempSync(path.join(tmpdir(), 'content-copies-'))
let stores = 0
afterAll(() => rmSync(storeRoot, { recursive: true, force: true }))

async function withStore(run: (store: Store) => Promise<void>) {
  const store = await openStore({ backend: 'sqlite', dataDir: path.join(storeRoot, String(stores++)) })
  try {
    await run(store)
  } finally {
    await store.close()
  }
}

/** The store's copies, counting the writes that changed something. */
function countingCopies(store: Store) {
  const changed: string[] = []
  const copies: ContentCopyStore = {
    get: (key) => store.contentCopies.get(key),
    async put(key, json, fetchedAt) {
      const wrote = await store.contentCopies.put(key, json, fetchedAt)
      if (wrote) changed.push(key)
      return wrote
    },
  }
  return { copies, changed }
}

describe.each(outages)('a restart while Storyblok is in outage (%s)', (mode) => {
  it('serves the copies the last process stored, not the bundled stories', async () => {
    await withStore(async (store) => {
      const before = content({ copies: store.contentCopies })
      await loadLayoutFrom(before)
      await loadPageFrom(before, 'home')
      await loadPageFrom(before, 'faq')
      await before.source.settled()

      await cdn.setMode(mode)
      // A new process: nothing in memory, the same data store.
      const after = content({ copies: store.contentCopies })
      const layout = await loadLayoutFrom(after)
      expect(layout.siteName).toBe('Shop v1')
      expect(layout.announcement?.text).toBe('Sale v1')
      expect((await loadPageFrom(after, 'home')).page.title).toBe('Home v1')
      expect((await loadPageFrom(after, 'faq')).page.title).toBe('FAQ v1')
      expect(logged(/bundled layout/)).toHaveLength(0)
      expect(layoutFallbackSince()).toBeNull()
      expect(contentDegradation(after.source)).toMatch(
        /^content: degraded \(serving last good copy since .+\)$/,
      )
      // Once Storyblok answers again, fresh copies replace the stored ones.
      publish('v2')
      await cdn.setMode('ok')
      await after.source.refresh()
      expect((await loadPageFrom(after, 'home')).page.title).toBe('Home v2')
      expect(after.source.health()).toEqual({ degraded: false })
      await after.source.settled()
    })
  })

  it('with nothing ever stored, the shell uses the bundled layout and a content page fails', async () => {
    await withStore(async (store) => {
      await cdn.setMode(mode)
      const shop = content({ copies: store.contentCopies })
      expect((await loadLayoutFrom(shop)).siteName).toBe(BUNDLED_SITE_NAME)
      const thrown = await loadPageFrom(shop, 'home').catch((error: unknown) => error)
      expect(thrown).toBeInstanceOf(ContentUnavailableError)
      expect(logged(/bundled layout/)).toHaveLength(1)
    })
  })
})

describe('storing copies', () => {
  it('writes each story Storyblok answered once, and again only when a publish changed it', async () => {
    await withStore(async (store) => {
      const { copies, changed } = countingCopies(store)
      const shop = content({ copies })
      await loadLayoutFrom(shop)
      await loadPageFrom(shop, 'home')
      await shop.source.refresh()
      await shop.source.settled()
      expect(changed.sort()).toEqual([`story:home|${PAGE_RELATIONS.join(',')}`, 'story:layout|'])

      // A publish that changed the home page only, then a process that fetches the same again.
      cdn.publish([
        fakeStory('layout', {
          site_name: 'Shop v1',
          announcement: [{ _uid: 'bar', component: 'announcement_bar', text: 'Sale v1' }],
        }),
        fakeStory('home', { seo_title: 'Home v2' }),
      ])
      changed.length = 0
      await shop.source.refresh()
      await shop.source.settled()
      expect(changed).toEqual([`story:home|${PAGE_RELATIONS.join(',')}`])

      changed.length = 0
      const next = content({ copies })
      await loadLayoutFrom(next)
      await loadPageFrom(next, 'home')
      await next.source.settled()
      expect(changed).toEqual([])
    })
  })

  it('stores nothing for slugs Storyblok does not know', async () => {
    await withStore(async (store) => {
      const { copies, changed } = countingCopies(store)
      const shop = content({ copies })
      // Storyblok's client asks at most 5 times a second: a few slugs make the point.
      for (let i = 0; i < 6; i++) {
        await expect(loadPageFrom(shop, `made-up-${i}`)).rejects.toMatchObject({ status: 404 })
      }
      await shop.source.settled()
      expect(changed).toEqual([])
      expect(await store.contentCopies.get(`story:made-up-0|${PAGE_RELATIONS.join(',')}`)).toBeNull()
    })
  })

  it('answers the visitor without waiting for the write, and a failed write only logs', async () => {
    let release!: () => void
    const stalled = new Promise<void>((resolve) => (release = resolve))
    const hanging: ContentCopyStore = {
      get: async () => null,
      put: async () => {
        await stalled
        throw new Error('disk full')
      },
    }
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const shop = content({ copies: hanging })
    const { value, ms } = await timed(() => loadPageFrom(shop, 'home'))
    expect(value.page.title).toBe('Home v1')
    // The write is still under way; the visitor already has the page.
    expect(error).not.toHaveBeenCalled()
    release()
    await shop.source.settled()
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/could not be stored.*disk full/))
    expect(ms).toBeLessThan(TEST_TIMEOUT_SECONDS * 1000)
    error.mockRestore()
  })
})

describe('an outage no visitor sees (pages served from the page cache)', () => {
  it('shows in the health line without any read, and clears once Storyblok answers', async () => {
    const shop = content({ watch: true, revalidateAfterMs: 60, retryAfterMs: 30 })
    await loadLayoutFrom(shop)
    await loadPageFrom(shop, 'home')
    expect(contentDegradation(shop.source)).toBeNull()

    await cdn.setMode('error')
    await eventually(() =>
      expect(contentDegradation(shop.source)).toMatch(
        /^content: degraded \(serving last good copy since .+; .*500/,
      ),
    )
    await cdn.setMode('ok')
    await eventually(() => expect(contentDegradation(shop.source)).toBeNull())
    expect(logged(/answers again/)).toHaveLength(1)
  })

  it('is not seen without the timer: the copies are fresh, so no read asks Storyblok', async () => {
    const shop = content({ revalidateAfterMs: 60_000 })
    await loadLayoutFrom(shop)
    await cdn.setMode('error')
    const asked = cdn.requests.length
    await loadLayoutFrom(shop)
    expect(cdn.requests.length).toBe(asked)
    expect(contentDegradation(shop.source)).toBeNull()
  })
})
