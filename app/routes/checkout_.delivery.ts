import type { LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'

import { requireCartItems } from '~/lib/cart/guard.server'
import { deliveryQuoteFor } from '~/lib/checkout/checkout.server'

/**
 * GET /checkout/delivery?line1=&suburb=&city=&province=&postalCode= (or `addressId`): the delivery
 * options for that address and the cart, as checkout's script asks for them while the shopper
 * types (docs/contracts.md "Shipping"). Changes nothing; personal (the cart), so never cached.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireCartItems(request)
  return data(await deliveryQuoteFor(request), {
    headers: { 'Cache-Control': 'private, no-store' },
  })
}
