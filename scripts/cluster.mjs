// `npm run cluster`: the shop as it runs on more than one machine, on this one. Two production
// servers (NODE_ENV=production) share one SQLite store behind a caching nginx (deploy/nginx.conf),
// all on loopback: the build is made if it is stale, a copy of the demo shop is seeded into a
// temporary folder, and the addresses are printed. Ctrl-C or SIGTERM stops everything and removes
// the temporary folder. The cluster e2e project (playwright.cluster.config.ts) runs on it.
//
// Environment (all optional):
//   CLUSTER_PORT  the proxy's port (default 8080); the instances take the next two
//   CLUSTER_DIR   where the store, nginx's files and cluster.json go (default: a new temporary
//                 folder, removed at the end; a folder given is kept)
//   SESSION_SECRET, SMTP_URL, SHARED_CACHE_SECONDS and the shop's other variables are passed on.
//
// PayFast: the simulator (PAYFAST_MODE=simulator, which production allows with a warning) stands in
// for PayFast's one gateway. Its memory of the ITNs it sent lives in one process, so nginx sends
// every /payfast/simulator request to instance 1 (deploy/nginx.conf; docs/decisions/036).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import url from 'node:url'

const ROOT = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), '..')
process.chdir(ROOT)

const proxyPort = Number(process.env.CLUSTER_PORT ?? 8080)
if (!Number.isSafeInteger(proxyPort) || proxyPort < 1 || proxyPort > 65533) {
  fail(`CLUSTER_PORT must be a port number up to 65533 (the instances take the next two)`)
}
const instancePorts = [proxyPort + 1, proxyPort + 2]
const proxyUrl = `http://127.0.0.1:${proxyPort}`
const instanceUrls = instancePorts.map((port) => `http://127.0.0.1:${port}`)

const nginx = findNginx()
if (!nginx) {
  fail(
    'nginx is not installed: the cluster runs behind it. Install it with ' +
      '`apt-get update && apt-get install -y nginx` (Debian, Ubuntu) or your system package manager.',
  )
}

const keepDir = Boolean(process.env.CLUSTER_DIR)
const runDir = path.resolve(
  process.env.CLUSTER_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-')),
)
const dataDir = path.join(runDir, 'data')
fs.mkdirSync(path.join(runDir, 'temp'), { recursive: true })

step('node', ['e2e/build-if-stale.mjs'], {}, 'the build')
if (!fs.existsSync(dataDir)) step('node', ['e2e/seed-once.mjs'], { DATA_DIR: dataDir }, 'the seed')

const sessionSecret = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex')
const children = new Set()
let stopping = false
/** @type {import('node:child_process').ChildProcess | null} */
let proxy = null
/** @type {{ name: string, port: number, url: string, child: import('node:child_process').ChildProcess }[]} */
let instances = []

instances = instancePorts.map((port, i) => {
  const child = start(`shop-${i + 1}`, 'node', ['server.mjs'], {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: proxyUrl,
    DATA_DIR: dataDir,
    DATA_BACKEND: 'sqlite',
    AUTH_BACKEND: 'local',
    SESSION_SECRET: sessionSecret,
    PAYFAST_MODE: 'simulator',
    // nginx is the one proxy in front: the client's address is the last X-Forwarded-For entry.
    TRUST_PROXY_HOPS: '1',
  })
  return { name: `shop-${i + 1}`, port, url: instanceUrls[i], child }
})

try {
  await Promise.all(instances.map((instance) => ready(`${instance.url}/healthz`, instance.child)))
} catch (error) {
  console.error(`cluster: ${error.message}`)
  await stopAll(1)
}

const conf = path.join(runDir, 'nginx.conf')
fs.writeFileSync(
  conf,
  fs
    .readFileSync('deploy/nginx.conf', 'utf8')
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{PROXY_PORT}}', String(proxyPort))
    .replaceAll('{{INSTANCE_1_PORT}}', String(instancePorts[0]))
    .replaceAll('{{INSTANCE_2_PORT}}', String(instancePorts[1]))
    // As root, nginx's workers would run as nobody, who cannot write the cache in our folder.
    .replaceAll('{{USER_LINE}}', process.getuid?.() === 0 ? 'user root;' : ''),
)
proxy = start('nginx', nginx, ['-p', runDir, '-c', conf, '-e', 'stderr'], process.env)
try {
  await ready(`${proxyUrl}/healthz`, proxy)
} catch (error) {
  console.error(`cluster: ${error.message}`)
  await stopAll(1)
}

const state = {
  proxy: { url: proxyUrl, port: proxyPort, pid: proxy.pid },
  instances: instances.map(({ name, port, url, child }) => ({ name, port, url, pid: child.pid })),
  payfastSimulator: `${proxyUrl}/payfast/simulator`,
  dataDir,
}
fs.writeFileSync(path.join(runDir, 'cluster.json'), `${JSON.stringify(state, null, 2)}\n`)
console.log(
  [
    '',
    `Cluster ready: open ${proxyUrl} (nginx, caching; APP_URL)`,
    ...instances.map(
      ({ name, url, child }) => `  ${name}: ${url} (pid ${child.pid}, NODE_ENV=production)`,
    ),
    `  PayFast simulator: ${state.payfastSimulator} (always shop-1's, as one gateway)`,
    `  store: ${dataDir} (SQLite, shared)`,
    `  state: ${path.join(runDir, 'cluster.json')}`,
    'Ctrl-C stops everything.',
    '',
  ].join('\n'),
)

process.on('SIGINT', () => void stopAll(0))
process.on('SIGTERM', () => void stopAll(0))

/** Starts a child whose output is prefixed with its name; an instance that dies is reported. */
function start(name, command, args, env) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  for (const stream of [child.stdout, child.stderr]) {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`)
    })
  }
  child.on('exit', (code, signal) => {
    children.delete(child)
    if (stopping) return
    console.log(`cluster: ${name} exited (${signal ?? `code ${code}`})`)
    const left = instances.filter((instance) => children.has(instance.child))
    // One instance down: the proxy sends everything to the other, as a real load balancer would.
    if (name === 'nginx' || left.length === 0) void stopAll(1)
    else console.log(`cluster: ${left.map((instance) => instance.name).join(', ')} serves on`)
  })
  return child
}

/** Waits until `address` answers 200, failing if `child` exits first or after three minutes. */
async function ready(address, child) {
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${address}: the process exited before it was ready`)
    }
    try {
      const response = await fetch(address, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${address} was not ready within 3 minutes`)
}

/** Stops every child (the servers finish what they hold, nginx its requests) and exits. */
async function stopAll(code) {
  if (stopping) return
  stopping = true
  console.log('cluster: stopping')
  const exited = [...children].map((child) => new Promise((resolve) => child.once('exit', resolve)))
  for (const child of children) child.kill(child === proxy ? 'SIGQUIT' : 'SIGTERM')
  // The servers give in-flight requests 10 s; nothing should take longer.
  const timer = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL')
  }, 15_000)
  await Promise.all(exited)
  clearTimeout(timer)
  if (!keepDir) fs.rmSync(runDir, { recursive: true, force: true })
  process.exit(code)
}

/** Runs a preparation step to its end; a failure stops the cluster before anything started. */
function step(command, args, env, what) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) fail(`${what} failed (${command} ${args.join(' ')})`)
}

/** The nginx binary: on PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
function findNginx() {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate
  }
  return null
}

function fail(message) {
  console.error(`cluster: ${message}`)
  process.exit(1)
}
