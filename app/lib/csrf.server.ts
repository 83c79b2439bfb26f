/**
 * Paths that prove themselves otherwise (PayFast signature + IP checks, the Storyblok webhook
 * secret, Bob Go's webhook signature, the unsubscribe link's signed token: a mail client's RFC 8058
 * one-click post comes from another site without a cookie, and does only what its token allows).
 */
const EXEMPT_PATHS = new Set([
  '/payfast/notify',
  '/storyblok/webhook',
  '/bobgo/webhook',
  '/unsubscribe',
])
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export type CrossSiteInput = {
  method: string
  path: string
  secFetchSite: string | null | undefined
  origin: string | null | undefined
  appUrl: string
  /**
   * Production: the Origin must be APP_URL's own. Elsewhere (`npm run dev`, the tests), a page on
   * http://127.0.0.1:3000 may post to a shop whose APP_URL is http://localhost:3000.
   */
  exactOrigin: boolean
}

/**
 * Cross-site request forgery without tokens (docs/contracts.md): a state-changing request that the
 * browser marks cross-site, or whose Origin is not APP_URL's whole origin (scheme, host and port),
 * is refused (outside production, another loopback name of a loopback APP_URL on its port counts as
 * its own). Returns the reason to refuse, or null to let it through.
 *
 * NOTE: the Host header is deliberately not trusted: behind a proxy that terminates TLS, a page on
 * http://shop.example would otherwise pass for https://shop.example.
 */
export function crossSiteRefusal(input: CrossSiteInput): string | null {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return null
  if (EXEMPT_PATHS.has(input.path.replace(/\/+$/, '') || '/')) return null
  const shop = new URL(input.appUrl)
  const origin = parseOrigin(input.origin)
  // 127.0.0.1 and localhost are two sites to a browser, so a post from one to the other says
  // cross-site even when both are this server (the hand-over to the PayFast simulator, say).
  const twin =
    !input.exactOrigin &&
    origin instanceof URL &&
    origin.host !== shop.host &&
    sameLoopbackServer(origin, shop)
  if (input.secFetchSite === 'cross-site' && !twin) return 'Sec-Fetch-Site says cross-site'
  if (origin === null) return null
  if (typeof origin === 'string') return origin
  if (origin.origin === shop.origin || twin) return null
  return `foreign Origin ${origin.origin}`
}

/** The Origin header as a URL; null when absent, or the reason to refuse it. */
function parseOrigin(header: string | null | undefined): URL | null | string {
  if (!header) return null
  if (header === 'null') return 'opaque Origin'
  try {
    return new URL(header)
  } catch {
    return 'malformed Origin'
  }
}

/**
 * On a developer's machine, http://localhost:3000, http://127.0.0.1:3000 and http://[::1]:3000 are
 * the same server: loopback names on APP_URL's scheme and port, APP_URL itself on loopback.
 */
function sameLoopbackServer(url: URL, shop: URL): boolean {
  return (
    LOOPBACK_HOSTS.has(shop.hostname) &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    url.protocol === shop.protocol &&
    url.port === shop.port
  )
}

export type HostInput = {
  method: string
  /** The request's scheme, `http` or `https`. */
  protocol: string
  /** The Host header. */
  host: string | null | undefined
  /** The path and query asked for. */
  url: string
  appUrl: string
  /** Production never redirects: its shop has one address and a proxy in front. */
  exactOrigin: boolean
}

/**
 * Outside production, where a page read on another loopback name of this server (127.0.0.1 while
 * APP_URL says localhost) should be read instead: the same path on APP_URL. Cookies belong to a
 * host name, so a shopper who started at 127.0.0.1 would come back from PayFast (to APP_URL) to a
 * shop that has never seen them. Null when the request is fine where it is.
 */
export function loopbackTwinRedirect(input: HostInput): string | null {
  if (input.exactOrigin || !input.host) return null
  if (!SAFE_METHODS.has(input.method.toUpperCase())) return null
  let asked: URL
  try {
    asked = new URL(`${input.protocol}://${input.host}`)
  } catch {
    return null
  }
  const shop = new URL(input.appUrl)
  if (asked.host === shop.host || !sameLoopbackServer(asked, shop)) return null
  const target = new URL(input.url, shop.origin)
  // A protocol-relative or absolute URL in the request line must not take the shopper elsewhere.
  if (target.origin !== shop.origin) return null
  return target.href
}
