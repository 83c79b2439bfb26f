// The routes under load and the load itself: autocannon on its own core, a warm-up per route,
// then the routes interleaved over the rounds, merged into one row per route.
import fs from 'node:fs'
import path from 'node:path'

import { processCpuSeconds, run } from './processes.mjs'
import { AUTOCANNON, REPO, settings } from './settings.mjs'
import { formatKb } from './table.mjs'

/**
 * The routes to measure, each checked to answer 200: the static reference (a file the size of the
 * home page's HTML, written into the copied public/), /healthz, then the home page, the shop, a
 * search and a product page twice: as an anonymous visitor (no cookie: the page cache answers after
 * the first request) and as a returning shopper with a cart line and a liked product (cookies
 * obtained through the shop's own "add to cart" and "like" posts: the page cache fills that
 * shopper's counts and hearts into the kept page).
 */
export async function prepareRoutes(origin, appDir) {
  const home = await fetchText(`${origin}/`)
  const homeBytes = Buffer.byteLength(home.body)
  fs.writeFileSync(path.join(appDir, 'public', 'bench-static.html'), htmlOfSize(homeBytes))

  const productId = await pickProductId(origin)
  const searchPath = `/shop?q=${encodeURIComponent(settings.query)}&sort=price-asc`
  const search = await fetchText(origin + searchPath)
  const hits = new Set(search.body.match(/\/shop\/[A-Za-z0-9_-]+/g) ?? []).size
  if (hits === 0)
    console.warn(`! /shop?q=${settings.query} shows no product links: pick another BENCH_QUERY`)
  const shopBytes = Buffer.byteLength((await fetchText(`${origin}/shop`)).body)

  const cookie = await shopperCookie(origin)
  const pages = [
    { key: 'home', label: '/', path: '/' },
    { key: 'shop', label: '/shop', path: '/shop' },
    { key: 'search', label: `/shop?q=${settings.query}&sort=price-asc`, path: searchPath },
    { key: 'product', label: `/shop/${productId}`, path: `/shop/${productId}` },
  ]
  const routes = [
    { key: 'static', label: `static file (${formatKb(homeBytes)} KB)`, path: '/bench-static.html' },
    { key: 'healthz', label: '/healthz', path: '/healthz' },
    ...pages.map((page) => ({ ...page, key: `anonymous-${page.key}`, who: 'anonymous' })),
    ...pages.map((page) => ({ ...page, key: `shopper-${page.key}`, who: 'shopper', cookie })),
  ]
  for (const route of routes) {
    // Twice: an anonymous page is kept by the first request and answered from the cache by the next.
    let response
    for (let i = 0; i < 2; i++) {
      response = await fetch(origin + route.path, {
        headers: route.cookie ? { Cookie: route.cookie } : {},
      })
      await response.arrayBuffer()
    }
    if (response.status !== 200)
      throw new Error(`${route.path} answered ${response.status}, not 200`)
    route.cache = response.headers.get('x-page-cache')
  }
  console.log(
    `Home page ${homeBytes} bytes of HTML, /shop ${shopBytes} bytes; product ${productId}; ` +
      `search shows ${hits} products`,
  )
  return routes
}

/**
 * A returning shopper's cookies: the shop's own no-JS "add to cart" post of the first product on
 * /shop, whose redirect sets the session cookie that holds the cart line, then a "like" of the same
 * product (the liked cookie). The flash cookie those posts set is left out: it shows once.
 */
async function shopperCookie(origin) {
  const shop = await fetchText(`${origin}/shop?inStock=1`)
  const productId =
    shop.body.match(/name="productId" value="([^"]+)"/)?.[1] ??
    shop.body.match(/href="\/shop\/([A-Za-z0-9_-]+)"/)?.[1]
  if (!productId) throw new Error('/shop shows no product to add to a cart')
  const cookie = await addToCartCookie(origin, productId)
  const cart = await fetch(`${origin}/cart`, { headers: { Cookie: cookie } })
  const cartHtml = await cart.text()
  if (!cartHtml.includes(`/shop/${productId}`))
    throw new Error(`the shopper's /cart does not show ${productId}: the cookie holds no cart line`)
  const like = await fetch(`${origin}/liked`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: origin,
      Cookie: cookie,
    },
    body: new URLSearchParams({ intent: 'toggle', productId, redirectTo: '/shop' }),
  })
  await like.arrayBuffer()
  const liked = like.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('__liked='))
  if (!liked) throw new Error(`liking ${productId} answered ${like.status} without a liked cookie`)
  return `${cookie}; ${liked}`
}

/**
 * autocannon through `pin` (core 1): a warm-up per route, then the routes interleaved over the
 * rounds, with the server's CPU use per run. Returns one summarised row per route.
 */
export async function measureRoutes({ origin, routes, pin, server, exited }) {
  const cannon = (route, seconds) =>
    autocannon(pin(1, process.execPath, [AUTOCANNON]), origin + route.path, seconds, route.cookie)
  if (settings.warmup > 0) {
    process.stdout.write('Warm-up:')
    for (const route of routes) {
      await cannon(route, settings.warmup)
      process.stdout.write(` ${route.key}`)
    }
    process.stdout.write('\n')
  }
  const results = new Map(routes.map((route) => [route.key, []]))
  for (let round = 1; round <= settings.rounds; round++) {
    process.stdout.write(`Round ${round}/${settings.rounds}:`)
    for (const route of routes) {
      const cpuBefore = processCpuSeconds(server.pid)
      const result = await cannon(route, settings.seconds)
      const cpuAfter = processCpuSeconds(server.pid)
      result.serverCpu =
        cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / result.duration : null
      results.get(route.key).push(result)
      process.stdout.write(` ${route.key} ${Math.round(result.requests.total / result.duration)}/s`)
      if (exited())
        throw new Error(`the server stopped during the run: ${JSON.stringify(exited())}`)
    }
    process.stdout.write('\n')
  }
  return routes.map((route) => summarise(route, results.get(route.key)))
}

/**
 * Adds one of the product to a new visitor's cart, as the product page's form posts it, and returns
 * that visitor's session cookie (`__session=...`).
 */
export async function addToCartCookie(origin, productId) {
  const response = await fetch(`${origin}/cart`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ intent: 'add', productId, quantity: '1', redirectTo: '/cart' }),
  })
  await response.arrayBuffer()
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('__session='))
  if (response.status !== 302 || !cookie)
    throw new Error(`adding ${productId} to a cart answered ${response.status} without a session`)
  return cookie
}

async function autocannon([command, args], target, seconds, cookie) {
  const output = await run(
    command,
    [
      ...args,
      ...(cookie ? ['-H', `Cookie:${cookie}`] : []),
      '--json',
      '--no-progress',
      '-c',
      String(settings.connections),
      '-d',
      String(seconds),
      target,
    ],
    { cwd: REPO, env: process.env, label: `autocannon ${target}` },
  )
  const start = output.indexOf('{')
  if (start < 0) throw new Error(`autocannon printed no JSON for ${target}:\n${output}`)
  return JSON.parse(output.slice(start, output.lastIndexOf('}') + 1))
}

function summarise(route, rounds) {
  const requests = rounds.reduce((sum, r) => sum + r.requests.total, 0)
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0)
  const cpu = rounds.map((r) => r.serverCpu).filter((n) => n !== null)
  return {
    ...route,
    rps: requests / seconds,
    // Rounds are merged from their own percentiles: the median of the rounds' p50, the worst p99.
    p50: median(rounds.map((r) => r.latency.p50)),
    p99: Math.max(...rounds.map((r) => r.latency.p99)),
    roundRps: rounds.map((r) => r.requests.total / r.duration),
    bad: rounds.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    serverCpu: cpu.length ? median(cpu) : null,
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export async function fetchText(target) {
  const response = await fetch(target)
  const body = await response.text()
  if (response.status !== 200) throw new Error(`${target} answered ${response.status}`)
  return { response, body }
}

async function pickProductId(origin) {
  const { body } = await fetchText(`${origin}/sitemap.xml`)
  const ids = [...body.matchAll(/\/shop\/([^<\s"/?]+)/g)].map((m) => m[1])
  if (!ids.length) throw new Error('/sitemap.xml lists no /shop/<id> page')
  return ids[Math.floor(ids.length / 2)] // the middle one: deterministic for a deterministic seed
}

// HTML-ish filler of exactly `bytes` bytes (ASCII, so characters = bytes).
function htmlOfSize(bytes) {
  const head =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Static reference</title></head><body><main>'
  const foot = '</main></body></html>\n'
  const paragraph =
    '<p class="product-card">Karoo &amp; Co. rooibos tea, 250 g loose leaf, R 89.00 in stock</p>\n'
  let middle = ''
  while (head.length + middle.length + foot.length < bytes) middle += paragraph
  const html = head + middle.slice(0, Math.max(0, bytes - head.length - foot.length)) + foot
  return html.length > bytes ? html.slice(0, bytes) : html
}
