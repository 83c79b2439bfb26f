import { getUserId } from '~/lib/auth/user.server'
import { toProductSummary, type ProductSummary } from '~/lib/catalog/summary'
import { visitorCookie } from '~/lib/cookies.server'
import { getStore } from '~/lib/data/index.server'

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

function serializeVisitorLikes(ids: readonly string[]) {
  return likedCookie.serialize(cleanIds(ids).join(','))
}

/** The ids the visitor or customer likes, newest first: cards and pages use it for the heart's state. */
export async function likedIds(request: Request): Promise<string[]> {
  const userId = await getUserId(request)
  if (!userId) return visitorLikes(request)
  const store = await getStore()
  return store.liked.list(userId)
}

/** The liked products as cards show them, newest like first; products gone from the shop drop out. */
export async function likedProducts(request: Request): Promise<ProductSummary[]> {
  const ids = await likedIds(request)
  const products = await (await getStore()).products.getMany(ids)
  const byId = new Map(products.map((p) => [p.id, p]))
  return ids.flatMap((id) => {
    const product = byId.get(id)
    return product?.active ? [toProductSummary(product)] : []
  })
}

/**
 * Likes or unlikes a product for whoever asks. Returns the new state, and for visitors the
 * Set-Cookie header of the updated list.
 */
export async function toggleLike(
  request: Request,
  productId: string,
): Promise<{ liked: boolean; headers: Headers }> {
  const headers = new Headers()
  const userId = await getUserId(request)
  if (userId) {
    const store = await getStore()
    const current = await store.liked.list(userId)
    if (current.includes(productId)) {
      await store.liked.remove(userId, productId)
      return { liked: false, headers }
    }
    await store.liked.add(userId, [productId])
    return { liked: true, headers }
  }
  const current = await visitorLikes(request)
  const liked = !current.includes(productId)
  const next = liked ? [productId, ...current] : current.filter((id) => id !== productId)
  headers.append('Set-Cookie', await serializeVisitorLikes(next))
  return { liked, headers }
}

/**
 * On sign-in: the visitor's likes join the customer's stored ones, and the cookie is cleared
 * (the Set-Cookie goes into `headers`).
 */
export async function mergeVisitorLikes(request: Request, userId: string, headers: Headers) {
  const ids = await visitorLikes(request)
  if (!ids.length) return
  const store = await getStore()
  // Newest first, as LikedStore.add expects: the visitor's likes become the customer's newest.
  await store.liked.add(userId, ids)
  headers.append('Set-Cookie', await likedCookie.serialize('', { maxAge: 0, expires: new Date(0) }))
}
