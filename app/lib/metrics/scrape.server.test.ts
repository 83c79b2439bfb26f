import { describe, expect, test } from 'vitest'

import { createMetrics, routeMatcher } from './metrics.server'
import { addStoreGauges, metricsResponse, tokenMatches } from './scrape.server'

const TOKEN = 'metrics-token-0123456789abcdef'
const scrape = (authorization?: string) =>
  new Request('http://shop.test/metrics', {
    headers: authorization ? { Authorization: authorization } : {},
  })

/** Fake readings for the store-backed gauges: an outbox with 3 pending, 1 sending, 2 failed. */
function sources(overrides: { nextDueAt?: () => Promise<string | null> } = {}) {
  const outbox = {
    list: ({ status }: { status?: string }) =>
      Promise.resolve({ items: [], total: status === 'pending' ? 3 : 1 }),
    nextDueAt: overrides.nextDueAt ?? (() => Promise.resolve('2026-01-01T11:58:00.000Z')),
    countFailed: () => Promise.resolve(2),
  }
  return {
    store: () => Promise.resolve({ outbox } as never),
    catalogSize: () => Promise.resolve(160),
    clock: () => new Date('2026-01-01T12:00:00.000Z'),
    timeoutMs: 50,
  }
}

describe('GET /metrics', () => {
  test('is a 404 when METRICS_TOKEN is not set, whatever is sent', async () => {
    const response = await metricsResponse(scrape(`Bearer ${TOKEN}`), null, createMetrics())
    expect(response.status).toBe(404)
  })

  test('is a 401 without the token or with a wrong one, naming nothing of the metrics', async () => {
    for (const authorization of [undefined, `Bearer wrong`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      const response = await metricsResponse(scrape(authorization), TOKEN, createMetrics())
      expect(response.status, String(authorization)).toBe(401)
      expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer/)
      expect(await response.text()).not.toContain('shop_')
    }
  })

  test('answers the token with every metric in Prometheus text, never cached', async () => {
    const metrics = createMetrics()
    metrics.requests.inc({ route: 'routes/_index', method: 'GET', status: '200' })
    metrics.itns.inc({ outcome: 'rejected' })
    addStoreGauges(metrics, sources())
    const response = await metricsResponse(scrape(`Bearer ${TOKEN}`), TOKEN, metrics)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const text = await response.text()
    for (const line of [
      'shop_http_requests_total{route="routes/_index",method="GET",status="200"} 1',
      'shop_payfast_itn_total{outcome="rejected"} 1',
      'shop_outbox_depth 4',
      'shop_outbox_oldest_due_seconds 120',
      'shop_outbox_failed 2',
      'shop_catalog_index_products 160',
    ]) {
      expect(text).toContain(line)
    }
    expect(text).toContain('nodejs_eventloop_lag_seconds')
    expect(text).toContain('# TYPE shop_http_request_duration_seconds histogram')
  })

  test('reports a gauge as NaN (unknown) when the store does not answer in time', async () => {
    const metrics = createMetrics()
    addStoreGauges(metrics, sources({ nextDueAt: () => new Promise(() => {}) }))
    const text = await (await metricsResponse(scrape(`Bearer ${TOKEN}`), TOKEN, metrics)).text()
    // prom-client writes NaN as `Nan`; Prometheus reads it either way.
    expect(text).toMatch(/^shop_outbox_oldest_due_seconds nan$/im)
    expect(text).toMatch(/^shop_outbox_depth 4$/m)
  })

  test('compares tokens whatever their lengths', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true)
    expect(tokenMatches(`${TOKEN}x`, TOKEN)).toBe(false)
    expect(tokenMatches('', TOKEN)).toBe(false)
  })
})

describe('routeMatcher', () => {
  const match = routeMatcher({
    root: { id: 'root' },
    'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
    'routes/shop.$id': { id: 'routes/shop.$id', parentId: 'root', path: 'shop/:id' },
    'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
  })

  test('labels a request with the route that answers it, never with its path', () => {
    expect(match('/')).toBe('routes/_index')
    expect(match('/_root.data')).toBe('routes/_index')
    expect(match('/shop/P123')).toBe('routes/shop.$id')
    expect(match('/shop/P123.data')).toBe('routes/shop.$id')
    expect(match('/no/such/page')).toBe('routes/$')
  })
})
