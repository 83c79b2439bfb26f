// The e2e server's build step (playwright.config.ts's webServer): `npm run build` unless the build
// on disk is newer than every source it is made from, so a second run on an unchanged checkout
// starts at once. A fresh clone has no build/ and always builds; E2E_REBUILD=1 forces a build.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

// Rewritten by every build (public/build keeps its fingerprinted names, so its times say little).
const BUILT = 'build/index.js'
// Everything `remix build` reads. public/ is served as it is (only public/build is built).
const SOURCES = [
  'app',
  'content',
  'remix.config.js',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]

/** The newest modification time under `entry` (a file or folder), in milliseconds. */
function newest(entry) {
  let stat
  try {
    stat = fs.statSync(entry)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const name of fs.readdirSync(entry))
    latest = Math.max(latest, newest(path.join(entry, name)))
  return latest
}

/** When the build on disk was made; 0 when there is none (or only half of one). */
function built() {
  if (!fs.existsSync('public/build')) return 0
  try {
    return fs.statSync(BUILT).mtimeMs
  } catch {
    return 0
  }
}

const sourcesChanged = Math.max(...SOURCES.map(newest))
if (process.env.E2E_REBUILD !== '1' && built() > sourcesChanged) {
  console.log('e2e: the build is newer than its sources; not building again')
} else {
  // A production build whoever calls: the e2e server runs with NODE_ENV=test, under which `remix
  // build` would ship React's development bundle (1 MB more to parse on every page with JS).
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  process.exit(build.status ?? 1)
}
