import type { LoaderFunctionArgs } from '@remix-run/node'

import { renderProductSvg } from '~/lib/catalog/product-image.server'
import { getStore } from '~/lib/data/index.server'
import { notFound } from '~/lib/http.server'
import { parseProductImageFile } from '~/lib/seed/images'

/**
 * GET /images/products/<productId>-<n>.svg: the demo catalogue's illustrations, drawn from the
 * product. The URL names the product and the picture, so the answer can be cached for good.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const parsed = parseProductImageFile(params.file ?? '')
  if (!parsed) throw notFound()
  const store = await getStore()
  const product = await store.products.get(parsed.productId)
  if (!product || parsed.n > Math.max(product.images.length, 1)) throw notFound()
  return new Response(renderProductSvg(product, parsed.n), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // Opened on its own, the SVG may not run scripts or load anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
