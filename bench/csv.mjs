// Runs bench/csv-import.ts (the CSV export and import figures, issue 26) with this benchmark's
// catalogue size, printing as it goes. A failure is reported, never thrown: the page figures
// above it stand.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

import { BIN, REPO, settings } from './settings.mjs'

export function runCsvBench() {
  const result = spawnSync(path.join(BIN, 'tsx'), ['bench/csv-import.ts'], {
    cwd: REPO,
    env: { LOG_LEVEL: 'warn', ...process.env, BENCH_PRODUCTS: String(settings.products) },
    stdio: 'inherit',
  })
  if (result.status !== 0) console.warn(`! The CSV benchmark did not finish (${result.status})`)
}
