import { visitorCookie } from '~/lib/cookies.server'

/** Visitors keep at most this many liked products (newest first); older ones drop off. */
const MAX_VISITOR_LIKES = 100
const PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,79}$/

/**
 * The visitor's liked products: its own signed cookie, separate from the session so the session
 * cookie stays small. Stored as one comma-joined string (fits 100 ids well inside 4 KB).
 */
const likedCookie = visitorCookie({ name: '__liked', maxAge: 60 * 60 * 24 * 365 })

function cleanIds(ids: readonly string[]) {
  return [...new Set(ids.filter((id) => PRODUCT_ID.test(id)))].slice(0, MAX_VISITOR_LIKES)
}

/** The products a visitor (signed out) likes, from the signed cookie; no store read. */
export async function visitorLikes(request: Request): Promise<string[]> {
  const value: unknown = await likedCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value ? cleanIds(value.split(',')) : []
}

/** The Set-Cookie value holding these likes (cleaned and capped). */
export function serializeVisitorLikes(ids: readonly string[]) {
  return likedCookie.serialize(cleanIds(ids).join(','))
}

/** The Set-Cookie value that clears the visitor's likes (once they joined a customer's). */
export function clearVisitorLikes() {
  return likedCookie.serialize('', { maxAge: 0, expires: new Date(0) })
}
