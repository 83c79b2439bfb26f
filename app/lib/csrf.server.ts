/**
 * Paths that prove themselves otherwise (PayFast signature + IP checks, the Storyblok webhook
 * secret, Bob Go's webhook signature).
 */
const EXEMPT_PATHS = new Set(['/payfast/notify', '/storyblok/webhook', '/bobgo/webhook'])
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export type CrossSiteInput = {
  method: string
  path: string
  secFetchSite: string | null | undefined
  origin: string | null | undefined
  appUrl: string
}

/**
 * Cross-site request forgery without tokens (docs/contracts.md): a state-changing request that the
 * browser marks cross-site, or whose Origin is not APP_URL's whole origin (scheme, host and port),
 * is refused. Returns the reason to refuse, or null to let it through.
 *
 * NOTE: the Host header is deliberately not trusted: behind a proxy that terminates TLS, a page on
 * http://shop.example would otherwise pass for https://shop.example.
 */
export function crossSiteRefusal(input: CrossSiteInput): string | null {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return null
  if (EXEMPT_PATHS.has(input.path.replace(/\/+$/, '') || '/')) return null
  if (input.secFetchSite === 'cross-site') return 'Sec-Fetch-Site says cross-site'
  if (!input.origin) return null
  if (input.origin === 'null') return 'opaque Origin'
  let origin: URL
  try {
    origin = new URL(input.origin)
  } catch {
    return 'malformed Origin'
  }
  const shop = new URL(input.appUrl)
  if (origin.origin === shop.origin || sameLoopbackServer(origin, shop)) return null
  return `foreign Origin ${origin.origin}`
}

/**
 * On a developer's machine, http://localhost:3000 and http://127.0.0.1:3000 are the same server. A
 * deployed shop's APP_URL is never a loopback address, so this never widens production.
 */
function sameLoopbackServer(origin: URL, shop: URL): boolean {
  return (
    LOOPBACK_HOSTS.has(shop.hostname) &&
    LOOPBACK_HOSTS.has(origin.hostname) &&
    origin.protocol === shop.protocol &&
    origin.port === shop.port
  )
}
