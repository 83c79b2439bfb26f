import type { LoaderFunctionArgs } from '@remix-run/node'

import { loadCart } from '~/lib/cart/cart.server'
import { promotionInputs } from '~/lib/promotions/cart-promotions.server'
import { promotionCartOf, summarize } from '~/lib/promotions/summary'
import { requestContext } from '~/lib/request-context.server'

/**
 * GET /api/cart: the shopper's cart as the mini-cart shows it (lines, totals, and the discounts
 * off the items: the applied code's and the best automatic offer's, as the cart page judges them),
 * priced fresh like /cart. Per visitor, so never cached. Reads only: the session is not written back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requestContext(request)
  const [{ lines, totals, hasProblems }, inputs] = await Promise.all([
    loadCart(context),
    promotionInputs(context),
  ])
  const summary = summarize(promotionCartOf(lines, null), inputs, {
    giftCard: null,
    storeCreditCents: 0,
  })
  const discounts = summary.lines
    .filter((line) => line.on === 'items' && line.amountCents > 0)
    .map(({ discountId, label, amountCents }) => ({ discountId, label, amountCents }))
  return Response.json(
    { lines, totals, hasProblems, discounts },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}
