import { createHash, randomBytes } from 'node:crypto'

import { logger } from '~/lib/log.server'
import { methodLabel, metrics, type ShopMetrics } from '~/lib/metrics/metrics.server'
import { PAGE_CACHE_HEADER } from '~/lib/page-cache/page-cache.server'
import { currentLogFields, inRequestScope, type LogFields } from '~/lib/request-scope.server'

/*
 * One log line and one count per request (docs/contracts.md "Production"), and the request id that
 * every line the request causes carries. server.mjs runs this first, before anything can answer.
 */

/** A request id a client or proxy may hand us: short, and only characters safe in a log. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/
/** Cloud Run's trace header: `TRACE_ID/SPAN_ID;o=1`, the trace id 32 hex digits. */
const CLOUD_TRACE = /^([0-9a-f]{32})(?:\/|$)/i

/**
 * The request's id: a well-formed `X-Request-Id` (from a proxy in front), else Cloud Run's trace id
 * (`X-Cloud-Trace-Context`), else a new one. A malformed header is ignored, never logged.
 */
export function requestIdFrom(headers: {
  requestId?: string | undefined
  cloudTrace?: string | undefined
}): string {
  const given = headers.requestId?.trim()
  if (given && SAFE_REQUEST_ID.test(given)) return given
  const trace = headers.cloudTrace ? CLOUD_TRACE.exec(headers.cloudTrace.trim()) : null
  if (trace) return trace[1]!.toLowerCase()
  return randomBytes(12).toString('base64url')
}

/**
 * Query parameters whose values are kept in the log: the catalogue's and the back office's paging
 * and filters. Every other value is a possible secret (an order link's `key`, an unsubscribe `t`,
 * a reset `token`, a `signature`, an email) and is logged as `[redacted]`, its name kept.
 */
const PLAIN_QUERY = new Set([
  'q',
  'page',
  'per_page',
  'sort',
  'status',
  'category',
  'lowStock',
  'sent',
  'edit',
  'intent',
  'index',
  '_data',
  'redirectTo',
])

/** The path and query as logged: values of parameters not known to be plain are redacted. */
export function loggedPath(originalUrl: string): string {
  const queryAt = originalUrl.indexOf('?')
  if (queryAt < 0) return originalUrl
  const query = originalUrl
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals < 0 ? pair : pair.slice(0, equals)
      if (equals < 0) return name
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // A malformed name stays as sent and its value is redacted.
      }
      return PLAIN_QUERY.has(decoded) ? pair : `${name}=[redacted]`
    })
  return `${originalUrl.slice(0, queryAt)}?${query.join('&')}`
}

/** A user's id as logged: a short one-way hash, the same on every line and every instance. */
export function userHash(userId: string): string {
  return createHash('sha256').update(`shop-user:${userId}`).digest('hex').slice(0, 16)
}

/** Names the signed-in user (hashed) on the request's log line, once their session is verified. */
export function noteRequestUser(userId: string): void {
  const fields = currentLogFields()
  if (fields?.requestId) fields.user = userHash(userId)
}

/** The parts of Express's request and response the request log reads (server.mjs). */
export type LoggedRequest = {
  method: string
  originalUrl: string
  get(name: string): string | undefined
}
export type LoggedResponse = {
  statusCode: number
  writableFinished: boolean
  locals: Record<string, unknown>
  setHeader(name: string, value: string): unknown
  getHeader(name: string): unknown
  once(event: 'close', listener: () => void): unknown
}

/**
 * Express middleware (server.mjs, first): gives the request its id (echoed as X-Request-Id), runs
 * the rest of the request in a scope carrying it, and when the response ends writes the request's
 * line and counts it. `routeOf` names the route that answered (a bounded label, see server.mjs).
 */
export function requestLogging(
  routeOf: (res: LoggedResponse) => string,
  dependencies: { log?: typeof logger; counters?: ShopMetrics } = {},
) {
  const log = dependencies.log ?? logger
  const counters = dependencies.counters ?? metrics
  return (req: LoggedRequest, res: LoggedResponse, next: () => void) => {
    const started = process.hrtime.bigint()
    const requestId = requestIdFrom({
      requestId: req.get('x-request-id'),
      cloudTrace: req.get('x-cloud-trace-context'),
    })
    const fields: LogFields = { requestId }
    res.setHeader('X-Request-Id', requestId)
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      const route = routeOf(res)
      const status = res.statusCode
      const cache = res.getHeader(PAGE_CACHE_HEADER)
      counters.requests.inc({ route, method: methodLabel(req.method), status: String(status) })
      counters.duration.observe({ route }, seconds)
      if (cache === 'hit' || cache === 'miss' || cache === 'bypass') {
        counters.pageCache.inc({ result: cache })
      }
      const path = loggedPath(req.originalUrl)
      const line = {
        ...fields,
        method: req.method,
        path,
        route,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(typeof cache === 'string' ? { cache } : {}),
        // The client went away before the whole response was sent.
        ...(res.writableFinished ? {} : { aborted: true }),
      }
      const message = `${req.method} ${path} ${status}`
      if (status >= 500) log.error(line, message)
      else log.info(line, message)
    })
    inRequestScope(next, fields)
  }
}
