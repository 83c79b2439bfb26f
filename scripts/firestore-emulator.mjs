/**
 * The Firestore emulator for this repository's scripts (scripts/test-firestore.mjs and the
 * benchmark's Firestore table, bench/firestore.mjs): `gcloud emulators firestore start` on a free
 * loopback port, in a process group of its own so that stopping it stops java too (gcloud spawns
 * a shell that spawns java; killing gcloud alone leaves java running). Every wait has a limit, so a
 * stuck emulator fails the caller instead of hanging it.
 */
import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import process from 'node:process'

const START_TIMEOUT_MS = 90_000
const STOP_GRACE_MS = 5_000

function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue
    try {
      accessSync(path.join(dir, command), constants.X_OK)
      return true
    } catch {
      // not in this directory
    }
  }
  return false
}

/**
 * Why the emulator cannot start on this machine (a sentence naming what to install), or null when
 * `gcloud` and `java` are on PATH.
 */
export function emulatorMissing() {
  const missing = ['gcloud', 'java'].filter((command) => !onPath(command))
  if (!missing.length) return null
  return (
    `\`${missing.join('` and `')}\` ${missing.length === 1 ? 'is' : 'are'} not on PATH, so the Firestore ` +
    'emulator cannot start. Install the Google Cloud CLI with its cloud-firestore-emulator component ' +
    '(Debian: google-cloud-cli and google-cloud-cli-firestore-emulator) and a Java 17+ runtime to run it.'
  )
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Signals a child's whole process group (it must have been spawned `detached`). */
export function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {
    // the group is already gone
  }
}

export function exited(child) {
  return child.exitCode !== null || child.signalCode !== null
}

/**
 * Spawns the emulator on a free loopback port and returns at once, so the caller holds `stop()`
 * before waiting: its `host` (127.0.0.1:port), `child`, `output()` so far, `ready()`, which resolves
 * once it answers and has served one real request (it answers "Ok" before its JVM has warmed up)
 * and rejects with its output when it does not start in time, and `stop()`, which stops the whole
 * group (SIGTERM, then SIGKILL after a grace period).
 */
export async function spawnFirestoreEmulator() {
  const host = `127.0.0.1:${await freePort()}`
  let output = ''
  const child = spawn(
    'gcloud',
    ['emulators', 'firestore', 'start', `--host-port=${host}`, '--quiet'],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CLOUDSDK_CORE_DISABLE_PROMPTS: '1' },
    },
  )
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const stop = async () => {
    if (exited(child)) return
    killGroup(child, 'SIGTERM')
    const deadline = Date.now() + STOP_GRACE_MS
    while (!exited(child) && Date.now() < deadline) await sleep(100)
    // gcloud may exit on SIGTERM before its java child does; SIGKILL the group regardless.
    killGroup(child, 'SIGKILL')
  }
  const ready = async () => {
    try {
      await waitUntilReady(host, child)
    } catch (error) {
      throw new Error(`${error.message}\n--- emulator output ---\n${output}`)
    }
    // One real request first, so the caller's first one does not pay for the JVM's warm-up.
    await fetch(`http://${host}/emulator/v1/projects/demo-warm-up/databases/(default)/documents`, {
      method: 'DELETE',
      signal: AbortSignal.timeout(30_000),
    }).catch(() => {})
  }
  return { host, child, output: () => output, ready, stop }
}

async function waitUntilReady(host, child) {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`the emulator exited early (code ${child.exitCode})`)
    try {
      const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  throw new Error(`the emulator did not answer on ${host} within ${START_TIMEOUT_MS / 1000} s`)
}
