import { createHmac, randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { fakeStory, startFakeStoryblok } from '../../test/fake-storyblok-cdn'
import type * as ContentModule from '~/lib/content/source.server'

import type * as WebhookRoute from './storyblok.webhook'

let cdn: Awaited<ReturnType<typeof startFakeStoryblok>>
let route: typeof WebhookRoute
let content: typeof ContentModule

const secret = 'hook-secret'

beforeAll(async () => {
  cdn = await startFakeStoryblok()
  cdn.seed([fakeStory('home', { headline: 'Before' })])
  // The environment is parsed once at import: point it at the fake CDN, then import fresh modules.
  vi.stubEnv('STORYBLOK_TOKEN', `token-${randomUUID()}`)
  vi.stubEnv('STORYBLOK_ENDPOINT', cdn.endpoint)
  vi.stubEnv('STORYBLOK_WEBHOOK_SECRET', secret)
  vi.resetModules()
  route = await import('./storyblok.webhook')
  content = await import('~/lib/content/source.server')
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await cdn.close()
})

function webhook(body: string, signature: string | null) {
  const headers = new Headers({ 'Content-Type': 'application/json' })
  if (signature) headers.set('webhook-signature', signature)
  const request = new Request('http://shop.test/storyblok/webhook', {
    method: 'POST',
    body,
    headers,
  })
  return route.action({ request, params: {}, context: { clientIp: '127.0.0.1' } })
}

describe('POST /storyblok/webhook', () => {
  const body = JSON.stringify({
    text: 'published',
    action: 'published',
    space_id: 1,
    story_id: 2,
    full_slug: 'home',
  })

  it('refuses a call without a valid signature and keeps the cache', async () => {
    expect((await content.contentSource().story('home'))?.content.headline).toBe('Before')
    cdn.publish([fakeStory('home', { headline: 'After' })])
    expect((await webhook(body, null)).status).toBe(401)
    expect((await webhook(body, 'deadbeef')).status).toBe(401)
    expect(cdn.requests.some((url) => url.pathname.endsWith('/spaces/me'))).toBe(false)
  })

  it('refreshes the cache version on a signed call, so the next read is the published content', async () => {
    // Warm the memory cache on the old version first.
    await content.contentSource().story('home')
    await content.contentSource().story('home')
    expect((await content.contentSource().story('home'))?.content.headline).toBe('Before')

    const signature = createHmac('sha1', secret).update(body).digest('hex')
    const response = await webhook(body, signature)
    expect(response.status).toBe(200)
    expect((await content.contentSource().story('home'))?.content.headline).toBe('After')
  })
})

describe('/storyblok/webhook without Storyblok', () => {
  it('does not exist when content comes from files', async () => {
    vi.stubEnv('STORYBLOK_TOKEN', '')
    vi.resetModules()
    const files = await import('./storyblok.webhook')
    const request = new Request('http://shop.test/storyblok/webhook', {
      method: 'POST',
      body: '{}',
    })
    await expect(
      files.action({ request, params: {}, context: { clientIp: '127.0.0.1' } }),
    ).rejects.toMatchObject({
      status: 404,
    })
    expect(() => files.loader()).toThrow(expect.objectContaining({ status: 404 }))
  })
})
