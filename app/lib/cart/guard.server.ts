import type { Guard } from '~/lib/guards.server'
import { redirectWithToast } from '~/lib/toast.server'

import { cartCount } from './cart.server'

export const EMPTY_CART_MESSAGE = 'Your cart is empty'

/** The `cartCheck` route guard: checkout with an empty cart goes to /cart with a notice. */
export const cartCheck: Guard = async ({ request }) => {
  if ((await cartCount(request)) > 0) return
  throw await redirectWithToast(request, '/cart', { type: 'info', title: EMPTY_CART_MESSAGE })
}
