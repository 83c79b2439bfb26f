import { remember } from '@epic-web/remember'
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'
import { LRUCache } from 'lru-cache'
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'

/*
 * The process's Prometheus metrics (docs/contracts.md "Production"): counters that code moves as
 * things happen, read by GET /metrics (./scrape.server.ts adds the gauges read from the store when
 * scraped). Every label is bounded: route ids, status codes, outcomes; never a raw path or an id.
 */

export type ShopMetrics = ReturnType<typeof createMetrics>

/** A fresh registry with the shop's metrics and prom-client's process metrics (event-loop lag...). */
export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    requests: new Counter({
      name: 'shop_http_requests_total',
      help: 'HTTP requests answered, by Remix route id (or static/server) and status code.',
      labelNames: ['route', 'method', 'status'] as const,
      registers,
    }),
    duration: new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time from a request arriving to its response ending, by route.',
      labelNames: ['route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pageCache: new Counter({
      name: 'shop_page_cache_total',
      help: 'Page cache answers (X-Page-Cache): hit, miss or bypass.',
      labelNames: ['result'] as const,
      registers,
    }),
    itns: new Counter({
      name: 'shop_payfast_itn_total',
      help: 'PayFast ITNs handled, by outcome: accepted, ignored, flagged (refund due) or rejected.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    mailFailures: new Counter({
      name: 'shop_mail_send_failures_total',
      help: 'Mail delivery attempts that failed in this process (retried later or failed for good).',
      registers,
    }),
    bobgoSyncFailures: new Counter({
      name: 'shop_bobgo_sync_failures_total',
      help: 'Bob Go sync steps that failed in this process (an order not sent, a shipment not read).',
      registers,
    }),
  }
}

/** The process's metrics: one registry through `remix dev` rebuilds. */
export const metrics: ShopMetrics = remember('metrics', createMetrics)

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The method as a bounded label: the usual ones, else OTHER. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER'
}

/** What a route manifest entry (a Remix build's `routes`) gives route matching. */
export type RouteEntry = {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
}

/**
 * The Remix route id that answers `pathname` in a build's routes (the deepest match, as Remix
 * picks it), or `unmatched`; single fetch's `.data` requests count as their page. Memoised per
 * path in a bounded cache, since the same pages are asked for again and again.
 */
export function routeMatcher(routes: Record<string, RouteEntry | undefined>) {
  const tree = routeTree(Object.values(routes).filter((route) => route !== undefined))
  const known = new LRUCache<string, string>({ max: 1_000 })
  return (pathname: string): string => {
    const page = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '')
    let id = known.get(page)
    if (id === undefined) {
      id = matchRoutes(tree, page)?.at(-1)?.route.id ?? 'unmatched'
      known.set(page, id)
    }
    return id
  }
}

function routeTree(routes: RouteEntry[], parentId?: string): AgnosticRouteObject[] {
  return routes
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive }
      if (route.index) return { ...base, index: true }
      const children = routeTree(routes, route.id)
      return children.length ? { ...base, children } : base
    })
}
