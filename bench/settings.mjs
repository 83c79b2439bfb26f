// The benchmark's settings, read once from the environment (see run.mjs for the list), and the
// paths it runs from.
import path from 'node:path'
import url from 'node:url'

export const REPO = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), '..')
export const BIN = path.join(REPO, 'node_modules', '.bin')
export const AUTOCANNON = path.join(REPO, 'node_modules', 'autocannon', 'autocannon.js')

export const settings = {
  seconds: positiveInt('BENCH_SECONDS', 10),
  warmup: positiveInt('BENCH_WARMUP', 3, true),
  rounds: positiveInt('BENCH_ROUNDS', 3),
  connections: positiveInt('BENCH_CONNECTIONS', 10),
  products: positiveInt('BENCH_PRODUCTS', 10_000),
  query: process.env.BENCH_QUERY || 'rooibos',
  build: !['1', 'true', 'yes'].includes(String(process.env.BENCH_NO_BUILD).toLowerCase()),
  lighthouse: !['0', 'false', 'no'].includes(String(process.env.BENCH_LIGHTHOUSE).toLowerCase()),
  // One part of the benchmark alone (unset: all of it).
  only: oneOf('BENCH_ONLY', ['firestore']),
}

function oneOf(name, values) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return null
  if (!values.includes(raw)) {
    console.error(`${name} must be one of ${values.join(', ')}, not ${JSON.stringify(raw)}`)
    process.exit(2)
  }
  return raw
}

export function positiveInt(name, fallback, zeroAllowed = false) {
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
