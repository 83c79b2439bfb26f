import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as CatalogModule from '~/lib/catalog/catalog.server'
import { fakeStory, startFakeStoryblok } from '../../test/fake-storyblok-cdn'
import type * as LayoutModule from '~/lib/content/layout.server'

import type * as HealthzRoute from './healthz'
import { logger } from '~/lib/log.server'

let cdn: Awaited<ReturnType<typeof startFakeStoryblok>>
let route: typeof HealthzRoute
let catalog: typeof CatalogModule
let layout: typeof LayoutModule

beforeAll(async () => {
  cdn = await startFakeStoryblok()
  cdn.seed([fakeStory('layout', { site_name: 'From Storyblok' })])
  // The environment is parsed once at import: an empty store of its own and Storyblok on the fake.
  vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'healthz-test-')))
  vi.stubEnv('STORYBLOK_TOKEN', `token-${randomUUID()}`)
  vi.stubEnv('STORYBLOK_ENDPOINT', cdn.endpoint)
  vi.resetModules()
  route = await import('./healthz')
  catalog = await import('~/lib/catalog/catalog.server')
  layout = await import('~/lib/content/layout.server')
})
afterAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).close()
  vi.unstubAllEnvs()
  await cdn.close()
})

async function healthz() {
  const response = await route.loader()
  return {
    status: response.status,
    body: await response.text(),
    cache: response.headers.get('Cache-Control'),
  }
}

describe('GET /healthz', () => {
  it('answers 503 until the catalogue index is built, then 200 ok', async () => {
    expect(await healthz()).toEqual({
      status: 503,
      body: 'catalogue: building index',
      cache: 'no-store',
    })
    await catalog.getCatalog()
    expect(await healthz()).toEqual({ status: 200, body: 'ok', cache: 'no-store' })
  })

  it('names degraded content while the shell is on the bundled layout, and stays in rotation', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    await catalog.getCatalog()
    await cdn.setMode('error')
    const shell = await layout.loadLayout(new Request('http://shop.test/shop'))
    expect(shell.siteName).not.toBe('From Storyblok')
    expect(warn).toHaveBeenCalled()

    const { status, body } = await healthz()
    expect(status).toBe(200)
    const [first, content] = body.split('\n')
    expect(first).toBe('ok')
    expect(content).toMatch(
      /^content: degraded \(shell on the bundled layout since \d{4}-\d\d-\d\dT[\d:.]+Z; .*500/,
    )
  })
})
