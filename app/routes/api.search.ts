import type { LoaderFunctionArgs } from '@remix-run/node'

import { predictiveSearch } from '~/lib/catalog/predictive.server'

/**
 * GET /api/search?q=: the header's predictive search (up to 6 products and the link to all
 * results) from the in-memory catalogue index. Public and the same for everyone, so a short
 * shared cache is safe: a price or stock change shows within a minute.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get('q')
  return Response.json(await predictiveSearch(q), {
    headers: { 'Cache-Control': 'public, max-age=60' },
  })
}
