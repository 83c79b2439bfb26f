// `npm run bench`: throughput and latency of the production server, as ratios of a static file
// served by the same process, plus the gzip size of the JS a first visit downloads. Each public page
// (home, /shop, a search, a product) is measured twice in one run: as an anonymous visitor (no
// cookie: answered by the page cache, docs/decisions/018-page-cache.md) and as a returning shopper
// with a cart line and a liked product (cookies from the shop's own "add to cart" and "like"
// posts), whose counts and hearts are filled into the kept page (037-personal-pages-from-the-cache.md).
// The reaches of issue 28 are printed beside each figure, then both visitors side by side.
// Method and reasons: docs/decisions/008-benchmark.md. Prints figures; never fails on a missed reach.
//
// Settings (environment): BENCH_SECONDS (per route per round, default 10), BENCH_WARMUP (seconds
// per route before round 1, default 3), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10),
// BENCH_PRODUCTS (default 10000), BENCH_QUERY (search word, default rooibos),
// BENCH_NO_BUILD=1 (bench the build/ already in the repository instead of running `remix build`),
// BENCH_ORDERS (the reports step's paid orders, default 10000: bench/reports.ts),
// BENCH_LIGHTHOUSE=0 (skip Lighthouse's mobile run; BENCH_CHROME names the browser, default
// /usr/bin/chromium),
// BENCH_ONLY=firestore (only the Firestore table; its own settings are listed in firestore.mjs).
//
// This module runs the steps in order; the modules beside it do them: settings.mjs (the settings
// above), server-setup.mjs (seed, build, copy, start and stop the server), load.mjs (the routes and
// the autocannon rounds), table.mjs (the throughput table), first-load-js.mjs (the JS a first visit
// downloads), lighthouse.mjs (Lighthouse's mobile run per page), firestore.mjs (the Firestore
// table, when an emulator is available), processes.mjs (child processes, temporary directories,
// cleanup).
import os from 'node:os'
import path from 'node:path'

import { runCsvBench } from './csv.mjs'
import { printFirstLoadJs } from './first-load-js.mjs'
import { benchFirestore, benchFirestoreAlone } from './firestore.mjs'
import { printLighthouse } from './lighthouse.mjs'
import { fetchText, measureRoutes, prepareRoutes } from './load.mjs'
import { cleanupSync, installCleanup, makeTempDir, run, tail, tasksetWorks } from './processes.mjs'
import {
  copyBuild,
  remixBuild,
  seedStore,
  startServer,
  stopServer,
  waitForHealthz,
} from './server-setup.mjs'
import { BIN, REPO, settings } from './settings.mjs'
import { printTable } from './table.mjs'

let serverLogFile = null // printed when the benchmark breaks

async function main() {
  const started = Date.now()
  const pinning = tasksetWorks()
  if (!pinning) console.warn('! taskset is missing or refused: running WITHOUT core pinning')
  const pin = (core, command, args) =>
    pinning ? ['taskset', ['-c', String(core), command, ...args]] : [command, args]
  if (settings.only === 'firestore') return benchFirestoreAlone({ pin })

  console.log(
    `Benchmark: ${settings.products} products, ${settings.connections} connections, ` +
      `${settings.warmup} s warm-up, ${settings.rounds} rounds x ${settings.seconds} s per route; ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  )

  // 1. Seed a temporary store while the build runs (both are needed before the server starts).
  const dataDir = makeTempDir('bench-data-')
  const seeding = seedStore(dataDir)
  const building = settings.build ? remixBuild() : Promise.resolve()
  await Promise.all([seeding, building])
  console.log(
    `Seeded ${settings.products} products into ${dataDir}${settings.build ? ' and built' : ''}`,
  )

  // Copy the build so that a later rebuild in the repository cannot change the running server.
  const appDir = makeTempDir('bench-app-')
  await copyBuild(appDir)

  // 2. Start the production server on core 0 and wait for /healthz.
  const { server, origin, logFile, exited } = await startServer({ appDir, dataDir, pin })
  serverLogFile = logFile
  await waitForHealthz(origin, exited, logFile)
  console.log(
    `Server up on ${origin} (pid ${server.pid}${pinning ? ', core 0' : ''}) after ${secondsSince(started)} s`,
  )

  // 2b. The static reference (a file the size of the home page's HTML) and the pages to measure.
  const routes = await prepareRoutes(origin, appDir)

  // 3. autocannon on core 1: a warm-up per route, then the routes interleaved over the rounds.
  const rows = await measureRoutes({ origin, routes, pin, server, exited })

  // 4. The table.
  const ceiling = rows[0].rps
  printTable(rows, ceiling)

  // 5. JS on first load (the pages' own <script>/modulepreload lists cross-check the manifest walk).
  const pageHtml = {}
  for (const key of ['home', 'shop', 'product']) {
    pageHtml[key] = (
      await fetchText(origin + routes.find((r) => r.key === `anonymous-${key}`).path)
    ).body
  }
  printFirstLoadJs(appDir, pageHtml)

  // 5b. Lighthouse's mobile run on the anonymous pages (lighthouse.mjs), after the load rounds.
  if (settings.lighthouse)
    await printLighthouse(
      origin,
      ['home', 'shop', 'product'].map((key) => {
        const route = routes.find((r) => r.key === `anonymous-${key}`)
        return { label: route.label, path: route.path }
      }),
    )

  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (other work on this machine skews absolute figures; the ratios less so)`,
  )
  await stopServer(server, exited)

  // 6. Reports and CSV exports at 10 000 orders (BENCH_ORDERS), on a store of their own.
  console.log(
    await run(path.join(BIN, 'tsx'), ['bench/reports.ts'], {
      cwd: REPO,
      // Each order move writes an INFO line; the figures are what this step prints.
      env: { LOG_LEVEL: 'warn', ...process.env },
      label: 'reports benchmark',
    }),
  )
  runCsvBench()
  await benchFirestore({ appDir, pin }) // bench/firestore.mjs: skipped, with a line, without an emulator
  console.log(`Benchmark finished in ${secondsSince(started)} s`)
}

const secondsSince = (start) => ((Date.now() - start) / 1000).toFixed(0)

installCleanup()
main().then(
  () => {
    cleanupSync()
    process.exit(0)
  },
  (error) => {
    console.error(`\nBenchmark broke: ${error instanceof Error ? error.message : error}`)
    if (serverLogFile) console.error(`Server log (last lines):\n${tail(serverLogFile)}`)
    cleanupSync()
    process.exit(1)
  },
)
