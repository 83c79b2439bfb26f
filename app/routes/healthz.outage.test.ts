import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { fakeStory, startFakeStoryblok } from '../../test/fake-storyblok-cdn'
import { REVALIDATE_AFTER_MS, RETRY_AFTER_MS } from '~/lib/content/last-good-copy.server'
import type * as LayoutModule from '~/lib/content/layout.server'

import type * as HealthzRoute from './healthz'
import { logger } from '~/lib/log.server'

// The production content source looks at Storyblok every minute while all is well: the clock is
// moved by hand (timers and Date only; sockets and Storyblok's own deadlines run in real time).
let cdn: Awaited<ReturnType<typeof startFakeStoryblok>>
let route: typeof HealthzRoute
let layout: typeof LayoutModule

beforeAll(async () => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  })
  cdn = await startFakeStoryblok()
  cdn.seed([fakeStory('layout', { site_name: 'From Storyblok' })])
  vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'healthz-outage-test-')))
  vi.stubEnv('STORYBLOK_TOKEN', `token-${randomUUID()}`)
  vi.stubEnv('STORYBLOK_ENDPOINT', cdn.endpoint)
  vi.resetModules()
  route = await import('./healthz')
  layout = await import('~/lib/content/layout.server')
  const catalog = await import('~/lib/catalog/catalog.server')
  await catalog.getCatalog()
})
afterAll(async () => {
  const { contentSource } = await import('~/lib/content/source.server')
  const source = contentSource()
  if ('stop' in source && typeof source.stop === 'function') source.stop()
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).close()
  vi.useRealTimers()
  vi.unstubAllEnvs()
  await cdn.close()
})

async function healthz() {
  const response = await route.loader()
  return { status: response.status, body: await response.text() }
}

describe('GET /healthz during an outage no visitor sees', () => {
  it('names the bundled shell of a start during an outage, and clears once Storyblok answers, without a page rendered', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    await cdn.setMode('error')
    expect((await layout.loadLayout(new Request('http://shop.test/'))).siteName).not.toBe(
      'From Storyblok',
    )
    expect((await healthz()).body).toMatch(
      /^ok\ncontent: degraded \(shell on the bundled layout since .+; .*500/,
    )

    await cdn.setMode('ok')
    // The timer ticks every RETRY_AFTER_MS; the look falls due between two ticks.
    await vi.advanceTimersByTimeAsync(2 * RETRY_AFTER_MS)
    await vi.waitFor(async () => expect(await healthz()).toEqual({ status: 200, body: 'ok' }))
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/the shell's layout comes from the content source again/),
    )
  })

  it('names degraded content while every page is served from copies, and clears once Storyblok answers', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    // A warm instance: the shell's story is kept.
    expect((await layout.loadLayout(new Request('http://shop.test/'))).siteName).toBe(
      'From Storyblok',
    )
    await vi.waitFor(async () => expect(await healthz()).toEqual({ status: 200, body: 'ok' }))

    await cdn.setMode('error')
    // No request reads content (the page cache answers them all); the minute passes.
    await vi.advanceTimersByTimeAsync(REVALIDATE_AFTER_MS + RETRY_AFTER_MS)
    await vi.waitFor(async () => {
      const { status, body } = await healthz()
      expect(status).toBe(200)
      expect(body).toMatch(/^ok\ncontent: degraded \(serving last good copy since .+; .*500/)
    })

    await cdn.setMode('ok')
    // The timer ticks every RETRY_AFTER_MS; the look falls due between two ticks.
    await vi.advanceTimersByTimeAsync(2 * RETRY_AFTER_MS)
    await vi.waitFor(async () => expect(await healthz()).toEqual({ status: 200, body: 'ok' }))
    expect((await layout.loadLayout(new Request('http://shop.test/'))).siteName).toBe(
      'From Storyblok',
    )
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Storyblok is failing/))
    // The shell's story went to the data store too, for the next start.
    const { getStore } = await import('~/lib/data/index.server')
    await vi.waitFor(async () =>
      expect((await getStore()).contentCopies.get('story:layout|')).resolves.toMatchObject({
        json: expect.stringContaining('From Storyblok'),
      }),
    )
  })
})
