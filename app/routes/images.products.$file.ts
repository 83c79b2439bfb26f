import type { LoaderFunctionArgs } from '@remix-run/node'

import { notFound } from '~/lib/http.server'
import { productPictureSvg } from '~/lib/images/product-pictures.server'

/**
 * GET /images/products/<productId>-<n>.svg: the demo catalogue's illustrations, drawn from the
 * product. The URL names the product and the picture, so the answer can be cached for good.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const svg = await productPictureSvg(params.file ?? '')
  if (svg === null) throw notFound()
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      // Opened on its own, the SVG may not run scripts or load anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
