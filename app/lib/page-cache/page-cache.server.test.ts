import { describe, expect, it } from 'vitest'

import { holeMarkers, likedHole } from '~/lib/personal'

import {
  cacheKey,
  PageCache,
  PERSONAL_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  type Render,
} from './page-cache.server'

const BUILD = 'build-1'
let nonces = 0
/** A nonce like the server's: 16 random-looking bytes in base64 (24 characters). */
const freshNonce = () => `n0nce${String(++nonces).padStart(11, '0')}AbCdEfGh==`

/** A page as Remix renders it: the nonce on each script, the visible text, the headers given. */
function page(text: string, nonce: string, init: { status?: number; headers?: HeadersInit } = {}) {
  const html = `<!DOCTYPE html><html><body><p>${text}</p><script nonce="${nonce}">window.x=1</script><script nonce="${nonce}" type="module"></script></body></html>`
  const headers = new Headers(init.headers)
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(html, { status: init.status ?? 200, headers })
}

/** A renderer that counts its renders and shows the current `text`. */
function renderer(initial = 'R 125.00') {
  const state = {
    text: initial,
    renders: 0,
    status: 200,
    headers: {} as Record<string, string>,
    wholeDocument: [] as boolean[],
  }
  const renderFor =
    (nonce: string): Render =>
    async ({ wholeDocument }) => {
      state.renders++
      state.wholeDocument.push(wholeDocument)
      return page(state.text, nonce, { status: state.status, headers: state.headers })
    }
  return { state, renderFor }
}

const anonymousCache = (options: Partial<ConstructorParameters<typeof PageCache>[0]> = {}) =>
  new PageCache({ isAnonymous: (request) => !request.headers.has('Cookie'), ...options })

/**
 * One request through the cache, as the server sends it (server.mjs): its own nonce, the kept page
 * asked first (written directly), then `serve` with its own render.
 */
async function visit(
  cache: PageCache,
  render: (nonce: string) => Render,
  path = '/shop/rooibos',
  init: RequestInit = {},
) {
  const nonce = freshNonce()
  const request = new Request(`http://shop.test${path}`, init)
  const context = { nonce, buildId: BUILD }
  const kept = await cache.kept(
    request.method,
    new URL(request.url),
    { ownCookie: request.headers.has('Cookie'), request: () => request },
    context,
  )
  const response = kept
    ? new Response(kept.body, { status: kept.status, headers: kept.headers })
    : await cache.serve(request, context, render(nonce))
  return { response, nonce, html: await response.text(), direct: kept !== null }
}

const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1])

describe('page cache: what is kept', () => {
  it('serves the second anonymous visit of a public page from the cache', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    const first = await visit(cache, renderFor)
    const second = await visit(cache, renderFor)
    expect(first.response.headers.get('X-Page-Cache')).toBe('miss')
    expect(second.response.headers.get('X-Page-Cache')).toBe('hit')
    expect(second.html).toContain('R 125.00')
    expect(state.renders).toBe(1)
    expect(second.response.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL)
    expect(second.response.headers.get('Vary')).toBe('Cookie')
    expect(second.response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
  })

  it('tells a CDN the freshness it was given: s-maxage and stale-while-revalidate', async () => {
    const cache = anonymousCache({ sharedSeconds: 5 })
    const { renderFor } = renderer()
    const first = await visit(cache, renderFor)
    const second = await visit(cache, renderFor)
    for (const { response } of [first, second]) {
      expect(response.headers.get('Cache-Control')).toBe(
        'public, max-age=0, s-maxage=5, stale-while-revalidate=5',
      )
    }
  })

  it('gives every response its own nonce, in every script tag, and never the stored one', async () => {
    const cache = anonymousCache()
    const { renderFor } = renderer()
    const first = await visit(cache, renderFor)
    const second = await visit(cache, renderFor)
    const third = await visit(cache, renderFor)
    for (const visitOf of [first, second, third]) {
      expect(noncesIn(visitOf.html)).toEqual([visitOf.nonce, visitOf.nonce])
    }
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3)
    expect(second.html).not.toContain(first.nonce)
  })

  it('renders pages stored for others as a whole document, personal ones streamed', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    await visit(cache, renderFor, '/')
    await visit(cache, renderFor, '/cart')
    expect(state.wholeDocument).toEqual([true, false])
  })

  it('keys by path and query in any parameter order, build and origin', () => {
    const key = (href: string, build = BUILD) => cacheKey(new URL(href), build)
    expect(key('http://shop.test/shop?sort=price&q=tea')).toBe(
      key('http://shop.test/shop?q=tea&sort=price'),
    )
    expect(key('http://shop.test/shop?q=tea')).not.toBe(key('http://shop.test/shop?q=rusks'))
    expect(key('http://shop.test/shop?q=tea')).not.toBe(key('http://shop.test/shop'))
    expect(key('http://shop.test/shop')).not.toBe(key('http://shop.test/shop', 'build-2'))
    expect(key('http://shop.test/shop')).not.toBe(key('http://evil.test/shop'))
  })

  it('does not serve a page kept by an older build', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    await visit(cache, renderFor, '/')
    const nonce = freshNonce()
    const next = await cache.serve(
      new Request('http://shop.test/'),
      { nonce, buildId: 'build-2' },
      renderFor(nonce),
    )
    expect(next.headers.get('X-Page-Cache')).toBe('miss')
    expect(state.renders).toBe(2)
  })

  it('keeps /shop with any query, products, content pages and the sitemap', async () => {
    const cache = anonymousCache()
    const { renderFor } = renderer()
    for (const path of ['/', '/about_us', '/faq', '/shop', '/shop?q=tea&page=2', '/shop/x-1']) {
      await visit(cache, renderFor, path)
      const again = await visit(cache, renderFor, path)
      expect(again.response.headers.get('X-Page-Cache'), path).toBe('hit')
    }
    const sitemap: Render = async () =>
      new Response('<urlset></urlset>', {
        headers: { 'Content-Type': 'application/xml; charset=utf-8' },
      })
    const nonce = freshNonce()
    const serve = () =>
      cache.serve(new Request('http://shop.test/sitemap.xml'), { nonce, buildId: BUILD }, sitemap)
    await serve()
    expect((await serve()).headers.get('X-Page-Cache')).toBe('hit')
  })
})

describe('page cache: kept pages written directly (kept)', () => {
  const ask = (cache: PageCache, path: string, method = 'GET', ownCookie = false) => {
    const url = new URL(`http://shop.test${path}`)
    const request = () => new Request(url, { headers: ownCookie ? { Cookie: '__session=x' } : {} })
    return cache.kept(method, url, { ownCookie, request }, { nonce: freshNonce(), buildId: BUILD })
  }

  it('answers a kept page with the bytes and headers serve gives, and its own nonce', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    const first = await visit(cache, renderFor, '/shop')
    const second = await visit(cache, renderFor, '/shop?utm_source=mail')
    expect(first.direct).toBe(false)
    expect(second.direct).toBe(true)
    expect(state.renders).toBe(1)
    const nonce = freshNonce()
    const served = await cache.serve(
      new Request('http://shop.test/shop'),
      { nonce, buildId: BUILD },
      renderFor(nonce),
    )
    expect(second.html.replaceAll(second.nonce, nonce)).toBe(await served.text())
    expect([...second.response.headers].sort()).toEqual([...served.headers].sort())
    expect(noncesIn(second.html)).toEqual([second.nonce, second.nonce])
    const head = await ask(cache, '/shop', 'HEAD')
    expect(head?.body).toBeNull()
    expect(head?.headers).toContainEqual(['X-Page-Cache', 'hit'])
  })

  it("leaves to serve what is not an anonymous visitor's kept public page", async () => {
    const cache = anonymousCache({ optionParams: () => ['size'] })
    const { renderFor } = renderer()
    for (const path of ['/shop', '/shop/tee', '/cart']) await visit(cache, renderFor, path)
    expect(await ask(cache, '/shop')).not.toBeNull()
    expect(await ask(cache, '/shop', 'GET', true)).toBeNull() // a cookie of the shop's, no view
    expect(await ask(cache, '/shop', 'POST')).toBeNull()
    expect(await ask(cache, '/cart')).toBeNull() // never kept
    expect(await ask(cache, '/about_us')).toBeNull() // not kept yet
    expect(await ask(cache, '/shop/tee?size=M')).toBeNull() // an option's pick
    expect(await ask(cache, '/shop?_storyblok=1')).toBeNull() // the editor's preview
    cache.invalidateProducts(['tee'])
    expect(await ask(cache, '/shop/tee')).toBeNull()
  })

  it("reads a query's canonical form again after a change (a variant may be gone)", async () => {
    let variants = ['tee--m', 'tee--l']
    const cache = anonymousCache({
      canonicalQuery: (_path, search) => {
        const asked = search.get('variant')
        return `variant=${asked && variants.includes(asked) ? asked : variants[0]}`
      },
    })
    const { state, renderFor } = renderer()
    await visit(cache, renderFor, '/shop/tee?variant=tee--l')
    expect((await visit(cache, renderFor, '/shop/tee?variant=tee--l')).direct).toBe(true)
    variants = ['tee--m']
    cache.invalidateProducts(['tee'])
    // Asked for the variant that is gone: the page shows the default one, and is not kept as L's.
    const after = await visit(cache, renderFor, '/shop/tee?variant=tee--l')
    expect(after.response.headers.get('X-Page-Cache')).toBe('bypass')
    expect(state.renders).toBe(2)
  })
})

describe('page cache: parameters no page reads', () => {
  it('serves 2 000 requests with made-up parameters from the one /shop page, rendered once', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    await visit(cache, renderFor, '/shop')
    const statuses = new Set<string | null>()
    for (let i = 0; i < 2000; i++) {
      const junk = [`utm=${i}`, `utm_source=ad${i}&fbclid=${i}x`, `r${i}=${i}`][i % 3]
      const { response } = await visit(cache, renderFor, `/shop?${junk}`)
      statuses.add(response.headers.get('X-Page-Cache'))
    }
    expect(statuses).toEqual(new Set(['hit']))
    expect(state.renders).toBe(1)
    expect(cache.stats.pages).toBe(1)
  })

  it('keeps a page asked first with a made-up parameter for the plain URL', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    expect(
      (await visit(cache, renderFor, '/?fbclid=abc')).response.headers.get('X-Page-Cache'),
    ).toBe('miss')
    expect((await visit(cache, renderFor, '/')).response.headers.get('X-Page-Cache')).toBe('hit')
    expect(
      (await visit(cache, renderFor, '/shop/x-1?utm_campaign=sale')).response.headers.get(
        'X-Page-Cache',
      ),
    ).toBe('miss')
    expect((await visit(cache, renderFor, '/shop/x-1')).response.headers.get('X-Page-Cache')).toBe(
      'hit',
    )
    expect(state.renders).toBe(2)
  })

  it('still keeps a page per value of the parameters a page reads', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    const shown = [
      '/shop',
      '/shop?q=tea',
      '/shop?q=rusks',
      '/shop?category=pantry',
      '/shop?minPrice=10',
      '/shop?maxPrice=90',
      '/shop?inStock=1',
      '/shop?sort=price-asc',
      '/shop?page=2',
      '/shop/x-1',
      '/shop/x-1?variant=x-1--m',
      '/shop/x-1?reviewSort=highest',
      '/shop/x-1?reviewPage=2',
    ]
    for (const path of shown) {
      expect((await visit(cache, renderFor, path)).response.headers.get('X-Page-Cache'), path).toBe(
        'miss',
      )
    }
    for (const path of shown) {
      const again = await visit(cache, renderFor, `${path}${path.includes('?') ? '&' : '?'}utm=1`)
      expect(again.response.headers.get('X-Page-Cache'), path).toBe('hit')
    }
    expect(state.renders).toBe(shown.length)
    expect(cache.stats.pages).toBe(shown.length)
  })

  it("renders a product page asked with its own options' picks (the no-JS form) and keeps none", async () => {
    const asked: string[] = []
    const cache = anonymousCache({
      optionParams: (productId) => {
        asked.push(productId)
        return productId === 'tee' ? ['size', 'colour'] : []
      },
    })
    const { state, renderFor } = renderer()
    await visit(cache, renderFor, '/shop/tee')
    await visit(cache, renderFor, '/shop/tee?variant=tee--m-black')
    // No lookup of the product's options for a page asked with parameters it reads.
    expect(asked).toEqual([])
    for (const size of ['M', 'XXL', 'random-1', 'random-2']) {
      const picked = await visit(cache, renderFor, `/shop/tee?size=${size}&colour=Black`)
      expect(picked.response.headers.get('X-Page-Cache')).toBe('bypass')
    }
    const tracked = await visit(cache, renderFor, '/shop/tee?gclid=123')
    expect(tracked.response.headers.get('X-Page-Cache')).toBe('hit')
    expect(state.renders).toBe(2 + 4)
    expect(cache.stats.pages).toBe(2)
  })
})

describe('page cache: what always renders', () => {
  it('renders personal pages every time, private and unstored', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    const paths = [
      '/cart',
      '/checkout',
      '/account',
      '/orders',
      '/orders/abc',
      '/auth',
      '/liked',
      '/track_order',
      '/contact',
      '/admin',
      '/shop.data',
      '/shop/x-1.data',
      '/shop/x-1/reviews',
    ]
    for (const path of paths) {
      await visit(cache, renderFor, path)
      const again = await visit(cache, renderFor, path)
      expect(again.response.headers.get('X-Page-Cache'), path).toBe('bypass')
      expect(again.response.headers.get('Cache-Control'), path).toBe(PERSONAL_CACHE_CONTROL)
    }
    expect(state.renders).toBe(paths.length * 2)
  })

  it('renders every request of a visitor with a cookie of ours', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    await visit(cache, renderFor, '/')
    const shopper = await visit(cache, renderFor, '/', { headers: { Cookie: '__session=abc' } })
    expect(shopper.response.headers.get('X-Page-Cache')).toBe('bypass')
    expect(shopper.response.headers.get('Cache-Control')).toBe(PERSONAL_CACHE_CONTROL)
    expect(state.renders).toBe(2)
  })

  it('renders and stores nothing for a POST, nor serves it a kept page', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    await visit(cache, renderFor, '/shop/x-1')
    const post = await visit(cache, renderFor, '/shop/x-1', { method: 'POST', body: 'a=1' })
    expect(post.response.headers.get('X-Page-Cache')).toBe('bypass')
    expect(state.renders).toBe(2)
  })

  it('serves a HEAD from a kept page without a body, and a HEAD never fills the cache', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    const cold = await visit(cache, renderFor, '/faq', { method: 'HEAD' })
    expect(cold.response.headers.get('X-Page-Cache')).toBe('bypass')
    await visit(cache, renderFor, '/faq')
    const warm = await visit(cache, renderFor, '/faq', { method: 'HEAD' })
    expect(warm.response.headers.get('X-Page-Cache')).toBe('hit')
    expect(warm.html).toBe('')
    expect(state.renders).toBe(2)
  })

  it('never stores a response that sets a cookie, is not 200 or is marked private', async () => {
    const cases: { status?: number; headers?: Record<string, string> }[] = [
      { headers: { 'Set-Cookie': 'en_toast=x; Path=/' } },
      { status: 404 },
      { status: 500 },
      { headers: { 'Cache-Control': 'no-store' } },
      { headers: { 'Cache-Control': 'private, max-age=0' } },
      { headers: { 'Content-Type': 'application/json' } },
    ]
    for (const { status = 200, headers = {} } of cases) {
      const cache = anonymousCache()
      const { state, renderFor } = renderer()
      state.status = status
      state.headers = headers
      await visit(cache, renderFor, '/')
      const again = await visit(cache, renderFor, '/')
      expect(again.response.headers.get('X-Page-Cache'), JSON.stringify(headers)).toBe('bypass')
      expect(again.response.status).toBe(status)
      // A page setting a cookie was rendered without the visitor's cookies: it renders again for
      // the visitor (a cookie meant for nobody must not replace theirs).
      expect(state.renders).toBe('Set-Cookie' in headers ? 4 : 2)
      expect(cache.stats.pages).toBe(0)
    }
  })

  it("never caches the visual editor's signed URLs", async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    const path = '/about_us?_storyblok=1&_storyblok_tk[token]=abc'
    await visit(cache, renderFor, path)
    await visit(cache, renderFor, path)
    expect(state.renders).toBe(2)
  })

  it('does not store a page whose nonce cannot be told from its text', async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    const serve = () =>
      cache.serve(new Request('http://shop.test/'), { nonce: '', buildId: BUILD }, renderFor(''))
    await serve()
    expect((await serve()).headers.get('X-Page-Cache')).toBe('bypass')
    expect(state.renders).toBe(2)
  })
})

describe('page cache: invalidation', () => {
  it("drops a changed product's page and every listing, keeping other products' pages", async () => {
    const cache = anonymousCache()
    const { state, renderFor } = renderer()
    for (const path of ['/shop/tea', '/shop/rusks', '/shop?q=tea', '/', '/sitemap.xml', '/faq']) {
      await visit(cache, renderFor, path)
    }
    state.text = 'R 99.00'
    cache.invalidateProducts(['tea'])
    const status = async (path: string) =>
      (await visit(cache, renderFor, path)).response.headers.get('X-Page-Cache')
    expect(await status('/shop/tea')).toBe('miss')
    expect((await visit(cache, renderFor, '/shop/tea')).html).toContain('R 99.00')
    expect(await status('/shop?q=tea')).toBe('miss')
    expect(await status('/')).toBe('miss')
    expect(await status('/faq')).toBe('miss')
    expect(await status('/shop/rusks')).toBe('hit')
  })

  it('drops everything on invalidateAll (a content publish)', async () => {
    const cache = anonymousCache()
    const { renderFor } = renderer()
    await visit(cache, renderFor, '/shop/rusks')
    await visit(cache, renderFor, '/about_us')
    cache.invalidateAll()
    expect(cache.stats.pages).toBe(0)
  })

  it('does not store a page whose render began before a change', async () => {
    const cache = anonymousCache()
    let release!: () => void
    let begun!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const renderBegun = new Promise<void>((resolve) => (begun = resolve))
    const slow =
      (nonce: string): Render =>
      async () => {
        begun()
        await gate
        return page('R 125.00', nonce)
      }
    const pending = visit(cache, slow, '/shop/tea')
    await renderBegun
    cache.invalidateProducts(['tea'])
    release()
    const { response } = await pending
    expect(response.headers.get('X-Page-Cache')).toBe('bypass')
    expect(cache.stats.pages).toBe(0)
  })

  it('empties itself when the external data version moves (another process wrote)', async () => {
    let version = 1
    const cache = anonymousCache({ externalVersion: () => version })
    const { state, renderFor } = renderer()
    await visit(cache, renderFor, '/shop/rusks')
    expect(
      (await visit(cache, renderFor, '/shop/rusks')).response.headers.get('X-Page-Cache'),
    ).toBe('hit')
    version = 2
    state.text = 'Sold out'
    const next = await visit(cache, renderFor, '/shop/rusks')
    expect(next.response.headers.get('X-Page-Cache')).toBe('miss')
    expect(next.html).toContain('Sold out')
  })

  it('expires pages after the TTL', async () => {
    // Not 0: lru-cache takes a page stored at time 0 for one without a time.
    let now = 1_000
    const cache = anonymousCache({ ttlMs: 20, now: () => now })
    const { state, renderFor } = renderer()
    await visit(cache, renderFor, '/')
    now += 20
    await visit(cache, renderFor, '/')
    expect(state.renders).toBe(1)
    now += 1
    await visit(cache, renderFor, '/')
    expect(state.renders).toBe(2)
  })
})

describe('page cache: memory and bursts', () => {
  it('keeps to its byte budget, dropping the least recently used page', async () => {
    const { renderFor } = renderer('x'.repeat(3_000))
    // Each page is kept twice over: the copy for everyone and the one with holes.
    const cache = anonymousCache({ maxBytes: 20_000 })
    await visit(cache, renderFor, '/shop/a')
    await visit(cache, renderFor, '/shop/b')
    await visit(cache, renderFor, '/shop/c')
    // /shop/a is used again, so /shop/b is the least recently used when /shop/d comes.
    await visit(cache, renderFor, '/shop/a')
    await visit(cache, renderFor, '/shop/d')
    expect(cache.stats.bytes).toBeLessThanOrEqual(20_000)
    const status = async (path: string) =>
      (await visit(cache, renderFor, path)).response.headers.get('X-Page-Cache')
    expect(await status('/shop/a')).toBe('hit')
    expect(await status('/shop/b')).toBe('miss')
  })

  it('renders once for a burst of visitors to one page, each with its own nonce', async () => {
    const cache = anonymousCache()
    let renders = 0
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slow =
      (nonce: string): Render =>
      async () => {
        renders++
        await gate
        return page('R 125.00', nonce)
      }
    const burst = Array.from({ length: 10 }, () => visit(cache, slow, '/shop/tea'))
    release()
    const visits = await Promise.all(burst)
    expect(renders).toBe(1)
    for (const v of visits) expect(noncesIn(v.html)).toEqual([v.nonce, v.nonce])
    expect(visits.filter((v) => v.response.headers.get('X-Page-Cache') === 'miss')).toHaveLength(1)
  })

  it('lets each waiting visitor render for itself when the shared render is not cacheable', async () => {
    const cache = anonymousCache()
    let renders = 0
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const notFound =
      (nonce: string): Render =>
      async () => {
        renders++
        await gate
        return page('Not found', nonce, { status: 404 })
      }
    const burst = Array.from({ length: 3 }, () => visit(cache, notFound, '/shop/gone'))
    release()
    const visits = await Promise.all(burst)
    expect(renders).toBe(3)
    for (const v of visits) {
      expect(v.response.status).toBe(404)
      expect(noncesIn(v.html)).toEqual([v.nonce, v.nonce])
    }
  })
})

describe('page cache: returning shoppers (holes filled per request)', () => {
  type Shopper = { cart: number; liked: string[] }
  const shoppers: Record<string, Shopper> = {
    'shopper=ann': { cart: 2, liked: ['rooibos'] },
    'shopper=bob': { cart: 5, liked: [] },
  }
  /** The cache as the server wires it: a cookie names the shopper, `flash` makes the page render. */
  const shopperCache = () =>
    new PageCache({
      isAnonymous: (request) => !request.headers.has('Cookie'),
      personalFor: async (request) => {
        const cookie = request.headers.get('Cookie') ?? ''
        if (cookie.includes('flash')) return null
        const shopper = shoppers[cookie]
        return shopper ? { ...shopper, signedIn: false, staff: false } : null
      },
    })
  /** Renders what the components render: markers when asked for holes, else this visitor's own. */
  function holeRenderer() {
    const state = { renders: 0, cookies: [] as (string | null)[], text: 'R 125.00' }
    const renderFor =
      (nonce: string): Render =>
      async ({ personalHoles, request }) => {
        state.renders++
        state.cookies.push(request?.headers.get('Cookie') ?? null)
        const cart = personalHoles ? holeMarkers.text(personalHoles, 'cart') : 'own'
        const heart = personalHoles
          ? `${holeMarkers.variant(personalHoles, likedHole('rooibos'), 'liked')}<b>♥</b>` +
            `${holeMarkers.variant(personalHoles, likedHole('rooibos'), 'not-liked')}<b>♡</b>` +
            holeMarkers.end(personalHoles)
          : '<b>own</b>'
        return page(`${state.text} <i>cart ${cart}</i>${heart}`, nonce)
      }
    return { state, renderFor }
  }

  it("writes a shopper's filled page directly, as serve fills it, and leaves a flash to serve", async () => {
    const cache = shopperCache()
    const { state, renderFor } = holeRenderer()
    await visit(cache, renderFor, '/shop')
    const ann = await visit(cache, renderFor, '/shop', { headers: { Cookie: 'shopper=ann' } })
    expect(ann.direct).toBe(true)
    expect(ann.html).toContain('<i>cart 2</i><b>♥</b>')
    expect(ann.response.headers.get('Cache-Control')).toBe(PERSONAL_CACHE_CONTROL)
    const nonce = freshNonce()
    const served = await cache.serve(
      new Request('http://shop.test/shop', { headers: { Cookie: 'shopper=ann' } }),
      { nonce, buildId: BUILD },
      renderFor(nonce),
    )
    expect(ann.html.replaceAll(ann.nonce, nonce)).toBe(await served.text())
    expect([...ann.response.headers].sort()).toEqual([...served.headers].sort())
    const flash = await visit(cache, renderFor, '/shop', {
      headers: { Cookie: 'shopper=ann; flash' },
    })
    expect(flash.direct).toBe(false)
    expect(flash.response.headers.get('X-Page-Cache')).toBe('bypass')
    expect(state.renders).toBe(2)
  })

  it('serves two shoppers one kept page, each with only their own counts and hearts', async () => {
    const cache = shopperCache()
    const { state, renderFor } = holeRenderer()
    const ann = await visit(cache, renderFor, '/shop', { headers: { Cookie: 'shopper=ann' } })
    const bob = await visit(cache, renderFor, '/shop', { headers: { Cookie: 'shopper=bob' } })
    const anonymous = await visit(cache, renderFor, '/shop')
    expect(state.renders).toBe(1)
    // The kept page was rendered without the shopper's cookies.
    expect(state.cookies).toEqual([null])
    expect(ann.response.headers.get('X-Page-Cache')).toBe('miss')
    expect(ann.html).toContain('<i>cart 2</i><b>♥</b>')
    expect(bob.response.headers.get('X-Page-Cache')).toBe('hit')
    expect(bob.html).toContain('<i>cart 5</i><b>♡</b>')
    expect(bob.html).not.toContain('♥')
    expect(anonymous.html).toContain('<i>cart 0</i><b>♡</b>')
    // A shopper's copy is theirs alone: no shared cache may keep it.
    for (const { response } of [ann, bob]) {
      expect(response.headers.get('Cache-Control')).toBe(PERSONAL_CACHE_CONTROL)
      expect(response.headers.get('Vary')).toBe('Cookie')
    }
    expect(anonymous.response.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL)
    expect(noncesIn(bob.html)).toEqual([bob.nonce, bob.nonce])
  })

  it('renders the page for a shopper whose page shows more than the holes hold (a flash)', async () => {
    const cache = shopperCache()
    const { state, renderFor } = holeRenderer()
    await visit(cache, renderFor, '/shop')
    const flashed = await visit(cache, renderFor, '/shop', { headers: { Cookie: 'flash=1' } })
    expect(flashed.response.headers.get('X-Page-Cache')).toBe('bypass')
    expect(flashed.html).toContain('<i>cart own</i><b>own</b>')
    expect(state.renders).toBe(2)
  })

  it("renders the shopper's page when their view cannot be read (the store is down)", async () => {
    const cache = new PageCache({
      isAnonymous: () => false,
      personalFor: () => Promise.reject(new Error('store down')),
    })
    const { state, renderFor } = holeRenderer()
    const answer = await visit(cache, renderFor, '/shop', { headers: { Cookie: 'shopper=ann' } })
    expect(answer.response.headers.get('X-Page-Cache')).toBe('bypass')
    expect(answer.html).toContain('<i>cart own</i>')
    expect(state.renders).toBe(1)
  })

  it('shows a shopper a changed product on the very next request', async () => {
    const cache = shopperCache()
    const { state, renderFor } = holeRenderer()
    await visit(cache, renderFor, '/shop/rooibos', { headers: { Cookie: 'shopper=ann' } })
    state.text = 'R 99.00'
    cache.invalidateProducts(['rooibos'])
    const after = await visit(cache, renderFor, '/shop/rooibos', {
      headers: { Cookie: 'shopper=ann' },
    })
    expect(after.html).toContain('R 99.00 <i>cart 2</i><b>♥</b>')
  })
})
