// The shop's HTTP server: Express over Remix's request handler, for `npm start` and `remix dev` alike.
// Why not remix-serve: the PayFast ITN source check and the rate limits need the client's IP
// (docs/decisions/001-express-server.md). What guards what here: docs/decisions/016-production-safety.md.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import url from 'node:url'

import {
  broadcastDevReady,
  createRequestHandler,
  writeReadableStreamToWritable,
} from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'

const BUILD_PATH = path.resolve('build/index.js')
const VERSION_PATH = path.resolve('build/version.txt')
const development = process.env.NODE_ENV === 'development'
/** Where malformed paths are sent: an unknown path, so Remix renders its 404 page. */
const NOT_FOUND_PATH = '/__not-found'

let build
try {
  build = await importBuild()
} catch (error) {
  // EnvError and unknown guard names surface here, before the port is bound; the logger lives in
  // the build, so this one line is written as the logger would (no stack: errorSummary's rule).
  const message =
    error instanceof Error
      ? error.name === 'EnvError'
        ? error.message
        : `${error.name}: ${error.message}`
      : String(error)
  const line = { severity: 'CRITICAL', time: new Date().toISOString(), job: 'server', message }
  process.stdout.write(`${JSON.stringify(line)}\n`)
  process.exit(1)
}
const {
  env,
  crossSiteRefusal,
  loopbackTwinRedirect,
  helmetOptions,
  requestBodyRule,
  formBodyRefusal,
  isWellFormedPath,
  errorSummary,
  methodNotAllowed,
  logger,
  requestLogging,
  routeMatcher,
} = build.entry.module
/** Lines about the server's own life (start, shutdown), outside any request. */
const serverLog = logger.child({ job: 'server' })

const app = express()
app.disable('x-powered-by')
// TRUST_PROXY_HOPS decides how far into X-Forwarded-For the client address is read.
app.set('trust proxy', env.trustProxyHops)

// First: the request's id (X-Request-Id), its scope, and its one log line and count when it ends
// (app/lib/request-log.server.ts). The route label: the Remix route id (set below), `static` for
// files, `server` for what this file answers itself (a refusal, a 413).
app.use(requestLogging((res) => res.locals.route ?? 'server'))

// Security headers first, so assets and error pages carry them too. One CSP nonce per response.
app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64')
  next()
})
app.use(helmet(helmetOptions(env)))
app.use((_req, res, next) => {
  res.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
  next()
})

// A path no route could have (bad percent-encoding, a backslash) is the 404 page, never a 500.
app.use((req, _res, next) => {
  if (!isWellFormedPath(req.path)) {
    req.url = NOT_FOUND_PATH
    req.malformedPath = true
  }
  next()
})

app.use(compression())

// Fingerprinted assets never change: cache them for a year.
const buildFiles = express.static('public/build', { immutable: true, maxAge: '1y' })
app.use('/build', (req, res, next) => {
  res.locals.route = 'static'
  buildFiles(req, res, next)
})
const publicFiles = express.static('public', { maxAge: '1h', index: false, redirect: false })
// Page URLs have no file extension: skip the file-system lookup for them (a stat per page view).
app.use((req, res, next) => {
  if (!/\.\w+$/.test(req.path)) return next()
  res.locals.route = 'static'
  publicFiles(req, res, next)
})

// Outside production, a page read at http://127.0.0.1:3000 when APP_URL says localhost:3000 (or the
// other way round) moves to APP_URL: PayFast sends the shopper back there, and cookies follow names.
app.use((req, res, next) => {
  const target = loopbackTwinRedirect({
    method: req.method,
    protocol: req.protocol,
    host: req.get('host'),
    url: req.originalUrl,
    appUrl: env.appUrl,
    exactOrigin: env.isProduction,
  })
  if (!target) return next()
  res.redirect(302, target)
})

// Cross-site request forgery, refused without tokens (docs/contracts.md): before Remix sees the
// request.
app.use((req, res, next) => {
  const reason = crossSiteRefusal({
    method: req.method,
    path: req.path,
    secFetchSite: req.get('sec-fetch-site'),
    origin: req.get('origin'),
    appUrl: env.appUrl,
    exactOrigin: env.isProduction,
  })
  if (!reason) return next()
  logger.warn({ clientIp: req.ip }, `Refused ${req.method} ${req.path}: ${reason}`)
  res.status(403).type('text/plain').send('Forbidden: this request came from another site.')
})

// Bodies: counted as they arrive and refused past the route's limit (413), so no route ever holds
// more than 1 MB but a staff member's upload; form routes get a readable form or a plain 415/400, never a 500.
app.use(async (req, res, next) => {
  // A back-office upload's larger limit needs a staff member's session (body-grant.server.ts).
  const rule = await requestBodyRule(
    req.method,
    req.path,
    req.get('content-type'),
    req.get('cookie'),
  )
  if (!rule) return next()
  const refuse = (status, message) => res.status(status).type('text/plain').send(message)
  const tooLarge = () => {
    // Close the connection instead of reading the rest of the body.
    res.set('Connection', 'close')
    refuse(413, `Payload Too Large: at most ${rule.limit} bytes.`)
  }
  const declared = Number(req.get('content-length'))
  if (Number.isFinite(declared) && declared > rule.limit) return tooLarge()
  let body
  try {
    body = await readBody(req, rule.limit)
  } catch (error) {
    if (error === BODY_TOO_LARGE) return tooLarge()
    // The client went away or sent a broken chunked body.
    return refuse(400, 'Bad Request: the body could not be read.')
  }
  if (rule.form) {
    const refusal = await formBodyRefusal(req.get('content-type'), body)
    if (refusal) return refuse(refusal.status, refusal.message)
  }
  req.rawBody = body
  next()
})

const getLoadContext = (req, res) => ({ clientIp: req.ip ?? '', cspNonce: res.locals.cspNonce })
app.all('*', development ? devRequestHandler() : remixHandler(() => build, build.mode))

// Anything thrown outside Remix (it renders its own error pages): a plain 500, logged once.
// eslint-disable-next-line no-unused-vars -- Express tells error handlers by their four parameters
app.use((error, req, res, _next) => {
  logger.error(`${req.method} ${req.path} failed: ${errorSummary(error)}`)
  if (res.headersSent) return res.end()
  res.status(500).type('text/plain').send('Internal Server Error')
})

const server = app.listen(env.port, env.host, () => {
  // APP_URL, the address the shop's links, redirects and PayFast's return use: open that one.
  serverLog.info(`Shop ready on ${env.appUrl} (listening on ${env.host}:${env.port})`)
  if (development) broadcastDevReady(build)
})

function shutdown(signal) {
  serverLog.info(`${signal} received: closing the server`)
  // The mail sender finishes the message in hand, so it is not sent twice after a restart.
  const mailStopped = build.entry.module.stopMailSender?.() ?? Promise.resolve()
  // So does the Bob Go sync job with the order in hand.
  const bobgoStopped = build.entry.module.stopBobgoSync?.() ?? Promise.resolve()
  // And the win-back mail job with the request in hand.
  const winBackStopped = build.entry.module.stopWinBackJob?.() ?? Promise.resolve()
  const stopped = Promise.allSettled([mailStopped, bobgoStopped, winBackStopped])
  server.close(() => void stopped.finally(() => process.exit(0)))
  // Keep-alive sockets would hold the process open; give in-flight requests 10 s.
  setTimeout(() => process.exit(0), 10_000).unref()
  server.closeIdleConnections?.()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))

const BODY_TOO_LARGE = new Error('body too large')

/** Reads a request body into memory, giving up (BODY_TOO_LARGE) past `limit` bytes. */
function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = []
    let size = 0
    const done = (error) => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', done)
      req.off('close', onClose)
      if (error) {
        req.pause()
        reject(error)
      }
    }
    const onData = (chunk) => {
      size += chunk.length
      if (size > limit) return done(BODY_TOO_LARGE)
      chunks.push(chunk)
    }
    const onEnd = () => {
      done()
      resolve(Buffer.concat(chunks, size))
    }
    const onClose = () => done(new Error('request closed before its body ended'))
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', done)
    req.on('close', onClose)
  })
}

/**
 * Remix's request handler over Express. Not @remix-run/express: it would stream the request a second time,
 * and this hands Remix the body counted above; a Host that is no valid URL host is a 400, not a 500.
 */
function remixHandler(getBuild, mode) {
  let current = getBuild()
  let handle = createRequestHandler(current, mode)
  let routeOf = routeMatcher(current.routes)
  // The page cache keys pages by build: in development a rebuild of server code alone keeps the
  // browser assets' version, so each build loaded counts too (production loads one).
  let buildsLoaded = 1
  return async (req, res, next) => {
    if (getBuild() !== current) {
      current = getBuild()
      handle = createRequestHandler(current, mode)
      routeOf = routeMatcher(current.routes)
      buildsLoaded++
    }
    let requestUrl
    try {
      requestUrl = requestUrlOf(req)
    } catch {
      return res.status(400).type('text/plain').send('Bad Request')
    }
    res.locals.route = routeOf(req.malformedPath ? NOT_FOUND_PATH : req.path)
    const pageContext = {
      nonce: res.locals.cspNonce,
      buildId: `${current.assets.version}.${buildsLoaded}`,
    }
    // Made once, and only when needed: an anonymous visitor's kept page needs none.
    let made
    const requestOnce = () => (made ??= remixRequest(req, res, requestUrl))
    try {
      // A kept page is written as kept, without a Response or stream made for it (an anonymous
      // visitor's without a Request either: page-cache/index.server.ts keptPage); anything else
      // goes through Remix.
      const kept = await current.entry.module.keptPage(
        req.method,
        requestUrl,
        req.get('cookie'),
        requestOnce,
        pageContext,
      )
      if (kept) return sendKept(res, kept)
      const request = requestOnce()
      // The request runs in its scope (requestLogging, above): its loaders share one request
      // context (request-scope.server.ts) and its log lines carry its id. Anonymous visitors'
      // public pages come from the page cache (docs/decisions/018-page-cache.md).
      let response = await current.entry.module.servePage(
        request,
        pageContext,
        // The page cache may render the page without the visitor's cookies (`options.request`).
        ({ request: rendered = request, ...options }) =>
          handle(rendered, { ...getLoadContext(req, res), ...options }),
      )
      // A post to a resource route without an action: Remix's own 405 says "Unexpected Server Error".
      if (response.status === 405 && response.headers.get('X-Remix-Error') === 'yes') {
        await response.body?.cancel()
        response = methodNotAllowed()
      }
      await sendRemixResponse(res, response)
    } catch (error) {
      next(error)
    }
  }
}

/** The request's URL as Remix reads it; throws when the Host header is no valid URL host. */
function requestUrlOf(req) {
  const port = Number.parseInt(req.get('host')?.split(':')[1] ?? '', 10)
  const host = `${req.hostname}${Number.isSafeInteger(port) ? `:${port}` : ''}`
  const target = req.malformedPath ? NOT_FOUND_PATH : req.originalUrl
  return new URL(`${req.protocol}://${host}${target}`)
}

function remixRequest(req, res, requestUrl) {
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const headers = createRemixHeaders(req.headers)
  // NOTE: the cross-site check above already compared Origin with APP_URL's whole origin. Remix's own
  // check compares it with the Host header instead and throws (a 500) when a proxy rewrites Host or
  // a client sends a stray one, so Remix does not get to see it.
  headers.delete('origin')
  return new Request(requestUrl.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(req.rawBody ? { body: req.rawBody } : {}),
  })
}

function createRemixHeaders(requestHeaders) {
  const headers = new Headers()
  for (const [name, values] of Object.entries(requestHeaders)) {
    if (!values) continue
    if (Array.isArray(values)) for (const value of values) headers.append(name, value)
    else headers.set(name, values)
  }
  return headers
}

/** A kept page's parts ({ status, headers, body }), written as sendRemixResponse would. */
function sendKept(res, kept) {
  res.status(kept.status)
  for (const [name, value] of kept.headers) res.append(name, value)
  res.end(kept.body ?? undefined)
}

async function sendRemixResponse(res, response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) {
    // A route that lets other origins embed it (the image renditions, shown by mail clients)
    // replaces helmet's same-origin Cross-Origin-Resource-Policy instead of adding a second value.
    if (name === 'cross-origin-resource-policy') res.setHeader(name, value)
    else res.append(name, value)
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}

async function importBuild() {
  const stat = fs.statSync(BUILD_PATH)
  return import(`${url.pathToFileURL(BUILD_PATH).href}?t=${stat.mtimeMs}`)
}

function devRequestHandler() {
  fs.watchFile(VERSION_PATH, { interval: 200 }, async () => {
    try {
      build = await importBuild()
      broadcastDevReady(build)
    } catch (error) {
      logger.error({ job: 'server' }, `The rebuilt app could not be loaded: ${errorSummary(error)}`)
    }
  })
  return remixHandler(() => build, 'development')
}
