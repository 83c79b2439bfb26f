import { toProductSummary, type ProductSummary } from '~/lib/catalog/summary'
import { contextOf, type RequestContext } from '~/lib/request-context.server'

import { clearVisitorLikes, serializeVisitorLikes } from './liked-cookie.server'

/** The ids the visitor or customer likes, newest first: cards and pages use it for the heart's state. */
export async function likedIds(from: Request | RequestContext): Promise<string[]> {
  const context = await contextOf(from)
  const userId = await context.userId()
  if (!userId) return context.visitorLikes()
  return context.store.liked.list(userId)
}

/** The liked products as cards show them, newest like first; products gone from the shop drop out. */
export async function likedProducts(from: Request | RequestContext): Promise<ProductSummary[]> {
  const context = await contextOf(from)
  const ids = await likedIds(context)
  const products = await context.store.products.getMany(ids)
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
  from: Request | RequestContext,
  productId: string,
): Promise<{ liked: boolean; headers: Headers }> {
  const headers = new Headers()
  const context = await contextOf(from)
  const userId = await context.userId()
  if (userId) {
    const { store } = context
    const current = await store.liked.list(userId)
    if (current.includes(productId)) {
      await store.liked.remove(userId, productId)
      return { liked: false, headers }
    }
    await store.liked.add(userId, [productId])
    return { liked: true, headers }
  }
  const current = await context.visitorLikes()
  const liked = !current.includes(productId)
  const next = liked ? [productId, ...current] : current.filter((id) => id !== productId)
  headers.append('Set-Cookie', await serializeVisitorLikes(next))
  return { liked, headers }
}

/**
 * On sign-in: the visitor's likes join the customer's stored ones, and the cookie is cleared
 * (the Set-Cookie goes into `headers`).
 */
export async function mergeVisitorLikes(
  from: Request | RequestContext,
  userId: string,
  headers: Headers,
) {
  const context = await contextOf(from)
  const ids = await context.visitorLikes()
  if (!ids.length) return
  // Newest first, as LikedStore.add expects: the visitor's likes become the customer's newest.
  await context.store.liked.add(userId, ids)
  headers.append('Set-Cookie', await clearVisitorLikes())
}
