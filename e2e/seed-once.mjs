// The e2e server's store (playwright.config.ts's webServer): a copy of the demo shop, seeded once
// per day and per version of the code that makes it, then copied into each run's empty DATA_DIR.
// The seed draws all 541 pictures now (--render-pictures: the browser never waits for one to be
// drawn), from node_modules/.cache/shop-pictures when an earlier seed made them (a few seconds) or
// from scratch on a fresh clone (about 40 s on a busy 2-core machine); a copy takes a second. E2E_RESEED=1 seeds again. With `--prepare` (npm test, while the
// type and lint checks run on one core) it only makes today's copy, for the e2e run to take later.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const prepareOnly = process.argv.includes('--prepare')
const dataDir = process.env.DATA_DIR
if (!dataDir && !prepareOnly) {
  console.error('e2e: DATA_DIR is not set')
  process.exit(1)
}

// A store of the caller's own (E2E_DATA_DIR already in use): seeded only if empty, as before.
if (dataDir && fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
  const seed = spawnSync('npx', ['tsx', 'scripts/seed.ts', '--if-empty', '--render-pictures'], {
    stdio: 'inherit',
  })
  process.exit(seed.status ?? 1)
}

// What the seeded store depends on: the seed, the store's schema, the image store, the products'
// rules, and every dependency's version. All of app/lib, to be safe: any change there seeds again.
const SOURCES = ['app/lib', 'scripts/seed.ts', 'package-lock.json']
const CACHE = path.resolve('.cache/e2e-seed')

/** Every file under `entry`, sorted, so the hash does not depend on the order of directory reads. */
function files(entry) {
  if (!fs.statSync(entry).isDirectory()) return [entry]
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => files(path.join(entry, name)))
}

const hash = createHash('sha256')
for (const file of SOURCES.flatMap(files))
  hash.update(file).update('\0').update(fs.readFileSync(file))
// Seeded data is stamped with the day it was made (products' and reviews' dates): a new day seeds
// a new copy, so no run sees a shop older than a day.
const key = `${new Date().toISOString().slice(0, 10)}-${hash.digest('hex').slice(0, 16)}`
const seeded = path.join(CACHE, key)

if (process.env.E2E_RESEED === '1' || !fs.existsSync(path.join(seeded, '.complete'))) {
  const making = `${seeded}.making-${process.pid}`
  fs.rmSync(making, { recursive: true, force: true })
  fs.mkdirSync(making, { recursive: true })
  const seed = spawnSync('npx', ['tsx', 'scripts/seed.ts', '--render-pictures'], {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: making },
  })
  if (seed.status !== 0) process.exit(seed.status ?? 1)
  fs.writeFileSync(path.join(making, '.complete'), '')
  // Older copies are of other code or other days: only the newest is kept.
  for (const old of fs.readdirSync(CACHE)) {
    if (old !== path.basename(making))
      fs.rmSync(path.join(CACHE, old), { recursive: true, force: true })
  }
  fs.renameSync(making, seeded)
} else {
  console.log(`e2e: the demo shop seeded for this code today is ready (${key})`)
}

if (prepareOnly) process.exit(0)
fs.cpSync(seeded, dataDir, {
  recursive: true,
  filter: (source) => path.basename(source) !== '.complete',
})
