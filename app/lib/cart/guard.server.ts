import { redirectWithToast } from '~/lib/toast.server'

import { cartCount } from './cart.server'

export const EMPTY_CART_MESSAGE = 'Your cart is empty'

/**
 * The specification's `cartCheck` guard, called on the first line of the checkout loader and
 * action: with an empty cart it throws a redirect to /cart carrying a notice.
 */
export async function requireCartItems(request: Request): Promise<void> {
  if ((await cartCount(request)) > 0) return
  throw await redirectWithToast('/cart', { type: 'info', title: EMPTY_CART_MESSAGE })
}
