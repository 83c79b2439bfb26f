import { getUserId } from '~/lib/auth/user.server'
import { cartCount } from '~/lib/cart/cart.server'
import { likedIds } from '~/lib/liked/liked.server'

/** The header's per-visitor state: cart and liked counts, and whether a customer is signed in. */
export async function loadShellCounts(request: Request) {
  const [userId, liked, cart] = await Promise.all([
    getUserId(request),
    likedIds(request),
    cartCount(request),
  ])
  return { cart, liked: liked.length, signedIn: userId !== null }
}
