import { randomBytes } from 'node:crypto'

import { LRUCache } from 'lru-cache'

import { pageParams } from '~/lib/page-params'
import { ANONYMOUS_VIEW, type PersonalView } from '~/lib/personal'
import { currentLogFields, inRequestScope } from '~/lib/request-scope.server'

import { fillBody, fillPieces, parseTemplate, type Template } from './holes.server'

/**
 * The page cache (docs/decisions/018-page-cache.md): rendered HTML and its headers for public
 * pages, keyed by build, origin, path and the query parameters the page reads (sorted; see
 * ~/lib/page-params), served with a fresh CSP nonce each time. Pages are rendered without the
 * visitor's cookies and with holes where the personal parts go (header counts and account, hearts,
 * the root's personal data: docs/decisions/037-personal-pages-from-the-cache.md): an anonymous
 * visitor gets the copy filled once for everyone, a returning shopper a copy filled with their own
 * view. This module knows nothing of the store or the content source; the wiring
 * (./index.server.ts) decides who is anonymous, what a shopper's view is (or that their page must
 * render), what a product's options are called and when to invalidate.
 */

/** How long a CDN may keep an anonymous page, then serve it stale while it refetches (seconds). */
export const DEFAULT_SHARED_SECONDS = 60

/**
 * What a cached or cacheable anonymous page tells browsers (always ask again) and shared caches (a
 * CDN or caching proxy: keep it `seconds`, then serve it stale for as long while refetching).
 */
export function publicCacheControl(seconds: number): string {
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`
}
export const PUBLIC_CACHE_CONTROL = publicCacheControl(DEFAULT_SHARED_SECONDS)
/** Every other page: rendered for one visitor, or not checked by this cache. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store'
export const PAGE_CACHE_HEADER = 'X-Page-Cache'

export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024
export const DEFAULT_TTL_MS = 5 * 60 * 1000

/** A product id as URLs carry it (no dots, so `/shop/x.data` is never a page). */
const PRODUCT_PAGE = /^\/shop\/([a-z0-9][a-z0-9-]{0,79})$/
/**
 * The public pages, the same for every anonymous visitor. Anything not listed here (cart, account,
 * checkout, orders, auth, liked, track_order, contact, admin, resource routes, `.data` requests)
 * always renders.
 */
const PUBLIC_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/about_us$/,
  /^\/faq$/,
  /^\/shop$/,
  PRODUCT_PAGE,
  /^\/sitemap\.xml$/,
]
/** Content types a cacheable page may have. */
const CACHEABLE_TYPE = /^(text\/html|application\/xml)\b/
/** Headers of the rendered response that are not kept (set per response, or by the cache). */
const DROPPED_HEADERS = new Set([
  'set-cookie',
  'date',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'cache-control',
  'vary',
  PAGE_CACHE_HEADER.toLowerCase(),
])

export type PageCacheStatus = 'hit' | 'miss' | 'bypass'

/** A rendered page: its body split at every occurrence of the nonce it was rendered with. */
type Entry = {
  /** The anonymous visitor's body in pieces between nonces; a hit joins them with its own nonce. */
  pieces: Buffer[]
  /** The page with its holes, filled per request for a returning shopper. */
  template: Template
  headers: [string, string][]
  /** The product whose page this is, or null for pages that list or may show any product. */
  productId: string | null
  bytes: number
}

export type PageCacheOptions = {
  /** Decides, from the request's cookies, whether the visitor sees what everyone sees. */
  isAnonymous: (request: Request) => boolean | Promise<boolean>
  /**
   * For a visitor who is not anonymous: what their page shows of them (filled into the holes of
   * the kept page), or null when their page shows something no hole holds (a flash message, on a
   * product page a sign-in or a recently viewed list) and so renders for them alone. Without it,
   * every such visitor's page renders.
   */
  personalFor?: (request: Request, productId: string | null) => Promise<PersonalView | null>
  /** The byte budget of the stored bodies (default 32 MB); least recently used pages go first. */
  maxBytes?: number
  /** A safety net: no page is served from the cache longer than this after it was rendered. */
  ttlMs?: number
  /** A shared cache's freshness in front of the shop, `s-maxage` (default 60 s; SHARED_CACHE_SECONDS). */
  sharedSeconds?: number
  /**
   * The clock pages age by, in milliseconds (default: the process's monotonic clock); a test
   * passes its own and moves it instead of waiting for a page to expire.
   */
  now?: () => number
  /**
   * A value that changes when the data changed somewhere this process hears no event from (SQLite:
   * another connection committed); checked before each lookup, a change empties the cache.
   */
  externalVersion?: () => unknown
  /**
   * The parameters a product's no-JS option form sends (`size`, `colour`: named by the product's
   * options). A product page asked with one of them renders and is not kept: its values are
   * free text, and a kept copy per value would let anyone fill the cache.
   */
  optionParams?: (productId: string) => Iterable<string> | Promise<Iterable<string>>
  /**
   * The query of the parameters a page reads, as the page itself understands them (a sort it does
   * not know dropped, a page number normalised), in the order its own links write them. Requests
   * that read the same are one page: `/shop?sort=junk` is served the `/shop` copy. Without it the
   * key keeps the read parameters as sent.
   */
  canonicalQuery?: (pathname: string, search: URLSearchParams) => string | Promise<string>
}

/**
 * What the caller renders with: the whole document at once when the page may be stored; then also
 * the prefix of the personal parts' markers, and the request to render in place of the visitor's
 * (the same without its cookies, so nothing of the visitor can reach the kept page).
 */
export type RenderOptions = { wholeDocument: boolean; personalHoles?: string; request?: Request }
export type Render = (options: RenderOptions) => Promise<Response>

/**
 * A kept page's answer as plain parts, for a server that writes them itself: no Response or stream
 * is made for it (`PageCache.kept`).
 */
export type KeptAnswer = {
  status: 200
  headers: [string, string][]
  /** The body; null for a HEAD. */
  body: Buffer<ArrayBuffer> | string | null
}

/** Who asks, for `PageCache.kept`: whether they carry a cookie of the shop's, and their request. */
export type KeptVisitor = {
  /** Whether the Cookie header holds one of the shop's cookies (else the visitor is anonymous). */
  ownCookie: boolean
  /** The visitor's request, made only when their cookies must be read. */
  request: () => Request
}

export type ServeContext = {
  /** This response's CSP nonce (the one in its Content-Security-Policy header). */
  nonce: string
  /** The build (deploy) the page is rendered by: a new build never serves an old page. */
  buildId: string
}

export class PageCache {
  private readonly entries: LRUCache<string, Entry>
  private readonly inFlight = new Map<string, Promise<Entry | null>>()
  /** Bumped by every invalidation: a render that saw an older value is not stored. */
  private generation = 0
  private lastExternalVersion: unknown
  private readonly isAnonymous: PageCacheOptions['isAnonymous']
  private readonly personalFor: PageCacheOptions['personalFor']
  private readonly externalVersion: PageCacheOptions['externalVersion']
  private readonly optionParams: PageCacheOptions['optionParams']
  private readonly canonicalQuery: PageCacheOptions['canonicalQuery']
  private readonly cacheControl: string
  /** canonicalQuery's answers by path and query: /shop's parse is a fifth of a hit's work. */
  private readonly canonicalMemo = new LRUCache<string, string>({ max: 1000 })

  constructor(options: PageCacheOptions) {
    this.cacheControl = publicCacheControl(options.sharedSeconds ?? DEFAULT_SHARED_SECONDS)
    this.isAnonymous = options.isAnonymous
    this.personalFor = options.personalFor
    this.externalVersion = options.externalVersion
    this.optionParams = options.optionParams
    this.canonicalQuery = options.canonicalQuery
    this.lastExternalVersion = options.externalVersion?.()
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
      sizeCalculation: (entry) => entry.bytes,
      ttl: options.ttlMs ?? DEFAULT_TTL_MS,
      // A given clock is read at every check: lru-cache would otherwise keep one reading for a
      // millisecond of real time.
      ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    })
  }

  /** Pages kept, and their bytes (for tests and the benchmark). */
  get stats() {
    return { pages: this.entries.size, bytes: this.entries.calculatedSize }
  }

  /** Forgets every page, and any render under way is not stored. */
  invalidateAll(): void {
    this.generation++
    this.inFlight.clear()
    this.entries.clear()
    this.canonicalMemo.clear()
  }

  /**
   * These products changed (price, stock, options, reviews, shown or hidden): their pages go, and so
   * does every page that is not one product's (home, /shop listings, content pages, the sitemap).
   * Other products' pages stay.
   */
  invalidateProducts(ids: Iterable<string>): void {
    const changed = new Set(ids)
    this.generation++
    this.inFlight.clear()
    // A product's canonical query names its variant, which a change may have removed.
    this.canonicalMemo.clear()
    for (const [key, entry] of this.entries.entries()) {
      if (entry.productId === null || changed.has(entry.productId)) this.entries.delete(key)
    }
  }

  /**
   * Answers a request: from the cache when an anonymous visitor asks for a public page that is kept,
   * else by `render`, storing the answer when it is cacheable. Every answer carries X-Page-Cache.
   */
  async serve(request: Request, context: ServeContext, render: Render): Promise<Response> {
    const url = new URL(request.url)
    const productId = publicPage(request.method, url)
    if (productId === undefined) return bypass(await render({ wholeDocument: false }))
    // null: the anonymous visitor, served the copy filled once for everyone.
    let view: PersonalView | null = null
    if (!(await this.isAnonymous(request))) {
      // A store that cannot be read is the render's to answer (its error page), as before.
      view = this.personalFor ? await this.personalFor(request, productId).catch(() => null) : null
      if (!view) return bypass(await render({ wholeDocument: false }))
    }
    const visitor: Visitor = { view, nonce: context.nonce, head: request.method === 'HEAD' }
    const unread = unreadParams(url)
    // Most visits carry nothing the page does not read: no lookup, not even a wait.
    if (productId !== null && unread.length > 0 && (await this.picksOptions(productId, unread))) {
      return bypass(await render({ wholeDocument: false }))
    }
    this.checkExternalVersion()
    const canonical = await this.canonicalOf(url)
    const key = cacheKey(url, context.buildId, canonical)
    const head = visitor.head
    const kept = this.entries.get(key)
    if (kept) return this.answer(kept, visitor, 'hit', render)
    // A HEAD has no body to store: it renders, and only a GET fills the cache. So does a request
    // whose read parameters are not as the page writes them (`?sort=junk`, `?page=02`): its page
    // is the canonical one, but its own render may echo what it was sent, so it is not kept.
    if (head || (canonical !== undefined && canonical !== readQuery(url))) {
      return bypass(await render({ wholeDocument: false }))
    }
    const underWay = this.inFlight.get(key)
    if (underWay) {
      const shared = await underWay
      if (shared) return this.answer(shared, visitor, 'hit', render)
      // That render was not cacheable (or the data changed meanwhile): this one renders itself.
      return bypass(await render({ wholeDocument: false }))
    }
    return this.renderAndStore(key, productId, request, visitor, render)
  }

  /**
   * The kept page for this visitor as parts the server writes itself: the shared copy for an
   * anonymous visitor (no cookie of the shop's: their request is never made), the holes filled for
   * a returning shopper. Null when `serve` must answer instead, by the same rules: not a public
   * page, a visitor whose page shows more than the holes hold, a parameter that may pick a
   * product's options, a page not kept yet. `serve` then runs with the same request, whose
   * session and context are read once (their memos are per request).
   */
  async kept(
    method: string,
    url: URL,
    visitor: KeptVisitor,
    context: ServeContext,
  ): Promise<KeptAnswer | null> {
    if (context.nonce.length < 16) return null
    const productId = publicPage(method, url)
    if (productId === undefined) return null
    if (productId !== null && unreadParams(url).length > 0) return null
    let view: PersonalView | null = null
    if (visitor.ownCookie) {
      const request = visitor.request()
      if (!(await this.isAnonymous(request))) {
        view = this.personalFor
          ? await this.personalFor(request, productId).catch(() => null)
          : null
        if (!view) return null
      }
    }
    this.checkExternalVersion()
    const kept = this.entries.get(cacheKey(url, context.buildId, await this.canonicalOf(url)))
    if (!kept) return null
    const head = method === 'HEAD'
    if (!view) return keptAnswer(kept, context.nonce, head, 'hit', this.cacheControl)
    return filledAnswer(kept, view, context.nonce, head, 'hit')
  }

  private async canonicalOf(url: URL): Promise<string | undefined> {
    if (!this.canonicalQuery) return undefined
    if (!url.search) return this.canonicalQuery(url.pathname, url.searchParams)
    // Only short queries are remembered: a long one is no link of ours and must not fill memory.
    const memoKey = url.search.length <= 512 ? url.pathname + url.search : null
    const remembered = memoKey === null ? undefined : this.canonicalMemo.get(memoKey)
    if (remembered !== undefined) return remembered
    const generation = this.generation
    const canonical = await this.canonicalQuery(url.pathname, url.searchParams)
    if (memoKey !== null && generation === this.generation)
      this.canonicalMemo.set(memoKey, canonical)
    return canonical
  }

  /** A kept page for this visitor: the shared copy, or the holes filled with their view. */
  private async answer(
    entry: Entry,
    visitor: Visitor,
    status: PageCacheStatus,
    render: Render,
  ): Promise<Response> {
    if (!visitor.view) {
      return toResponse(keptAnswer(entry, visitor.nonce, visitor.head, status, this.cacheControl))
    }
    const filled = filledAnswer(entry, visitor.view, visitor.nonce, visitor.head, status)
    // A hole this module cannot fill (never expected): the page renders for the visitor instead.
    if (!filled) return bypass(await render({ wholeDocument: false }))
    return toResponse(filled)
  }

  private async renderAndStore(
    key: string,
    productId: string | null,
    request: Request,
    visitor: Visitor,
    render: Render,
  ): Promise<Response> {
    const nonce = visitor.nonce
    const generation = this.generation
    let settle: (entry: Entry | null) => void = () => {}
    const shared = new Promise<Entry | null>((resolve) => (settle = resolve))
    this.inFlight.set(key, shared)
    let entry: Entry | null = null
    try {
      const prefix = `ph${randomBytes(12).toString('hex')}`
      // A scope of its own: the loaders must not share the visitor's request context (cookies).
      // Its log lines still carry the request's id.
      const response = await inRequestScope(
        () =>
          render({ wholeDocument: true, personalHoles: prefix, request: withoutCookies(request) }),
        currentLogFields(),
      )
      // A nonce too short to be unique cannot be told from the page's own text.
      if (!isCacheable(response) || nonce.length < 16) {
        return bypass(await this.answerUnkept(response, prefix, visitor, render))
      }
      const body = await response.text()
      const made = makeEntry(body, nonce, prefix, response.headers, productId)
      if (!made) return bypass(await render({ wholeDocument: false }))
      if (generation === this.generation) {
        this.entries.set(key, made)
        entry = made
      }
      // Served from the parts, so a miss reads exactly as a hit will. When the data changed while
      // this page rendered, it answers this request and is not kept.
      const answer = await this.answer(made, visitor, 'miss', render)
      return entry ? answer : bypass(answer)
    } finally {
      settle(entry)
      if (this.inFlight.get(key) === shared) this.inFlight.delete(key)
    }
  }

  /**
   * A page rendered with holes that is not to be kept (a 404, an error page, a cookie set): its
   * holes filled for this visitor when it is HTML that sets no cookie (what a visitor without
   * cookies is sent is never a cookie meant for this one), else rendered again for the visitor.
   */
  private async answerUnkept(
    response: Response,
    prefix: string,
    visitor: Visitor,
    render: Render,
  ): Promise<Response> {
    const html = (response.headers.get('Content-Type') ?? '').startsWith('text/html')
    if (html && response.body && !response.headers.has('Set-Cookie')) {
      const template = parseTemplate(await response.text(), visitor.nonce, prefix)
      const pieces = template && fillPieces(template, visitor.view ?? ANONYMOUS_VIEW)
      if (pieces) {
        const headers = new Headers(response.headers)
        headers.delete('Content-Length')
        return new Response(visitor.head ? null : pieces.join(visitor.nonce), {
          status: response.status,
          statusText: response.statusText,
          headers,
        })
      }
    } else if (!html) {
      // Not a page (the sitemap's XML refused, a redirect): no holes, and nothing personal in it
      // unless it sets a cookie.
      if (!response.headers.has('Set-Cookie')) return response
    }
    await response.body?.cancel()
    return render({ wholeDocument: false })
  }

  /** Whether any of a product page request's `unread` parameters is one of its options. */
  private async picksOptions(productId: string, unread: readonly string[]): Promise<boolean> {
    if (!this.optionParams) return false
    const options = new Set(await this.optionParams(productId))
    return unread.some((name) => options.has(name))
  }

  private checkExternalVersion() {
    if (!this.externalVersion) return
    const version = this.externalVersion()
    if (version === this.lastExternalVersion) return
    this.lastExternalVersion = version
    this.invalidateAll()
  }
}

/**
 * Whether a request may be answered from the cache: undefined when not, else the product id its
 * page shows (null for pages that are no single product's).
 */
export function publicPage(method: string, url: URL): string | null | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined
  if (!PUBLIC_PAGES.some((pattern) => pattern.test(url.pathname))) return undefined
  for (const name of url.searchParams.keys()) {
    // Storyblok's editor signs its URLs: draft content is never cached, nor mistaken for it.
    if (name.startsWith('_storyblok') || name === '_data') return undefined
  }
  return PRODUCT_PAGE.exec(url.pathname)?.[1] ?? null
}

/**
 * The build, the origin, the path and the query parameters the page reads (~/lib/page-params), in
 * order: parameters no page reads (utm_*, fbclid, anything made up) neither split nor fill the cache.
 */
export function cacheKey(url: URL, buildId: string, canonicalQuery?: string): string {
  const query = canonicalQuery ?? sortedQuery(readParams(url))
  return `${buildId} ${url.origin}${url.pathname}${query ? `?${query}` : ''}`
}

/** The request's parameters that its page reads, as sent. */
function readParams(url: URL): [string, string][] {
  const read = pageParams(url.pathname)
  return [...url.searchParams].filter(([name]) => read === null || read.includes(name))
}

/** The parameters the page reads in the order sent: what a canonical query is compared with. */
function readQuery(url: URL): string {
  return new URLSearchParams(readParams(url)).toString()
}

function sortedQuery(params: [string, string][]): string {
  const sorted = params.sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
  return new URLSearchParams(sorted).toString()
}

/** The names of the request's parameters its page does not read. */
function unreadParams(url: URL): string[] {
  const read = pageParams(url.pathname) ?? []
  return [...url.searchParams.keys()].filter((name) => !read.includes(name))
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** A page every anonymous visitor may be given: 200, no cookie set, not marked private. */
function isCacheable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false
  if (response.headers.has('Set-Cookie')) return false
  if (!CACHEABLE_TYPE.test(response.headers.get('Content-Type') ?? '')) return false
  const cacheControl = response.headers.get('Cache-Control') ?? ''
  return !/\b(no-store|private|no-cache)\b/.test(cacheControl)
}

/** The kept page, or null when its holes do not read as written (it is then not kept). */
function makeEntry(
  body: string,
  nonce: string,
  prefix: string,
  headers: Headers,
  productId: string | null,
): Entry | null {
  const template = parseTemplate(body, nonce, prefix)
  const anonymous = template && fillPieces(template, ANONYMOUS_VIEW)
  if (!template || !anonymous) return null
  const pieces = anonymous.map((piece) => Buffer.from(piece))
  const kept: [string, string][] = []
  for (const [name, value] of headers) if (!DROPPED_HEADERS.has(name)) kept.push([name, value])
  const headerBytes = kept.reduce((sum, [name, value]) => sum + name.length + value.length, 0)
  const pieceBytes = pieces.reduce((sum, piece) => sum + piece.length, 0)
  return {
    pieces,
    template,
    headers: kept,
    productId,
    // The template holds about the page again, plus every variant of its holes.
    bytes: Math.max(1, pieceBytes + Buffer.byteLength(body) + headerBytes),
  }
}

/** Who a kept page is answered for: their view (null: anonymous), nonce, and whether a HEAD. */
type Visitor = { view: PersonalView | null; nonce: string; head: boolean }

/** The request as an anonymous visitor would send it: no cookies. */
function withoutCookies(request: Request): Request {
  const headers = new Headers(request.headers)
  headers.delete('Cookie')
  return new Request(request.url, { method: request.method, headers, signal: request.signal })
}

/** The shared copy of a kept page, with this response's nonce and the cache's headers. */
function keptAnswer(
  entry: Entry,
  nonce: string,
  head: boolean,
  status: PageCacheStatus,
  cacheControl: string,
): KeptAnswer {
  const headers: [string, string][] = [
    ...entry.headers,
    ['Cache-Control', cacheControl],
    ['Vary', 'Cookie'],
    [PAGE_CACHE_HEADER, status],
  ]
  if (head) return { status: 200, headers, body: null }
  const joint = Buffer.from(nonce)
  const parts: Buffer[] = []
  entry.pieces.forEach((piece, i) => {
    if (i > 0) parts.push(joint)
    parts.push(piece)
  })
  return { status: 200, headers, body: Buffer.concat(parts) }
}

/**
 * A kept page with its holes filled with a returning shopper's view: theirs alone, so never for a
 * shared cache. Null when a hole cannot be filled (never expected; the page then renders).
 */
function filledAnswer(
  entry: Entry,
  view: PersonalView,
  nonce: string,
  head: boolean,
  status: PageCacheStatus,
): KeptAnswer | null {
  const body = fillBody(entry.template, view, nonce)
  if (body === null) return null
  const headers: [string, string][] = [
    ...entry.headers,
    ['Cache-Control', PERSONAL_CACHE_CONTROL],
    ['Vary', 'Cookie'],
    [PAGE_CACHE_HEADER, status],
  ]
  return { status: 200, headers, body: head ? null : body }
}

function toResponse(kept: KeptAnswer): Response {
  return new Response(kept.body, { status: kept.status, headers: kept.headers })
}

/**
 * A response that did not come from the cache nor went into it. HTML is never left for a shared
 * cache to store, and neither is anything that sets a cookie.
 */
function bypass(response: Response): Response {
  const headers = new Headers(response.headers)
  const html = (headers.get('Content-Type') ?? '').startsWith('text/html')
  if (html || headers.has('Set-Cookie')) headers.set('Cache-Control', PERSONAL_CACHE_CONTROL)
  headers.set(PAGE_CACHE_HEADER, 'bypass')
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
