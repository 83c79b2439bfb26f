import type { HeadersFunction } from '@remix-run/node'

/** Published pages: browsers keep them a minute, shared caches five, then serve stale while refreshing. */
export const PUBLISHED_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600'
/** Draft content seen through the visual editor must never be stored anywhere. */
export const EDITOR_CACHE_CONTROL = 'no-store'

/**
 * Document headers for content routes. The page's own loader decides its Cache-Control, but the
 * shell (cart and liked counts, flash messages) differs per visitor: responses vary on Cookie, and
 * one that sets a cookie is never stored.
 */
export const contentHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  // Keep whatever the shell set; Remix adds every loader's Set-Cookie back on its own.
  const headers = new Headers(parentHeaders)
  headers.delete('Set-Cookie')
  const own = loaderHeaders.get('Cache-Control')
  const parent = parentHeaders.get('Cache-Control')
  const setsCookie = parentHeaders.has('Set-Cookie') || loaderHeaders.has('Set-Cookie')
  const noStore = setsCookie || own === EDITOR_CACHE_CONTROL || parent?.includes('no-store')
  headers.set('Cache-Control', noStore ? EDITOR_CACHE_CONTROL : (own ?? PUBLISHED_CACHE_CONTROL))
  headers.set('Vary', 'Cookie')
  return headers
}
