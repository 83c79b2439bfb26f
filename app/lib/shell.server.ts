import { getUserId } from '~/lib/auth/session.server'
import { likedIds } from '~/lib/liked/liked.server'

/**
 * The header's per-visitor state. The cart count is filled in by the cart feature; until then a
 * visitor has none.
 */
export async function loadShellCounts(request: Request) {
  const [userId, liked] = await Promise.all([getUserId(request), likedIds(request)])
  return { cart: 0, liked: liked.length, signedIn: userId !== null }
}
