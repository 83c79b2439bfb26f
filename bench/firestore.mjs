// The benchmark's Firestore table (issue 27 item 5): the production server on Firestore at
// BENCH_PRODUCTS products (default 10 000), on the emulator. When gcloud and java are on PATH it
// starts one (scripts/firestore-emulator.mjs, stopped at the end and on every exit path); with
// FIRESTORE_EMULATOR_HOST set it uses that one, in a project of its own whose documents it deletes
// at the end. Without either it prints one line saying the table was skipped and why.
//
// What it measures, in order (method and reasons: docs/decisions/008-benchmark.md):
//   - the seed (scripts/seed.ts) into a fresh `demo-bench-*` project, straight to the emulator;
//   - start-up: from spawning the server (NODE_ENV=production, DATA_BACKEND=firestore, the same
//     copied build as the main table) to /healthz answering ok, polled every 50 ms;
//   - reads: the documents the emulator sent the server, counted on the wire by a loopback proxy
//     (bench/firestore-reads.mjs), until ready and then over BENCH_FIRESTORE_IDLE seconds idle;
//   - pages: /, /shop and a product page, anonymous and as a shopper with a cart line, each
//     BENCH_FIRESTORE_WARMUP requests unmeasured then BENCH_FIRESTORE_REQUESTS measured
//     (autocannon, BENCH_CONNECTIONS connections), with the reads and calls per request;
//   - placing an order: BENCH_FIRESTORE_ORDERS orders one after another through the shop's own
//     checkout (add to cart, open /checkout, post it), the post timed, while the server's products
//     listener is open; the reads, writes and calls of each post and the listener's documents.
// The server talks to the emulator through bench/firestore-endpoint.mjs (see there why).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import url from 'node:url'

import {
  emulatorMissing,
  freePort,
  spawnFirestoreEmulator,
} from '../scripts/firestore-emulator.mjs'
import { countsBetween, startReadCounter } from './firestore-reads.mjs'
import { addToCartCookie, fetchText, prepareRoutes } from './load.mjs'
import { children, makeTempDir, processCpuSeconds, run, sleep, tail } from './processes.mjs'
import { copyBuild, embeddedEnv, remixBuild, stopServer } from './server-setup.mjs'
import { AUTOCANNON, BIN, REPO, positiveInt, settings } from './settings.mjs'
import { printColumns } from './table.mjs'

const firestoreSettings = {
  requests: positiveInt('BENCH_FIRESTORE_REQUESTS', 300),
  warmup: positiveInt('BENCH_FIRESTORE_WARMUP', 50, true),
  orders: positiveInt('BENCH_FIRESTORE_ORDERS', 40),
  idle: positiveInt('BENCH_FIRESTORE_IDLE', 10, true),
}
const READY_TIMEOUT_MS = 300_000
const ENDPOINT = url.pathToFileURL(path.join(REPO, 'bench', 'firestore-endpoint.mjs')).href

/** `BENCH_ONLY=firestore`: the build (unless BENCH_NO_BUILD), its copy, then the Firestore table. */
export async function benchFirestoreAlone({ pin }) {
  if (!firestoreAvailable()) return
  if (settings.build) await remixBuild()
  const appDir = makeTempDir('bench-app-')
  await copyBuild(appDir)
  await benchFirestore({ appDir, pin })
}

/** Prints the skip line and answers false when no emulator can be had. */
function firestoreAvailable() {
  if (process.env.FIRESTORE_EMULATOR_HOST) return true
  const reason = emulatorMissing()
  if (reason) console.log(`\nFirestore table skipped: ${reason}`)
  return !reason
}

/**
 * The Firestore table for the production build copied into `appDir`. Everything it starts is
 * registered with processes.mjs's cleanup; the normal path stops it in order itself.
 */
export async function benchFirestore({ appDir, pin }) {
  if (!firestoreAvailable()) return
  const started = Date.now()
  const projectId = `demo-bench-${randomBytes(4).toString('hex')}`
  const external = process.env.FIRESTORE_EMULATOR_HOST
  console.log(
    `\nFirestore: ${settings.products} products in project ${projectId} on ` +
      (external ? `the emulator at ${external} (FIRESTORE_EMULATOR_HOST)` : 'a new emulator') +
      `; load average ${loadAverage()}`,
  )
  let emulator = null
  let counter = null
  let server = null
  try {
    let host = external
    if (!host) {
      emulator = await spawnFirestoreEmulator()
      children.add(emulator.child) // killed with its group if the benchmark breaks
      await emulator.ready()
      host = emulator.host
      console.log(`Emulator ready on ${host} after ${secondsSince(started)} s`)
    }

    // 1. The seed, straight to the emulator, pictures into a temporary DATA_DIR.
    const dataDir = makeTempDir('bench-firestore-data-')
    const seedStarted = Date.now()
    await run(path.join(BIN, 'tsx'), ['scripts/seed.ts', '--products', String(settings.products)], {
      cwd: REPO,
      env: {
        ...embeddedEnv(),
        DATA_BACKEND: 'firestore',
        FIREBASE_PROJECT_ID: projectId,
        FIRESTORE_EMULATOR_HOST: host,
        DATA_DIR: dataDir,
      },
      label: 'seed into Firestore',
    })
    console.log(`Seeded ${settings.products} products in ${secondsSince(seedStarted)} s`)

    // 2. The server, through the read counter, timed from spawn to /healthz ok.
    counter = await startReadCounter(host)
    const atSpawn = counter.snapshot()
    const spawned = performance.now()
    server = await startFirestoreServer({
      appDir,
      dataDir,
      projectId,
      firestoreHost: counter.host,
      pin,
    })
    await waitForReady(server)
    const startup = {
      seconds: (performance.now() - spawned) / 1000,
      counts: countsBetween(atSpawn, counter.snapshot()),
    }
    if (startup.counts.calls === 0)
      throw new Error('the server became ready without one call through the read counter')
    console.log(
      `Server up on ${server.origin} after ${startup.seconds.toFixed(1)} s, ${startup.counts.reads} documents read`,
    )
    let idle = null
    if (firestoreSettings.idle > 0) {
      const before = counter.snapshot()
      await sleep(firestoreSettings.idle * 1000) // a measuring window, not a wait for a condition
      idle = countsBetween(before, counter.snapshot())
    }

    // 3. Pages, then 4. orders.
    const routes = (await prepareRoutes(server.origin, appDir)).filter((route) =>
      /^(anonymous|shopper)-(home|shop|product)$/.test(route.key),
    )
    const rows = []
    for (const route of routes) rows.push(await measurePage({ route, server, counter, pin }))
    const orders = await placeOrders({
      origin: server.origin,
      counter,
      exited: server.exited,
      pid: server.child.pid,
    })

    printFirestoreTable({ startup, idle, rows, orders, unreadable: counter.unreadable })
    console.log(`Firestore part finished in ${secondsSince(started)} s`)
  } catch (error) {
    if (server) error.message += `\nFirestore server log (last lines):\n${tail(server.logFile)}`
    throw error
  } finally {
    if (server) await stopServer(server.child, server.exited)
    await counter?.close()
    if (emulator) {
      await emulator.stop()
      children.delete(emulator.child)
    } else if (external) await clearProject(external, projectId)
  }
}

async function startFirestoreServer({ appDir, dataDir, projectId, firestoreHost, pin }) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const logFile = path.join(appDir, 'firestore-server.log')
  const logFd = fs.openSync(logFile, 'a')
  const [command, args] = pin(0, process.execPath, ['--import', ENDPOINT, 'server.mjs'])
  const child = spawn(command, args, {
    cwd: appDir,
    stdio: ['ignore', logFd, logFd],
    detached: true,
    env: {
      ...embeddedEnv(), // no FIRESTORE_EMULATOR_HOST: production refuses it
      NODE_ENV: 'production',
      DATA_BACKEND: 'firestore',
      FIREBASE_PROJECT_ID: projectId,
      BENCH_FIRESTORE_HOST: firestoreHost,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: origin,
      DATA_DIR: dataDir,
    },
  })
  fs.closeSync(logFd)
  children.add(child)
  let exit = null
  child.on('exit', (code, signal) => {
    children.delete(child)
    exit = { code, signal }
  })
  return { child, origin, logFile, exited: () => exit }
}

async function waitForReady({ origin, exited, logFile }) {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the Firestore server exited before ready:\n${tail(logFile)}`)
    try {
      const response = await fetch(`${origin}/healthz`)
      if (response.ok && (await response.text()).trim() === 'ok') return
    } catch {
      /* not listening yet */
    }
    await sleep(50)
  }
  throw new Error(`the Firestore server was not ready within ${READY_TIMEOUT_MS / 1000} s`)
}

/** One page: a warm-up, then a bounded number of requests, with the Firestore work they caused. */
async function measurePage({ route, server, counter, pin }) {
  const target = server.origin + route.path
  if (firestoreSettings.warmup > 0)
    await autocannonAmount(pin, target, firestoreSettings.warmup, route.cookie)
  const before = counter.snapshot()
  const cpuBefore = processCpuSeconds(server.child.pid)
  const result = await autocannonAmount(pin, target, firestoreSettings.requests, route.cookie)
  const cpu = cpuSpent(cpuBefore, server.child.pid)
  const counts = countsBetween(before, counter.snapshot())
  if (server.exited())
    throw new Error(`the Firestore server stopped: ${JSON.stringify(server.exited())}`)
  const requests = result.requests.total
  return {
    label: route.label,
    who: route.who,
    cache: route.cache ?? '',
    requests,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    readsPerRequest: counts.reads / requests,
    callsPerRequest: counts.calls / requests,
    firestoreMsPerRequest: counts.ms / requests,
    cpuPerRequest: cpu === null ? null : (cpu * 1000) / requests,
    methods: methodsLine(counts.byMethod, requests),
  }
}

/** The server's CPU seconds since `before` (null where /proc cannot say). */
function cpuSpent(before, pid) {
  const now = processCpuSeconds(pid)
  return before === null || now === null ? null : now - before
}

/** "RunQuery 2.0 (1.0 reads), ..." per `per` (a request, an order). */
function methodsLine(byMethod, per) {
  return Object.entries(byMethod)
    .map(
      ([method, d]) =>
        `${method} ${(d.calls / per).toFixed(1)} (` +
        (method === 'RunAggregationQuery'
          ? 'counts: a read per 1 000 index entries'
          : `${(d.reads / per).toFixed(1)} reads`) +
        `; ${(d.ms / per).toFixed(1)} ms)`,
    )
    .join(', ')
}

async function autocannonAmount(pin, target, amount, cookie) {
  const [command, args] = pin(1, process.execPath, [AUTOCANNON])
  const output = await run(
    command,
    [
      ...args,
      ...(cookie ? ['-H', `Cookie:${cookie}`] : []),
      '--json',
      '--no-progress',
      '-c',
      String(Math.min(settings.connections, amount)),
      '-a',
      String(amount),
      target,
    ],
    { cwd: REPO, env: process.env, label: `autocannon ${target}` },
  )
  const start = output.indexOf('{')
  if (start < 0) throw new Error(`autocannon printed no JSON for ${target}:\n${output}`)
  return JSON.parse(output.slice(start, output.lastIndexOf('}') + 1))
}

/**
 * Places orders one after another as a shopper without JavaScript would: add one product to a new
 * cart, open /checkout (its checkout key), post the form; only the post is timed. Each order takes
 * another in-stock product, so none runs out. Returns the latencies and the Firestore work.
 */
async function placeOrders({ origin, counter, exited, pid }) {
  const products = await inStockProducts(origin, firestoreSettings.orders)
  const latencies = []
  const posts = []
  const phaseStart = counter.snapshot()
  const cpuBefore = processCpuSeconds(pid)
  for (let i = 0; i < firestoreSettings.orders; i++) {
    const productId = products[i % products.length]
    const cookie = await addToCartCookie(origin, productId)
    const checkout = await fetch(`${origin}/checkout`, { headers: { Cookie: cookie } })
    const html = await checkout.text()
    const checkoutKey = html.match(/name="checkoutKey" value="([^"]+)"/)?.[1]
    if (checkout.status !== 200 || !checkoutKey)
      throw new Error(`/checkout answered ${checkout.status} without a checkout key`)
    const body = new URLSearchParams({
      checkoutKey,
      email: `bench-${i}@example.co.za`,
      firstName: 'Thandi',
      lastName: 'Mokoena',
      phone: '082 123 4567',
      addressId: 'new',
      line1: '12 Long Street',
      suburb: 'Gardens',
      city: 'Cape Town',
      province: 'Western Cape',
      postalCode: '8001',
      shippingMethod: 'standard',
      acceptTerms: 'on',
    })
    const before = counter.snapshot()
    const sent = performance.now()
    const response = await fetch(`${origin}/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: cookie,
        Origin: origin,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body,
    })
    const answer = await response.text()
    latencies.push(performance.now() - sent)
    posts.push(countsBetween(before, counter.snapshot()))
    const location = response.headers.get('location') ?? ''
    if (response.status !== 302 || !location.startsWith('/checkout/pay/'))
      throw new Error(
        `placing order ${i + 1} answered ${response.status} ${location}: ${answer.slice(0, 300)}`,
      )
    if (exited()) throw new Error(`the Firestore server stopped: ${JSON.stringify(exited())}`)
  }
  // The listener hears of the orders' stock changes after the posts answered: wait until it is
  // quiet (a second without a document sent to it, at most 5 s).
  const listenerSent = () =>
    countsBetween(phaseStart, counter.snapshot()).byMethod.Listen?.sent ?? 0
  let sentSoFar = listenerSent()
  for (let quietSince = Date.now(), end = Date.now() + 5000; Date.now() < end;) {
    await sleep(100)
    const now = listenerSent()
    if (now !== sentSoFar) ((sentSoFar = now), (quietSince = Date.now()))
    else if (Date.now() - quietSince >= 1000) break
  }
  const phase = countsBetween(phaseStart, counter.snapshot())
  const cpu = cpuSpent(cpuBefore, pid)
  const perOrder = (n) => n / latencies.length
  const byMethod = {}
  for (const counts of posts)
    for (const [method, delta] of Object.entries(counts.byMethod)) {
      if (method === 'Listen') continue
      const entry = (byMethod[method] ??= { calls: 0, ms: 0, reads: 0, missing: 0, empty: 0 })
      for (const key of Object.keys(entry)) entry[key] += delta[key]
    }
  const sum = (key) => posts.reduce((total, counts) => total + counts[key], 0)
  return {
    count: latencies.length,
    products: new Set(products.slice(0, latencies.length)).size,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: Math.max(...latencies),
    // The post's own gets and queries; the listener's share is counted over the whole phase.
    reads: perOrder(sum('reads') - sum('listenerReads')),
    writes: perOrder(sum('writes')),
    calls: perOrder(sum('calls')),
    listenerReads: perOrder(phase.listenerReads),
    listenerSent: perOrder(phase.byMethod.Listen?.sent ?? 0),
    // The whole phase (adding to a cart, opening /checkout, the post, the listener) per order.
    cpuPerOrder: cpu === null ? null : perOrder(cpu * 1000),
    byMethod,
  }
}

/** Up to `wanted` products /shop lists in stock with an "add to cart" form, page by page. */
async function inStockProducts(origin, wanted) {
  const ids = new Set()
  for (let page = 1; ids.size < wanted && page <= 20; page++) {
    const { body } = await fetchText(`${origin}/shop?inStock=1&page=${page}`)
    const found = [...body.matchAll(/name="productId" value="([^"]+)"/g)].map((m) => m[1])
    if (!found.length) break
    for (const id of found) ids.add(id)
  }
  if (!ids.size) throw new Error('/shop?inStock=1 shows no product to add to a cart')
  return [...ids].slice(0, wanted)
}

function printFirestoreTable({ startup, idle, rows, orders, unreadable }) {
  const { counts } = startup
  const perOrder = (n) => (n / orders.count).toFixed(1)
  const split = (c) =>
    Object.entries(c.byMethod)
      .filter(([, d]) => d.reads)
      .map(([method, d]) => `${method} ${d.reads}${notes(d)}`)
      .join(', ') || 'none'
  console.log(
    `\nFirestore at ${settings.products} products (the emulator on loopback; reads = documents ` +
      'read as Firestore bills them, counted on the wire between the server and the emulator)',
  )
  console.log(`Start-up to ready: ${startup.seconds.toFixed(1)} s (spawn to /healthz ok)`)
  console.log(`Reads until ready: ${counts.reads} in ${counts.calls} calls (${split(counts)})`)
  if (idle)
    console.log(
      `Idle after ready: ${idle.reads} reads, ${idle.writes} writes, ${idle.calls} calls in ${firestoreSettings.idle} s`,
    )
  console.log(
    `\nPages: ${firestoreSettings.warmup} requests warm-up, then ${firestoreSettings.requests} measured at ${Math.min(settings.connections, firestoreSettings.requests)} connections ` +
      "(call ms: the Firestore calls' durations summed, parallel ones added; srv CPU: the server process)",
  )
  printColumns(
    [
      'route',
      'who',
      'cache',
      'p50 ms',
      'p99 ms',
      'reads/req',
      'calls/req',
      'call ms/req',
      'srv CPU ms/req',
    ],
    rows.map((row) => [
      row.label + (row.bad ? ` [${row.bad} non-2xx/errors]` : ''),
      row.who,
      row.cache,
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      row.readsPerRequest.toFixed(2),
      row.callsPerRequest.toFixed(2),
      row.firestoreMsPerRequest.toFixed(1),
      row.cpuPerRequest === null ? '?' : row.cpuPerRequest.toFixed(1),
    ]),
    [false, false, false, true, true, true, true, true, true],
  )
  for (const row of rows.filter((r) => r.methods))
    console.log(`  ${row.who} ${row.label}: ${row.methods} per request`)
  console.log(
    `\nPlacing an order (${orders.count} orders one after another through /checkout, ${orders.products} products, ` +
      'the products listener open): ' +
      `p50 ${orders.p50.toFixed(1)} ms, p99 ${orders.p99.toFixed(1)} ms, slowest ${orders.max.toFixed(1)} ms; ` +
      `server CPU ${orders.cpuPerOrder === null ? '?' : orders.cpuPerOrder.toFixed(0)} ms per order (whole order)`,
  )
  const methods = Object.entries(orders.byMethod)
    .map(
      ([method, d]) =>
        `${method} ${perOrder(d.calls)} (${perOrder(d.reads)} reads${d.missing || d.empty ? `: ${perOrder(d.missing)} missing, ${perOrder(d.empty)} empty` : ''}; ${perOrder(d.ms)} ms)`,
    )
    .join(', ')
  console.log(
    `Each order's post: ${orders.reads.toFixed(1)} reads by gets and queries, ` +
      `${orders.writes.toFixed(1)} written, ${orders.calls.toFixed(1)} calls: ${methods}`,
  )
  console.log(
    `The products listener: ${orders.listenerReads.toFixed(1)} new document versions per order ` +
      `(what Firestore bills); the emulator sent it ${orders.listenerSent.toFixed(0)} documents per ` +
      'order (it resends the whole listened result on every change; Firestore sends what changed)',
  )
  if (unreadable) console.log(`! ${unreadable} gRPC messages could not be read (not counted)`)
  console.log(
    `Load average at the end: ${loadAverage()} (the emulator, the server and the load share this machine)`,
  )
}

/** What a method's reads include besides documents found: gets of missing ones, empty queries. */
function notes(d) {
  const parts = [d.missing && `${d.missing} missing`, d.empty && `${d.empty} empty`].filter(Boolean)
  return parts.length ? ` incl. ${parts.join(', ')}` : ''
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]
}

/** With an emulator we did not start: delete the documents of our project. */
async function clearProject(host, projectId) {
  await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
    signal: AbortSignal.timeout(30_000),
  }).catch((error) => console.warn(`! could not clear ${projectId}: ${error.message}`))
}

const secondsSince = (start) => ((Date.now() - start) / 1000).toFixed(0)
