import { cartCount } from '~/lib/cart/cart.server'
import { likedIds } from '~/lib/liked/liked.server'
import type { PersonalView } from '~/lib/personal'
import { contextOf, type RequestContext } from '~/lib/request-context.server'

/**
 * What the public pages show of this visitor (~/lib/personal): cart count, liked products, whether
 * a customer is signed in and whether they are staff (the account menu's "Back office" link).
 */
export async function loadPersonal(from: Request | RequestContext): Promise<PersonalView> {
  const context = await contextOf(from)
  const [user, liked, cart] = await Promise.all([
    context.user(),
    likedIds(context),
    cartCount(context),
  ])
  return { cart, liked, signedIn: user !== null, staff: user?.staff === true }
}
