/** Paths that prove themselves otherwise (PayFast signature + IP checks, the Storyblok webhook secret). */
const EXEMPT_PATHS = new Set(['/payfast/notify', '/storyblok/webhook'])
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type CrossSiteInput = {
  method: string
  path: string
  secFetchSite: string | null | undefined
  origin: string | null | undefined
  /** The Host header the browser sent. */
  host: string | null | undefined
  appUrl: string
}

/**
 * Cross-site request forgery without tokens (DESIGN.md): a state-changing request that the browser
 * marks cross-site, or whose Origin is neither the shop's public URL nor the host it was sent to,
 * is refused. Returns the reason to refuse, or null to let it through.
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
  if (origin.origin === new URL(input.appUrl).origin) return null
  if (input.host && origin.host === input.host) return null
  return `foreign Origin ${origin.origin}`
}
