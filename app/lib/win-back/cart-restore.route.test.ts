import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as RouteModule from '~/routes/cart_.restore'
import { product } from '~/lib/data/contract.suite'

import { cartToken } from './cart-token.server'

const dir = mkdtempSync(path.join(tmpdir(), 'cart-restore-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('APP_URL', 'https://shop.example')

let route: typeof RouteModule

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).products.upsertMany([product('rusks', { stock: 3 })])
  route = await import('~/routes/cart_.restore')
})

afterAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  await (await getStore()).close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const url = (token: string) => `https://shop.example/cart/restore?t=${encodeURIComponent(token)}`

describe("/cart/restore: the cart reminder's link", () => {
  it('shows the lines and a button; a changed link is a 400 saying what to do', async () => {
    const token = cartToken([{ productId: 'rusks', quantity: 2 }])
    const shown = (await route.loader({
      request: new Request(url(token)),
      params: {},
      context: { clientIp: '127.0.0.1' },
    })) as unknown as { data: unknown; init: ResponseInit | null }
    expect(shown.data).toEqual({
      state: 'ready',
      token,
      lines: [{ name: 'Product rusks', quantity: 2 }],
    })
    const bad = (await route.loader({
      request: new Request(url(`${token}x`)),
      params: {},
      context: { clientIp: '127.0.0.1' },
    })) as unknown as { data: unknown; init: ResponseInit | null }
    expect(bad.init?.status).toBe(400)
    expect(bad.data).toEqual({ state: 'invalid' })
  })

  it('answers a missing, repeated, junk or huge token with the 400 page, never a 500', async () => {
    const post = (body: URLSearchParams) =>
      route.action({
        request: new Request('https://shop.example/cart/restore', { method: 'POST', body }),
        params: {},
        context: { clientIp: '127.0.0.1' },
      }) as unknown as Promise<{ data: unknown; init: ResponseInit | null }>
    const bodies = [
      new URLSearchParams(),
      new URLSearchParams([
        ['t', 'a.b'],
        ['t', 'c.d'],
      ]),
      new URLSearchParams({ t: 'not base64!.@@@' }),
      new URLSearchParams({ t: `${'A'.repeat(100_000)}.sig` }),
      new URLSearchParams({ 't[0]': 'x' }),
    ]
    for (const body of bodies) {
      const answer = await post(body)
      expect(answer.init?.status).toBe(400)
      expect(answer.data).toEqual({ state: 'invalid' })
    }
  })

  it("puts the lines in the visitor's cart, clamped to stock, and goes to /cart", async () => {
    const body = new URLSearchParams({ t: cartToken([{ productId: 'rusks', quantity: 5 }]) })
    const response = (await route.action({
      request: new Request('https://shop.example/cart/restore', { method: 'POST', body }),
      params: {},
      context: { clientIp: '127.0.0.1' },
    })) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/cart')
    const cookie = response.headers.get('Set-Cookie') ?? ''
    // The visitor's session now holds the lines: the cart's own loader reads them back.
    const { loadCart } = await import('~/lib/cart/cart.server')
    const jar = cookie
      .split(/,(?=\s*\w+=)/)
      .map((part) => part.split(';')[0]!.trim())
      .join('; ')
    const cart = await loadCart(
      new Request('https://shop.example/cart', { headers: { Cookie: jar } }),
    )
    expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual([['rusks', 3]])
  })
})
