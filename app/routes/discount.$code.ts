import type { LoaderFunctionArgs } from '@remix-run/node'

import { followDiscountLink } from '~/lib/promotions/discount-link.server'
import { requestContext } from '~/lib/request-context.server'

/** `GET /discount/{code}?redirect=/path`: applies the code and redirects (same-origin paths only). */
export async function loader({ request, params, context: load }: LoaderFunctionArgs) {
  const context = await requestContext(request)
  return followDiscountLink(context, params.code ?? '', new URL(request.url), load.clientIp ?? '')
}
