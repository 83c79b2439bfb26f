import { cartCount } from '~/lib/cart/cart.server'
import { likedIds } from '~/lib/liked/liked.server'
import { contextOf, type RequestContext } from '~/lib/request-context.server'

/** The header's per-visitor state: cart and liked counts, and whether a customer is signed in. */
export async function loadShellCounts(from: Request | RequestContext) {
  const context = await contextOf(from)
  const [userId, liked, cart] = await Promise.all([
    context.userId(),
    likedIds(context),
    cartCount(context),
  ])
  return { cart, liked: liked.length, signedIn: userId !== null }
}
