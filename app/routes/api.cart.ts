import type { LoaderFunctionArgs } from '@remix-run/node'

import { loadCart } from '~/lib/cart/cart.server'

/**
 * GET /api/cart: the shopper's cart as the mini-cart shows it (lines, totals), priced fresh like
 * /cart. Per visitor, so never cached. Reads only: the session is not written back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { lines, totals, hasProblems } = await loadCart(request)
  return Response.json(
    { lines, totals, hasProblems },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}
