// The server under test: a seeded temporary store, a production build copied out of the
// repository, and the server started from that copy with the embedded adapters.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { readManifest } from './first-load-js.mjs'
import { children, run, sleep, tail } from './processes.mjs'
import { BIN, REPO, settings } from './settings.mjs'

/** Seeds `settings.products` products into the store at `dataDir`. */
export function seedStore(dataDir) {
  return run(path.join(BIN, 'tsx'), ['scripts/seed.ts', '--products', String(settings.products)], {
    cwd: REPO,
    env: { ...embeddedEnv(), DATA_DIR: dataDir },
    label: 'seed',
  })
}

export function remixBuild() {
  return run(path.join(BIN, 'remix'), ['build'], {
    cwd: REPO,
    env: { ...process.env, NODE_ENV: 'production' },
    label: 'remix build',
  })
}

// Another engineer's build may be writing build/ and public/build/ while we copy: retry until the
// copy holds one consistent build (the manifest the server build names and every asset it lists).
// A development or test build (someone's `remix dev` or test run) is rebuilt once for production.
export async function copyBuild(appDir) {
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

/** The environment with the embedded adapters forced and every cloud setting removed. */
export function embeddedEnv() {
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

/**
 * Starts the production server from the copy in `appDir` on a free port, through `pin` (which
 * prefixes taskset when pinning works), logging to `appDir/server.log`. Does not wait for it.
 */
export async function startServer({ appDir, dataDir, pin }) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const logFile = path.join(appDir, 'server.log')
  const logFd = fs.openSync(logFile, 'a')
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
  let exit = null
  server.on('exit', (code, signal) => {
    children.delete(server)
    exit = { code, signal }
  })
  // `exited()` is how the server ended ({ code, signal }), or null while it runs.
  return { server, origin, logFile, exited: () => exit }
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

export async function waitForHealthz(origin, exited, logFile) {
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

export async function stopServer(server, exited) {
  if (exited()) return
  server.kill('SIGTERM')
  const deadline = Date.now() + 5000
  while (!exited() && Date.now() < deadline) await sleep(100)
  if (!exited()) server.kill('SIGKILL')
}
