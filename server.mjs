// The shop's HTTP server: Express over @remix-run/express, for `npm start` and `remix dev` alike.
// Why not remix-serve: the PayFast ITN source check and the rate limits need the client's IP
// (docs/decisions/001-express-server.md).
import fs from 'node:fs'
import path from 'node:path'
import url from 'node:url'

import { createRequestHandler } from '@remix-run/express'
import { broadcastDevReady } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

const BUILD_PATH = path.resolve('build/index.js')
const VERSION_PATH = path.resolve('build/version.txt')
const development = process.env.NODE_ENV === 'development'
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Only Storyblok's visual editor may frame the shop.
  'Content-Security-Policy': "frame-ancestors 'self' https://app.storyblok.com",
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
}

let build
try {
  build = await importBuild()
} catch (error) {
  // EnvError and unknown guard names surface here, before the port is bound.
  console.error(error instanceof Error && error.name === 'EnvError' ? error.message : error)
  process.exit(1)
}
const { env, crossSiteRefusal } = build.entry.module

const app = express()
app.disable('x-powered-by')
// TRUST_PROXY_HOPS decides how far into X-Forwarded-For the client address is read.
app.set('trust proxy', env.trustProxyHops)
app.use(compression())

// Fingerprinted assets never change: cache them for a year.
app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
const publicFiles = express.static('public', { maxAge: '1h', index: false, redirect: false })
// Page URLs have no file extension: skip the file-system lookup for them (a stat per page view).
app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()))

app.use((_req, res, next) => {
  res.set(SECURITY_HEADERS)
  next()
})

// Cross-site request forgery, refused without tokens (DESIGN.md): before Remix sees the request.
app.use((req, res, next) => {
  const reason = crossSiteRefusal({
    method: req.method,
    path: req.path,
    secFetchSite: req.get('sec-fetch-site'),
    origin: req.get('origin'),
    appUrl: env.appUrl,
  })
  if (!reason) return next()
  console.warn(`Refused ${req.method} ${req.path} from ${req.ip}: ${reason}`)
  res.status(403).type('text/plain').send('Forbidden: this request came from another site.')
})

const getLoadContext = (req) => ({ clientIp: req.ip ?? '' })
app.all(
  '*',
  development
    ? devRequestHandler()
    : createRequestHandler({ build, mode: build.mode, getLoadContext }),
)

const server = app.listen(env.port, env.host, () => {
  console.log(`Shop ready on http://${env.host === '0.0.0.0' ? 'localhost' : env.host}:${env.port}`)
  if (development) broadcastDevReady(build)
})

function shutdown(signal) {
  console.log(`${signal} received: closing the server`)
  server.close(() => process.exit(0))
  // Keep-alive sockets would hold the process open; give in-flight requests 10 s.
  setTimeout(() => process.exit(0), 10_000).unref()
  server.closeIdleConnections?.()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))

async function importBuild() {
  const stat = fs.statSync(BUILD_PATH)
  return import(`${url.pathToFileURL(BUILD_PATH).href}?t=${stat.mtimeMs}`)
}

function devRequestHandler() {
  let handler = createRequestHandler({ build, mode: 'development', getLoadContext })
  fs.watchFile(VERSION_PATH, { interval: 200 }, async () => {
    try {
      build = await importBuild()
      handler = createRequestHandler({ build, mode: 'development', getLoadContext })
      broadcastDevReady(build)
    } catch (error) {
      console.error(error)
    }
  })
  return (req, res, next) => handler(req, res, next)
}
