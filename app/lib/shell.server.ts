import { cartCount } from '~/lib/cart/cart.server'
import { likedIds } from '~/lib/liked/liked.server'
import { contextOf, type RequestContext } from '~/lib/request-context.server'

/**
 * The header's per-visitor state: cart and liked counts, whether a customer is signed in, and
 * whether they are staff (the account menu's "Back office" link).
 */
export async function loadShellCounts(from: Request | RequestContext) {
  const context = await contextOf(from)
  const [user, liked, cart] = await Promise.all([
    context.user(),
    likedIds(context),
    cartCount(context),
  ])
  return { cart, liked: liked.length, signedIn: user !== null, staff: user?.staff === true }
}
