import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {
  createRequestHandler,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type ServerBuild,
} from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { cartOwner, readCartLines, writeCartLines } from '~/lib/cart/cart.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'
import { getSession, sessionStorage } from '~/lib/cookie-session.server'
import { openStore, type Store } from '~/lib/data/index.server'

import remixConfig from '../../remix.config.js'

import { requestContext } from './request-context.server'
import { inRequestScope } from './request-scope.server'

let store: Store
let dataDir: string
const opening = vi.hoisted(() => ({ fails: 0, calls: 0 }))
vi.mock('~/lib/data/index.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return {
    ...actual,
    getStore: () => {
      opening.calls++
      if (opening.fails > 0) {
        opening.fails--
        return Promise.reject(new Error('the store did not open'))
      }
      return Promise.resolve(store)
    },
  }
})

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'request-context-'))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([makeProduct({ id: 'rooibos', name: 'Rooibos tea', stock: 5 })])
})

afterAll(async () => {
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const request = (cookie = '') =>
  new Request('http://localhost:3000/cart', { headers: cookie ? { Cookie: cookie } : {} })

describe('requestContext', () => {
  it('reads the session and the store once per request, so the cart a function writes is the cart the action commits', async () => {
    const post = request()
    opening.calls = 0
    const owner = await cartOwner(post)
    await writeCartLines(owner, [{ productId: 'rooibos', quantity: 2 }])
    // Another reader in the same action (the sign-in check, the guard) gets the same session.
    const setCookie = await sessionStorage.commitSession(await getSession(post))
    expect(await requestContext(post)).toBe(await requestContext(post))
    expect(opening.calls).toBe(1)

    const next = await cartOwner(request(setCookie.split(';')[0]!))
    expect(await readCartLines(next)).toEqual([{ productId: 'rooibos', quantity: 2 }])
  })

  it('asks for the store again after it failed to open, instead of failing every later read', async () => {
    const page = request()
    opening.fails = 1
    await expect(requestContext(page)).rejects.toThrow('the store did not open')
    const context = await requestContext(page)
    expect(context.store).toBe(store)
  })
})

/**
 * A two-route shop (root and /cart) run by Remix's own request handler, as server.mjs runs the real
 * one: Remix hands every loader and the action its own copy of the request. Each loader and the
 * action read the request context; each page answers what its loaders saw.
 */
function shopBuild(): ServerBuild {
  const readsTheContext = async ({ request }: LoaderFunctionArgs | ActionFunctionArgs) => ({
    lines: await readCartLines(await cartOwner(request)),
  })
  const page = () => null
  return {
    mode: 'production',
    entry: {
      module: {
        default: (_request, status, headers, context) =>
          new Response(JSON.stringify(context.staticHandlerContext.loaderData), {
            status,
            headers,
          }),
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { loader: readsTheContext, default: page } },
      'routes/cart': {
        id: 'routes/cart',
        parentId: 'root',
        path: 'cart',
        module: { loader: readsTheContext, action: readsTheContext, default: page },
      },
    },
    assets: { entry: { imports: [], module: '' }, routes: {}, url: '', version: 'test' },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future: remixConfig.future,
    isSpaMode: false,
  } as ServerBuild
}

describe('one request context per incoming request', () => {
  const handle = createRequestHandler(shopBuild(), 'production')
  /** How many times the context was built (each build looks the store up once) while serving. */
  const buildsWhile = async (serve: () => Promise<Response>) => {
    opening.calls = 0
    const response = await serve()
    expect(response.status).toBe(200)
    return opening.calls
  }

  it('builds it once for a page, though the root loader and the page loader get copies of the request', async () => {
    const page = () => new Request('http://localhost:3000/cart')
    expect(await buildsWhile(() => inRequestScope(() => handle(page())))).toBe(1)
    // Without the scope server.mjs runs each request in, each loader's copy builds its own.
    expect(await buildsWhile(() => handle(page()))).toBe(2)
  })

  it('builds it once for a client navigation (one data request for every loader)', async () => {
    const data = new Request('http://localhost:3000/cart.data')
    expect(await buildsWhile(() => inRequestScope(() => handle(data)))).toBe(1)
  })

  it('gives a posted form its own context, and the loaders after it one fresh context', async () => {
    const post = new Request('http://localhost:3000/cart', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'intent=add',
    })
    expect(await buildsWhile(() => inRequestScope(() => handle(post)))).toBe(2)
  })

  it('keeps each request to its own context, however many run at once', async () => {
    const owner = await cartOwner(request())
    await writeCartLines(owner, [{ productId: 'rooibos', quantity: 1 }])
    const withCart = (await sessionStorage.commitSession(owner.session)).split(';')[0]!
    const [mine, theirs] = await Promise.all(
      [withCart, ''].map((cookie) =>
        inRequestScope(() =>
          handle(new Request('http://localhost:3000/cart', { headers: { Cookie: cookie } })),
        ).then((response) => response.json()),
      ),
    )
    expect(mine.root.lines).toEqual([{ productId: 'rooibos', quantity: 1 }])
    expect(mine['routes/cart']).toEqual(mine.root)
    expect(theirs).toEqual({ root: { lines: [] }, 'routes/cart': { lines: [] } })
  })
})
