// `npm run bench`: throughput and latency of the production server, as ratios of a static file
// served by the same process, plus the gzip size of the JS a first visit downloads.
// Method and reasons: docs/decisions/008-benchmark.md. Prints figures; never fails on a missed reach.
//
// Settings (environment): BENCH_SECONDS (per route per round, default 10), BENCH_WARMUP (seconds
// per route before round 1, default 3), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 10),
// BENCH_PRODUCTS (default 10000), BENCH_QUERY (search word, default rooibos),
// BENCH_NO_BUILD=1 (bench the build/ already in the repository instead of running `remix build`).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import url from 'node:url'
import zlib from 'node:zlib'

const REPO = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), '..')
const BIN = path.join(REPO, 'node_modules', '.bin')
const AUTOCANNON = path.join(REPO, 'node_modules', 'autocannon', 'autocannon.js')

const settings = {
  seconds: positiveInt('BENCH_SECONDS', 10),
  warmup: positiveInt('BENCH_WARMUP', 3, true),
  rounds: positiveInt('BENCH_ROUNDS', 3),
  connections: positiveInt('BENCH_CONNECTIONS', 10),
  products: positiveInt('BENCH_PRODUCTS', 10_000),
  query: process.env.BENCH_QUERY || 'rooibos',
  build: !['1', 'true', 'yes'].includes(String(process.env.BENCH_NO_BUILD).toLowerCase()),
}

// Reach (issue 3, item 9): ratio of the static file's requests/s, and p99 in ms.
const REACH = {
  home: { ratio: 0.1, p99: 50 },
  shop: { ratio: 0.08, p99: 50 },
  search: { ratio: null, p99: 20 },
  product: { ratio: 0.12, p99: 50 },
}
const JS_REACH_KB = 120
const JS_AIM_KB = 100
const GZIP_LEVEL = 9

// ---------------------------------------------------------------------------------------------
// Cleanup: the server, any autocannon child and the temporary directories go on every exit path.
const children = new Set()
const tempDirs = []
let cleanedUp = false
let serverLogFile = null // printed when the benchmark breaks

function cleanupSync() {
  if (cleanedUp) return
  cleanedUp = true
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL') // each child leads its own process group (tsx forks)
    } catch {
      /* already gone */
    }
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
}
process.on('exit', cleanupSync)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the benchmark and cleaning up`)
    cleanupSync()
    process.exit(130)
  })
}

function makeTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}

// ---------------------------------------------------------------------------------------------
async function main() {
  const started = Date.now()
  const pinning = tasksetWorks()
  if (!pinning) console.warn('! taskset is missing or refused: running WITHOUT core pinning')
  const pin = (core, command, args) =>
    pinning ? ['taskset', ['-c', String(core), command, ...args]] : [command, args]

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
  const seeding = run(
    path.join(BIN, 'tsx'),
    ['scripts/seed.ts', '--products', String(settings.products)],
    { cwd: REPO, env: { ...embeddedEnv(), DATA_DIR: dataDir }, label: 'seed' },
  )
  const building = settings.build ? remixBuild() : Promise.resolve()
  await Promise.all([seeding, building])
  console.log(
    `Seeded ${settings.products} products into ${dataDir}${settings.build ? ' and built' : ''}`,
  )

  // Copy the build so that a later rebuild in the repository cannot change the running server.
  const appDir = makeTempDir('bench-app-')
  await copyBuild(appDir)

  // 2. Start the production server on core 0 and wait for /healthz.
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const serverLog = path.join(appDir, 'server.log')
  serverLogFile = serverLog
  const logFd = fs.openSync(serverLog, 'a')
  const [command, args] = pin(0, process.execPath, ['server.mjs'])
  const server = spawn(command, args, {
    cwd: appDir,
    stdio: ['ignore', logFd, logFd],
    detached: true,
    env: {
      ...embeddedEnv(),
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: origin,
      DATA_DIR: dataDir,
    },
  })
  children.add(server)
  let serverExit = null
  server.on('exit', (code, signal) => {
    children.delete(server)
    serverExit = { code, signal }
  })
  await waitForHealthz(origin, () => serverExit, serverLog)
  console.log(
    `Server up on ${origin} (pid ${server.pid}${pinning ? ', core 0' : ''}) after ${secondsSince(started)} s`,
  )

  // 2b. The static reference: a file the size of the home page's HTML, served from the copied public/.
  const home = await fetchText(`${origin}/`)
  const homeBytes = Buffer.byteLength(home.body)
  fs.writeFileSync(path.join(appDir, 'public', 'bench-static.html'), htmlOfSize(homeBytes))

  const productId = await pickProductId(origin)
  const search = await fetchText(
    `${origin}/shop?q=${encodeURIComponent(settings.query)}&sort=price-asc`,
  )
  const hits = new Set(search.body.match(/\/shop\/[A-Za-z0-9_-]+/g) ?? []).size
  if (hits === 0)
    console.warn(`! /shop?q=${settings.query} shows no product links: pick another BENCH_QUERY`)

  const routes = [
    { key: 'static', label: `static file (${formatKb(homeBytes)} KB)`, path: '/bench-static.html' },
    { key: 'healthz', label: '/healthz', path: '/healthz' },
    { key: 'home', label: '/', path: '/' },
    { key: 'shop', label: '/shop', path: '/shop' },
    {
      key: 'search',
      label: `/shop?q=${settings.query}&sort=price-asc`,
      path: `/shop?q=${encodeURIComponent(settings.query)}&sort=price-asc`,
    },
    { key: 'product', label: `/shop/${productId}`, path: `/shop/${productId}` },
  ]
  for (const route of routes) {
    const response = await fetch(origin + route.path)
    await response.arrayBuffer()
    if (response.status !== 200)
      throw new Error(`${route.path} answered ${response.status}, not 200`)
  }
  console.log(
    `Home page ${homeBytes} bytes of HTML; product ${productId}; search shows ${hits} products`,
  )

  // 3. autocannon on core 1: a warm-up per route, then the routes interleaved over the rounds.
  const cannon = (route, seconds) =>
    autocannon(pin(1, process.execPath, [AUTOCANNON]), origin + route.path, seconds)
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
      if (serverExit)
        throw new Error(`the server stopped during the run: ${JSON.stringify(serverExit)}`)
    }
    process.stdout.write('\n')
  }

  // 4. The table.
  const rows = routes.map((route) => summarise(route, results.get(route.key)))
  const ceiling = rows[0].rps
  printTable(rows, ceiling)

  // 5. JS on first load (the pages' own <script>/modulepreload lists cross-check the manifest walk).
  const pageHtml = {}
  for (const key of ['home', 'shop', 'product']) {
    pageHtml[key] = (await fetchText(origin + routes.find((r) => r.key === key).path)).body
  }
  printFirstLoadJs(appDir, pageHtml)

  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (other work on this machine skews absolute figures; the ratios less so)`,
  )
  await stopServer(server, () => serverExit)
  console.log(`Benchmark finished in ${secondsSince(started)} s`)
}

// ---------------------------------------------------------------------------------------------
// Results

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

function printTable(rows, ceiling) {
  const header = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'x static',
    'reach',
    'rounds req/s',
    'srv CPU',
  ]
  const lines = rows.map((row) => {
    const reach = REACH[row.key]
    let verdict = '(reference)'
    if (reach) {
      const parts = []
      if (reach.ratio !== null)
        parts.push(
          `ratio>=${reach.ratio.toFixed(2)} ${row.rps / ceiling >= reach.ratio ? 'met' : 'NOT MET'}`,
        )
      parts.push(`p99<=${reach.p99} ${row.p99 <= reach.p99 ? 'met' : 'NOT MET'}`)
      verdict = parts.join(', ')
    }
    return [
      row.label + (row.bad ? ` [${row.bad} non-2xx/errors]` : ''),
      row.rps.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      (row.rps / ceiling).toFixed(3),
      verdict,
      row.roundRps.map((n) => n.toFixed(0)).join(' / '),
      row.serverCpu === null ? '?' : `${Math.round(row.serverCpu * 100)}%`,
    ]
  })
  console.log(
    `\nThroughput and latency (requests summed over ${settings.rounds} rounds; p50 = median of the rounds' p50, p99 = worst round's p99)`,
  )
  printColumns(header, lines, [false, true, true, true, true, false, true, true])
}

function printFirstLoadJs(appDir, pageHtml) {
  const { manifest, file } = readManifest(appDir)
  const metafile = readMetafile(appDir)
  const gz = new Map()
  const size = (asset) => {
    if (!gz.has(asset)) {
      const raw = fs.readFileSync(path.join(appDir, 'public', asset))
      gz.set(asset, { raw: raw.length, gzip: zlib.gzipSync(raw, { level: GZIP_LEVEL }).length })
    }
    return gz.get(asset)
  }
  const pages = [
    { label: 'home', url: '/' },
    { label: 'shop', url: '/shop' },
    { label: 'product', url: '/shop/some-id' },
  ]
  const lines = []
  const mismatches = []
  const used = new Map()
  for (const page of pages) {
    const matched = matchRoutes(manifest.routes, page.url)
    const assets = new Set([manifest.entry.module, ...manifest.entry.imports])
    for (const route of matched) {
      assets.add(route.module)
      for (const asset of route.imports ?? []) assets.add(asset)
    }
    let raw = 0
    let gzip = 0
    for (const asset of assets) {
      const s = size(asset)
      raw += s.raw
      gzip += s.gzip
      if (!used.has(asset)) used.set(asset, new Set())
      used.get(asset).add(page.label)
    }
    const html = pageHtml[page.label]
    const inHtml = new Set([
      ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/import\(\s*"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]),
    ])
    const onlyManifest = [...assets].filter((a) => !inHtml.has(a))
    const onlyHtml = [...inHtml].filter((a) => !assets.has(a))
    if (onlyManifest.length || onlyHtml.length) {
      mismatches.push(
        `${page.label}: page HTML lacks ${onlyManifest.join(', ') || 'nothing'}; HTML adds ${onlyHtml.join(', ') || 'nothing'}`,
      )
    }
    const lazy = metafile ? lazyChunks(metafile, assets) : []
    const lazyGzip = lazy.reduce((sum, asset) => sum + size(asset).gzip, 0)
    const kb = gzip / 1024
    lines.push([
      page.label,
      matched.map((r) => r.id).join(' > '),
      String(assets.size),
      formatKb(raw),
      formatKb(gzip),
      `<=${JS_REACH_KB} ${kb <= JS_REACH_KB ? 'met' : 'NOT MET'}${kb <= JS_AIM_KB ? `, aim <=${JS_AIM_KB} met` : `, aim <=${JS_AIM_KB} not met`}`,
      lazy.length ? `${formatKb(lazyGzip)} KB in ${lazy.length}` : '-',
    ])
  }
  console.log(
    `\nJS a first visit downloads (${file}: entry + its imports + matched routes' modules + their imports; gzip level ${GZIP_LEVEL}, KB = 1024 bytes)`,
  )
  printColumns(
    ['page', 'routes', 'files', 'raw KB', 'gzip KB', 'reach', 'reachable by import(), not counted'],
    lines,
    [false, false, true, true, true, false, false],
  )
  if (mismatches.length)
    for (const line of mismatches) console.log(`! differs from the page's script tags: ${line}`)
  else console.log("Same files as the pages' own <script> and modulepreload tags.")

  const largest = [...used.keys()].sort((a, b) => size(b).gzip - size(a).gzip).slice(0, 3)
  console.log('\nLargest first-load chunks')
  printColumns(
    ['chunk', 'gzip KB', 'raw KB', 'pages', 'biggest inputs (bytes in output)'],
    largest.map((asset) => [
      asset,
      formatKb(size(asset).gzip),
      formatKb(size(asset).raw),
      [...used.get(asset)].join(','),
      metafile ? biggestInputs(metafile, asset) : '?',
    ]),
    [false, true, true, false, false],
  )
}

// Remix's classic manifest: routes carry `path`, `index` and `parentId`. Returns root..leaf.
function matchRoutes(routes, pathname) {
  const segments = pathname.split('/').filter(Boolean)
  const chain = (route) => {
    const list = []
    for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) list.unshift(r)
    return list
  }
  let best = null
  for (const route of Object.values(routes)) {
    const hasChildren = Object.values(routes).some((r) => r.parentId === route.id)
    if (hasChildren && !route.index) continue // a layout matches only through a child
    const pattern = chain(route).flatMap((r) => (r.path ? r.path.split('/').filter(Boolean) : []))
    const score = scorePattern(pattern, segments)
    if (score !== null && (!best || score > best.score)) best = { route, score }
  }
  if (!best) throw new Error(`no route in the manifest matches ${pathname}`)
  return chain(best.route)
}

function scorePattern(pattern, segments) {
  let score = 0
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]
    if (part === '*') return score + 1
    if (i >= segments.length) return part.endsWith('?') ? score : null
    if (part.startsWith(':')) score += 2
    else if (part === segments[i]) score += 10
    else return null
  }
  return pattern.length === segments.length ? score + 5 : null
}

function lazyChunks(metafile, loaded) {
  const out = new Set()
  const visit = (asset, dynamicOnly) => {
    const entry = metafile.outputs[`public${asset}`]
    if (!entry) return
    for (const imp of entry.imports) {
      const target = '/' + imp.path.replace(/^public\//, '')
      if (dynamicOnly && imp.kind !== 'dynamic-import') continue
      if (loaded.has(target) || out.has(target)) continue
      out.add(target)
      visit(target, false)
    }
  }
  for (const asset of loaded) visit(asset, true)
  return [...out]
}

function biggestInputs(metafile, asset) {
  const entry = metafile.outputs[`public${asset}`]
  if (!entry) return '?'
  const packages = new Map()
  for (const [input, { bytesInOutput }] of Object.entries(entry.inputs)) {
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
    const name = match ? match[1] : input
    packages.set(name, (packages.get(name) ?? 0) + bytesInOutput)
  }
  return [...packages]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${bytes}`)
    .join(', ')
}

function readManifest(appDir) {
  const file = currentManifestFile(appDir)
  const text = fs.readFileSync(path.join(appDir, 'public', 'build', file), 'utf8')
  const json = text.replace(/^\s*window\.__remixManifest\s*=\s*/, '').replace(/;?\s*$/, '')
  return { manifest: JSON.parse(json), file }
}

function readMetafile(appDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(appDir, 'build', 'metafile.js.json'), 'utf8'))
  } catch {
    return null
  }
}

// The manifest the server build points at (public/build may hold others from earlier builds).
function currentManifestFile(appDir) {
  const serverBuild = fs.readFileSync(path.join(appDir, 'build', 'index.js'), 'utf8')
  const names = [...new Set(serverBuild.match(/manifest-[A-Za-z0-9]+\.js/g) ?? [])]
  if (names.length !== 1)
    throw new Error(`build/index.js names ${names.length} asset manifests, expected 1`)
  return names[0]
}

// ---------------------------------------------------------------------------------------------
// Processes, files, HTTP

// Another engineer's build may be writing build/ and public/build/ while we copy: retry until the
// copy holds one consistent build (the manifest the server build names and every asset it lists).
// A development or test build (someone's `remix dev` or test run) is rebuilt once for production.
async function copyBuild(appDir) {
  let rebuilt = false
  for (let attempt = 1; ; attempt++) {
    for (const entry of fs.readdirSync(appDir))
      fs.rmSync(path.join(appDir, entry), { recursive: true, force: true })
    try {
      copyBuildOnce(appDir)
      return
    } catch (error) {
      if (error.wrongMode && settings.build && !rebuilt) {
        console.warn(`! ${error.message}: rebuilding`)
        await remixBuild()
        rebuilt = true
        continue
      }
      if (error.wrongMode || attempt >= 10) throw error
      console.warn(`! ${error.message}; retrying the copy in 3 s`)
      await sleep(3000)
    }
  }
}

function remixBuild() {
  return run(path.join(BIN, 'remix'), ['build'], {
    cwd: REPO,
    env: { ...process.env, NODE_ENV: 'production' },
    label: 'remix build',
  })
}

function copyBuildOnce(appDir) {
  for (const dir of ['build', 'public', 'content']) {
    fs.cpSync(path.join(REPO, dir), path.join(appDir, dir), { recursive: true })
  }
  for (const file of ['server.mjs', 'package.json'])
    fs.copyFileSync(path.join(REPO, file), path.join(appDir, file))
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(appDir, 'node_modules'), 'dir')
  const mode = fs
    .readFileSync(path.join(appDir, 'build', 'index.js'), 'utf8')
    .match(/\bmode = "(\w+)"/)?.[1]
  if (mode !== 'production') {
    throw Object.assign(
      new Error(`build/ holds a ${mode ?? 'unknown'}-mode build, not a production one`),
      { wrongMode: true },
    )
  }
  const { manifest, file } = readManifest(appDir)
  const assets = [manifest.entry.module, ...manifest.entry.imports]
  for (const route of Object.values(manifest.routes))
    assets.push(route.module, ...(route.imports ?? []))
  const missing = assets.filter((asset) => !fs.existsSync(path.join(appDir, 'public', asset)))
  if (missing.length) {
    throw new Error(
      `the copied build is inconsistent (${file} lists missing ${missing.slice(0, 3).join(', ')}): another build running?`,
    )
  }
}

function embeddedEnv() {
  const env = {
    ...process.env,
    DATA_BACKEND: 'sqlite',
    AUTH_BACKEND: 'local',
    PAYFAST_MODE: 'simulator',
  }
  for (const name of Object.keys(env)) {
    if (
      /^(STORYBLOK_|FIREBASE_|FIRESTORE_|GOOGLE_APPLICATION_CREDENTIALS|PAYFAST_(?!MODE))/.test(
        name,
      )
    )
      delete env[name]
  }
  delete env.TRUST_PROXY_HOPS
  return env
}

function run(command, args, { cwd, env, label }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    children.add(child)
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      children.delete(child)
      if (code === 0) resolve(output)
      else
        reject(
          new Error(
            `${label} failed (${signal ?? `exit ${code}`}):\n${output.split('\n').slice(-30).join('\n')}`,
          ),
        )
    })
  })
}

async function autocannon([command, args], target, seconds) {
  const output = await run(
    command,
    [
      ...args,
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

function tasksetWorks() {
  const result = spawnSync('taskset', ['-c', '1', 'true'], { stdio: 'ignore' })
  return result.status === 0 && os.cpus().length >= 2
}

function processCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime are fields 14 and 15 of the whole line: 11 and 12 after "pid (comm)".
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealthz(origin, exited, logFile) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the server exited before answering /healthz:\n${tail(logFile)}`)
    try {
      const response = await fetch(`${origin}/healthz`)
      if (response.ok && (await response.text()).trim() === 'ok') return
    } catch {
      /* not listening yet */
    }
    await sleep(200)
  }
  throw new Error(`/healthz did not answer ok within 60 s:\n${tail(logFile)}`)
}

async function stopServer(server, exited) {
  if (exited()) return
  server.kill('SIGTERM')
  const deadline = Date.now() + 5000
  while (!exited() && Date.now() < deadline) await sleep(100)
  if (!exited()) server.kill('SIGKILL')
}

async function fetchText(target) {
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

// ---------------------------------------------------------------------------------------------
// Small helpers

function printColumns(header, rows, rightAligned) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const format = (cells) =>
    cells
      .map((cell, i) => (rightAligned[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd()
  console.log(format(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of rows) console.log(format(row))
}

function positiveInt(name, fallback, zeroAllowed = false) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < (zeroAllowed ? 0 : 1)) {
    console.error(
      `${name} must be a whole number${zeroAllowed ? '' : ' above 0'}, not ${JSON.stringify(raw)}`,
    )
    process.exit(2)
  }
  return value
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const formatKb = (bytes) => (bytes / 1024).toFixed(1)
const secondsSince = (start) => ((Date.now() - start) / 1000).toFixed(0)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const tail = (file) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-30).join('\n')
  } catch {
    return '(no server log)'
  }
}

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
