// The back office's CSV figures (issue 26): the products export of a 10 000-product catalogue
// (streamed page by page), a 300-product import (dry run, apply in batches, then the same file
// again, which changes nothing), and the dry run of the whole export read back. On a SQLite store
// in a temporary directory, in this process. Prints figures; never asserts a time.
//
//   npx tsx bench/csv-import.ts        (npm run bench runs it last; BENCH_PRODUCTS sets the size)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'

import { productsExport } from '~/lib/csv/catalogue-export.server'
import { csvResponse } from '~/lib/csv/export.server'
import { readImportFile } from '~/lib/csv/import-read.server'
import { applyPlan, planAgainstStore } from '~/lib/csv/import.server'
import { openStore } from '~/lib/data/index.server'
import { CATEGORIES, generateProducts } from '~/lib/seed/products'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000)
const IMPORTED = 300
const NOW = new Date('2026-11-28T08:00:00.000Z')

const ms = (start: number) => `${(performance.now() - start).toFixed(0)} ms`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** 300 new products of two sizes each, as an owner's spreadsheet in the export's columns. */
function seasonSheet(): string {
  const lines = [
    'product_id,name,description,category,category_name,option1_name,option1_value,price,stock',
  ]
  for (let i = 1; i <= IMPORTED; i++) {
    for (const [size, rands] of [
      ['250 g', 45 + (i % 50)],
      ['500 g', 80 + (i % 50)],
    ] as const) {
      lines.push(
        `bench-season-${i},Season Product ${i},"A new season's product, number ${i}.",pantry,Pantry,Size,${size},${rands}.00,${i % 20}`,
      )
    }
  }
  return lines.join('\n')
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-csv-'))
  const store = await openStore({ backend: 'sqlite', dataDir, now: () => NOW })
  try {
    await store.products.upsertMany(generateProducts({ count: PRODUCTS, now: NOW }))
    const categories = CATEGORIES.map(({ slug, name }) => ({ slug, name }))
    console.log(`\nCSV (issue 26): ${PRODUCTS} products in SQLite, ${os.cpus().length} cores`)

    let started = performance.now()
    const exported = await csvResponse(productsExport(store, { from: '', to: '' })).text()
    const rows = (await store.products.all()).reduce((sum, p) => sum + p.variants.length, 0)
    console.log(
      `  products export: ${rows} variant rows of ${PRODUCTS} products, ${mb(Buffer.byteLength(exported))} in ${ms(started)}`,
    )

    const sheet = new TextEncoder().encode(seasonSheet())
    const read = await readImportFile(sheet)
    if (!read.ok) throw new Error(read.message)
    started = performance.now()
    const plan = await planAgainstStore(store, read, { now: NOW.toISOString(), categories })
    console.log(
      `  import of ${IMPORTED} products (${read.rows.length} rows): dry run ${ms(started)}, ${plan.counts.create} rows to create, ${plan.counts.invalid} invalid`,
    )
    started = performance.now()
    const summary = await applyPlan(store, plan, { by: 'bench@example.co.za' })
    console.log(`    apply: ${summary.saved} products saved in ${ms(started)}`)
    started = performance.now()
    const again = await planAgainstStore(store, read, { now: NOW.toISOString(), categories })
    console.log(
      `    the same file again: ${again.counts.unchanged} rows unchanged, ${again.saves.length} saves, in ${ms(started)}`,
    )

    // How long other requests would wait behind the dry run of a whole catalogue.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 })
    loopDelay.enable()
    started = performance.now()
    const whole = await readImportFile(new TextEncoder().encode(exported))
    if (whole.ok) {
      const roundTrip = await planAgainstStore(store, whole, {
        now: NOW.toISOString(),
        categories,
      })
      loopDelay.disable()
      console.log(
        `  round trip: the export's ${whole.rows.length} rows read back as ${roundTrip.counts.unchanged} unchanged, ${roundTrip.saves.length} saves, ${roundTrip.problems.length} invalid; read and dry run in ${ms(started)}, the event loop held at most ${(loopDelay.max / 1e6).toFixed(0)} ms at a time`,
      )
    } else {
      console.log(`  round trip: the export is not importable as one file (${whole.message})`)
    }
  } finally {
    await store.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(`CSV benchmark broke: ${error instanceof Error ? error.stack : error}`)
  process.exitCode = 1
})
