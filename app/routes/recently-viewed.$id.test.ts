import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as RouteModule from './recently-viewed.$id'
import { makeProduct } from '~/lib/catalog/products.test-helper'

const dir = mkdtempSync(path.join(tmpdir(), 'recently-viewed-route-'))
vi.stubEnv('DATA_DIR', dir)

let route: typeof RouteModule

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).products.upsertMany([makeProduct({ id: 'rooibos' })])
  route = await import('./recently-viewed.$id')
})

afterAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const view = (id: string, headers: Record<string, string> = {}) =>
  route.loader({
    request: new Request(`http://shop.test/recently-viewed/${id}`, { headers }),
    params: { id },
    context: { clientIp: '127.0.0.1' },
  })

describe('the product page view beacon', () => {
  it('answers a picture never cached, recording a product on sale in the cookie', async () => {
    const response = await view('rooibos', { 'Sec-Fetch-Site': 'same-origin' })
    expect(response.headers.get('Content-Type')).toBe('image/gif')
    expect(response.headers.get('Cache-Control')).toContain('no-store')
    expect(response.headers.get('Set-Cookie')).toMatch(/^en_recent=/)
  })

  it('records nothing for an unknown product or when another site asks', async () => {
    expect((await view('no-such-product')).headers.get('Set-Cookie')).toBeNull()
    const crossSite = await view('rooibos', { 'Sec-Fetch-Site': 'cross-site' })
    expect(crossSite.status).toBe(200)
    expect(crossSite.headers.get('Set-Cookie')).toBeNull()
  })
})
