import { EventEmitter } from 'node:events'

import { describe, expect, test } from 'vitest'

import { createLogger } from './log.server'
import { createMetrics } from './metrics/metrics.server'
import {
  loggedPath,
  noteRequestUser,
  requestIdFrom,
  requestLogging,
  userHash,
  type LoggedResponse,
} from './request-log.server'

describe('requestIdFrom', () => {
  test('takes a well-formed X-Request-Id from the proxy in front', () => {
    expect(requestIdFrom({ requestId: 'f3c1a9e0b2d44c8e' })).toBe('f3c1a9e0b2d44c8e')
  })

  test("else Cloud Run's trace id", () => {
    const trace = '105445AA7843BC8BF206B12000100000/1;o=1'
    expect(requestIdFrom({ cloudTrace: trace })).toBe('105445aa7843bc8bf206b12000100000')
  })

  test('ignores a malformed id (too long, unsafe characters) and makes a new one', () => {
    for (const requestId of [
      'x'.repeat(65),
      'abc',
      'id with spaces',
      'a"b<script>',
      'ok\nforged',
    ]) {
      const id = requestIdFrom({ requestId, cloudTrace: 'not-a-trace' })
      expect(id).not.toBe(requestId)
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/)
    }
    expect(requestIdFrom({})).not.toBe(requestIdFrom({}))
  })
})

describe('loggedPath', () => {
  test("redacts every query value but the catalogue's plain ones, keeping the names", () => {
    expect(loggedPath('/orders/ORD123?key=s3cret-link')).toBe('/orders/ORD123?key=[redacted]')
    expect(loggedPath('/unsubscribe?t=tok&email=a%40b.co')).toBe(
      '/unsubscribe?t=[redacted]&email=[redacted]',
    )
    expect(loggedPath('/reset-password?token=abc&signature=def')).toBe(
      '/reset-password?token=[redacted]&signature=[redacted]',
    )
    expect(loggedPath('/shop?q=boots&page=2&sort=price')).toBe('/shop?q=boots&page=2&sort=price')
    expect(loggedPath('/about_us')).toBe('/about_us')
  })
})

/** A response as Express's would act for the middleware: headers, a status, a close event. */
function fakeResponse() {
  const emitter = new EventEmitter()
  const headers = new Map<string, unknown>()
  const res: LoggedResponse = {
    statusCode: 200,
    writableFinished: true,
    locals: {},
    setHeader: (name, value) => headers.set(name.toLowerCase(), value),
    getHeader: (name) => headers.get(name.toLowerCase()),
    once: (event, listener) => emitter.once(event, listener),
  }
  return { res, headers, close: () => emitter.emit('close') }
}

describe('requestLogging', () => {
  function setUp() {
    const lines: Record<string, unknown>[] = []
    const log = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    })
    const counters = createMetrics()
    const middleware = requestLogging(() => 'routes/orders.$id', { log, counters })
    return { lines, log, counters, middleware }
  }

  test("echoes the request's id, writes one line for the request and gives its id to every line it causes", async () => {
    const { lines, log, counters, middleware } = setUp()
    const { res, headers, close } = fakeResponse()
    const get = (name: string) => (name === 'x-request-id' ? 'proxy-id-0001' : undefined)
    middleware({ method: 'GET', originalUrl: '/orders/ORD1?key=secret-key', get }, res, () => {
      log.info({ orderId: 'ORD1' }, 'Order ORD1: pay (pending_payment -> paid)')
      noteRequestUser('user-42')
    })
    res.statusCode = 200
    headers.set('x-page-cache', 'bypass')
    close()
    expect(headers.get('x-request-id')).toBe('proxy-id-0001')
    expect(lines).toEqual([
      expect.objectContaining({ requestId: 'proxy-id-0001', orderId: 'ORD1' }),
      {
        severity: 'INFO',
        time: expect.any(String),
        requestId: 'proxy-id-0001',
        user: userHash('user-42'),
        method: 'GET',
        path: '/orders/ORD1?key=[redacted]',
        route: 'routes/orders.$id',
        status: 200,
        durationMs: expect.any(Number),
        cache: 'bypass',
        message: 'GET /orders/ORD1?key=[redacted] 200',
      },
    ])
    expect(JSON.stringify(lines)).not.toContain('secret-key')
    expect(JSON.stringify(lines)).not.toContain('user-42')
    const requests = await counters.registry.getSingleMetricAsString('shop_http_requests_total')
    expect(requests).toContain(
      'shop_http_requests_total{route="routes/orders.$id",method="GET",status="200"} 1',
    )
    const cache = await counters.registry.getSingleMetricAsString('shop_page_cache_total')
    expect(cache).toContain('shop_page_cache_total{result="bypass"} 1')
  })

  test('writes a server error as an ERROR line, and says when the client went away', () => {
    const { lines, middleware } = setUp()
    const { res, close } = fakeResponse()
    middleware({ method: 'POST', originalUrl: '/checkout', get: () => undefined }, res, () => {})
    res.statusCode = 500
    res.writableFinished = false
    close()
    expect(lines).toEqual([
      expect.objectContaining({ severity: 'ERROR', status: 500, aborted: true }),
    ])
    expect(lines[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{16}$/)
  })
})
