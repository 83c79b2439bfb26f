import { shownOnPage } from '~/lib/catalog/recently-viewed'
import { RECENTLY_VIEWED_COOKIE, recentlyViewedIds } from '~/lib/catalog/recently-viewed.server'
import { visitorLikes } from '~/lib/liked/liked-cookie.server'
import { getSession } from '~/lib/cookie-session.server'

/**
 * The shop's own cookies. Any other cookie (a proxy's, an analytics script's) changes nothing the
 * shop renders. NOTE: a new cookie that changes what a page shows must be added here and to
 * isAnonymous below, or its visitors would be served the page everyone else sees.
 */
const SESSION_COOKIE = '__session'
const TOAST_COOKIE = 'en_toast'
const LIKED_COOKIE = '__liked'
const OURS = new Set([SESSION_COOKIE, TOAST_COOKIE, LIKED_COOKIE, RECENTLY_VIEWED_COOKIE])
/** The product whose page a path is: only product pages show the recently viewed list. */
const PRODUCT_PAGE = /^\/shop\/([^/]+)$/

/** The names in a Cookie header. */
function cookieNames(header: string): string[] {
  return header.split(';').map((pair) => pair.split('=', 1)[0]!.trim())
}

/** Whether a Cookie header holds any of the shop's own cookies (else its visitor is anonymous). */
export function hasOwnCookie(header: string | null | undefined): boolean {
  return header ? cookieNames(header).some((name) => OURS.has(name)) : false
}

/** Whether a flash message waits for this visitor (it shows once: their page renders). */
export function hasFlash(request: Request): boolean {
  return cookieNames(request.headers.get('Cookie') ?? '').includes(TOAST_COOKIE)
}

/**
 * Whether the visitor sees what every visitor sees: no cookie of ours, or only ones that say
 * nothing (a session holding nothing, an empty liked list, on a product page a recently viewed
 * list holding only that product). A session holding anything (a sign-in,
 * a cart, prices seen, orders placed) is personal, and so is any flash message cookie. Decided from
 * the signed cookies alone, without a store read. A cookie whose signature fails reads as empty
 * here exactly as it does when the page renders, so that visitor sees the anonymous page either way.
 */
export async function isAnonymous(request: Request): Promise<boolean> {
  const header = request.headers.get('Cookie')
  if (!hasOwnCookie(header)) return true
  const names = cookieNames(header!).filter((name) => OURS.has(name))
  // A flash message shows once, for this visitor: whatever the cookie holds, the page renders.
  if (names.includes(TOAST_COOKIE)) return false
  if (names.includes(SESSION_COOKIE)) {
    const session = await getSession(request)
    if (Object.keys(session.data).length > 0) return false
  }
  if (names.includes(LIKED_COOKIE) && (await visitorLikes(request)).length > 0) return false
  // Recently viewed shows on product pages only, without the product itself: a list holding
  // another product makes that page personal; other pages stay the same for everyone.
  if (names.includes(RECENTLY_VIEWED_COOKIE)) {
    const productId = PRODUCT_PAGE.exec(new URL(request.url).pathname)?.[1]
    if (productId !== undefined) {
      const shown = shownOnPage(await recentlyViewedIds(request), productId)
      if (shown.length > 0) return false
    }
  }
  return true
}
