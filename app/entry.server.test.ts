import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import remixConfig from '../remix.config.js'
import { logger } from '~/lib/log.server'

// The entry starts the catalogue index and the mail sender when it loads: not this test's concern.
vi.mock('~/lib/catalog/catalog.server', () => ({ getCatalog: () => Promise.resolve() }))
vi.mock('~/lib/mail/mail.server', () => ({
  runMailSender: () => Promise.resolve(),
  stopMailSender: () => Promise.resolve(),
}))

let handle: (request: Request) => Promise<Response>

/**
 * Remix's request handler over the shop's real entry module and three routes: the root, a page
 * without an action (as /about_us) and a resource route without one (as /healthz).
 */
beforeAll(async () => {
  const entry = await import('./entry.server')
  const page = () => null
  const routes = {
    root: { id: 'root', path: '', module: { default: page, ErrorBoundary: page } },
    'routes/about_us': {
      id: 'routes/about_us',
      parentId: 'root',
      path: 'about_us',
      module: { default: page, loader: () => ({ title: 'About us' }) },
    },
    'routes/healthz': {
      id: 'routes/healthz',
      parentId: 'root',
      path: 'healthz',
      module: { loader: () => new Response('ok') },
    },
  }
  const build = {
    mode: 'production',
    entry: { module: entry },
    routes,
    assets: { entry: { imports: [], module: '' }, routes: {}, url: '', version: 'test' },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future: remixConfig.future,
    isSpaMode: false,
  } as unknown as ServerBuild
  handle = createRequestHandler(build, 'production')
})

function send(method: string, path: string) {
  return handle(
    new Request(`http://shop.test${path}`, {
      method,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'intent=add',
    }),
  )
}

describe('a post to a page without an action', () => {
  it('is a plain 405 saying which methods the page takes, and logs nothing', async () => {
    // The unit-test setup fails any test that logs an error: no error line per request.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/about_us', '/about_us.data']) {
        const response = await send(method, path)
        expect(response.status, `${method} ${path}`).toBe(405)
        expect(response.headers.get('Allow')).toBe('GET, HEAD')
        expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
        expect(await response.text()).toBe('Method Not Allowed: this page takes no form posts.')
      }
    }
  })

  it('is a 405 on a resource route too, without an error line', async () => {
    const response = await send('POST', '/healthz')
    expect(response.status).toBe(405)
    await response.body?.cancel()
  })

  it('still logs a server error', async () => {
    const { handleError } = await import('./entry.server')
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    handleError(new Error('the store is down'), {
      request: new Request('http://shop.test/cart', { method: 'POST' }),
      params: {},
      context: { clientIp: '' },
    })
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/^POST \/cart failed: .*the store is down/)
  })
})
