import type { LoaderFunctionArgs } from '@remix-run/node'

import { catalog } from '~/lib/catalog/products.server'
import { recordView } from '~/lib/catalog/recently-viewed.server'

/** A transparent 1x1 GIF: what the beacon's `<img>` loads. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/**
 * The product page's view beacon: the page's 1x1 image asks for this, and the answer records the
 * view in the recently viewed cookie. The page itself sets no cookie, so the page cache may keep
 * it for anonymous visitors (docs/decisions/021-shopper-experience.md). Asked from another site,
 * or for a product not on sale, it records nothing; it always answers the picture, never cached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const headers = new Headers({
    'Content-Type': 'image/gif',
    'Cache-Control': 'private, no-store',
  })
  const sameSite = request.headers.get('Sec-Fetch-Site') !== 'cross-site'
  const product = sameSite ? await catalog.summaries(params.id ? [params.id] : []) : []
  if (product.length === 1) headers.set('Set-Cookie', await recordView(request, product[0]!.id))
  return new Response(PIXEL, { headers })
}
