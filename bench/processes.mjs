// Child processes and temporary directories, and their cleanup: the server, any autocannon child
// and the temporary directories go on every exit path.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const children = new Set()
const tempDirs = []
let cleanedUp = false

export function cleanupSync() {
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

/** Cleans up when the process exits, and on Ctrl-C or a kill. */
export function installCleanup() {
  process.on('exit', cleanupSync)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the benchmark and cleaning up`)
      cleanupSync()
      process.exit(130)
    })
  }
}

export function makeTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}

/** Runs a command to its end; resolves with its output, rejects with its last 30 lines. */
export function run(command, args, { cwd, env, label }) {
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

export function tasksetWorks() {
  const result = spawnSync('taskset', ['-c', '1', 'true'], { stdio: 'ignore' })
  return result.status === 0 && os.cpus().length >= 2
}

export function processCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime are fields 14 and 15 of the whole line: 11 and 12 after "pid (comm)".
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export const tail = (file) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-30).join('\n')
  } catch {
    return '(no server log)'
  }
}
