import type { LoaderFunctionArgs } from '@remix-run/node'

import { notFound } from '~/lib/http.server'
import { getImageStore } from '~/lib/images/image-store.server'

/**
 * GET /images/<productId>/<hash>-<width>.webp: one rendition of a stored product image (the files
 * adapter's URLs; Storage serves its own). The name carries the content hash, so the answer never
 * changes and is cached for good. Only the image store is read, never the data store; any name that
 * is not a stored rendition (including any path outside the store) is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const images = await getImageStore()
  const file = await images.read(params.productId ?? '', params.file ?? '')
  if (!file) throw notFound()
  const headers = {
    'Content-Type': file.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: file.etag,
    'X-Content-Type-Options': 'nosniff',
    // Emails show these pictures from the mail client's origin (and /dev/mail from a sandboxed
    // frame, an opaque origin): helmet's default same-origin would block them there.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  }
  const known = request.headers.get('If-None-Match')
  if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
    return new Response(null, { status: 304, headers })
  }
  return new Response(new Uint8Array(file.bytes), { headers })
}
