import { isCatalogReady } from '~/lib/catalog/catalog.server'
import { contentDegradation } from '~/lib/content/health.server'

/**
 * Readiness for load balancers and the benchmark, without rendering React or calling anything
 * remote: 503 until the catalogue index is built (the shop cannot search or list before), else
 * 200. The body names each degraded dependency; degraded content is served from copies and does
 * not take the instance out of rotation.
 */
export async function loader() {
  const ready = await isCatalogReady().catch(() => false)
  const lines = [ready ? 'ok' : 'catalogue: building index', contentDegradation()].filter(Boolean)
  return new Response(lines.join('\n'), {
    status: ready ? 200 : 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
