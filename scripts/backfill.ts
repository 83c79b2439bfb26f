/**
 * Brings Firestore data stored before two changes up to date (`npm run backfill`): the
 * `creditNotes/{number}` documents of credit notes issued before that collection existed, and the
 * customer search's `searchTerms` on users stored before it. Safe to run again: a second run writes
 * nothing and says so. On SQLite there is nothing to do: its migrations copied the credit notes and
 * its customer search needs no stored terms.
 */
import { parseArgs } from 'node:util'

import { closeFirestore, firestoreFor } from '~/lib/data/firestore/app.server'
import {
  BACKFILL_PAGE_SIZE,
  backfillFirestore,
  describeBackfill,
} from '~/lib/data/firestore/backfill.server'
import { env } from '~/lib/env.server'

const USAGE = `Usage: tsx scripts/backfill.ts [--page-size N]
  --page-size N   documents read per page, each page's writes one transaction (1 to 500, default ${BACKFILL_PAGE_SIZE})`

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({
      options: {
        'page-size': { type: 'string', default: String(BACKFILL_PAGE_SIZE) },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  if (args.help) {
    console.log(USAGE)
    return 0
  }
  const pageSize = Number(args['page-size'])
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500) {
    console.error(`--page-size must be a whole number from 1 to 500\n${USAGE}`)
    return 2
  }
  if (env.dataBackend !== 'firestore') {
    console.log(
      `DATA_BACKEND=${env.dataBackend}: nothing to do. SQLite's migrations copied the earlier ` +
        'credit notes into credit_notes (migration 22), and its customer search reads the names ' +
        'themselves, so it needs no stored search terms.',
    )
    return 0
  }
  // env.server.ts already refuses DATA_BACKEND=firestore without a project id.
  const projectId = env.firebase.projectId!
  console.log(`Backfilling Firestore project ${projectId}, pages of ${pageSize} documents`)
  const { app, db } = firestoreFor(projectId)
  try {
    const report = await backfillFirestore(db, { pageSize, log: (line) => console.log(line) })
    for (const line of describeBackfill(report)) console.log(line)
    return 0
  } finally {
    await closeFirestore(app)
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Backfill failed:', error)
    process.exit(1)
  },
)
