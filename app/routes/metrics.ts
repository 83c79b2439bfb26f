import type { LoaderFunctionArgs } from '@remix-run/node'

import { env } from '~/lib/env.server'
import { metricsResponse } from '~/lib/metrics/scrape.server'

/**
 * GET /metrics: the instance's metrics in Prometheus's text format, only for
 * `Authorization: Bearer {METRICS_TOKEN}` (app/lib/metrics/scrape.server.ts); a 404 when unset.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return metricsResponse(request, env.metricsToken)
}
