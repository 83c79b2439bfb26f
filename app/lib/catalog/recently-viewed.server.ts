import { visitorCookie } from '~/lib/cookies.server'

import { parseRecentlyViewed, withView } from './recently-viewed'

/**
 * The visitor's recently viewed products: a signed cookie holding product ids only, comma-joined,
 * newest first (12 ids fit well inside 4 KB). Written by the product page's view beacon
 * (routes/recently-viewed.$id.ts), read by the product page and by the page cache's anonymity
 * rule (docs/decisions/021-shopper-experience.md).
 */
export const RECENTLY_VIEWED_COOKIE = 'en_recent'

const recentCookie = visitorCookie({ name: RECENTLY_VIEWED_COOKIE, maxAge: 60 * 60 * 24 * 30 })

/** The ids the visitor viewed, newest first; a forged or malformed cookie reads as none. */
export async function recentlyViewedIds(request: Request): Promise<string[]> {
  return parseRecentlyViewed(await recentCookie.parse(request.headers.get('Cookie')))
}

/** The Set-Cookie header recording a view of `productId`. */
export async function recordView(request: Request, productId: string): Promise<string> {
  const ids = withView(await recentlyViewedIds(request), productId)
  return recentCookie.serialize(ids.join(','))
}
