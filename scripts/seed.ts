/**
 * Loads the demo shop into the store chosen by the environment (DATA_BACKEND, DATA_DIR or
 * FIREBASE_PROJECT_ID), its pictures into the image store (DATA_DIR/images, or the Firebase Storage
 * bucket FIREBASE_STORAGE_BUCKET on Firestore): `npm run seed`, `npm run seed -- --products 10000`,
 * `tsx scripts/seed.ts --if-empty` (what `npm run dev` runs first). In DATA_DIR/images each picture
 * is kept as its drawing until first requested, unless an earlier seed on this machine made its
 * WebP files (node_modules/.cache/shop-pictures) or --render-pictures asks for them now.
 */
import { parseArgs } from 'node:util'

import { getStore } from '~/lib/data/index.server'
import { env } from '~/lib/env.server'
import { getImageStore } from '~/lib/images/image-store.server'
import { MAX_PRODUCT_COUNT } from '~/lib/seed/products'
import { SeedRefusedError, seedStore } from '~/lib/seed/seed.server'

const USAGE = `Usage: tsx scripts/seed.ts [--products N] [--if-empty] [--force] [--seed NAME] [--render-pictures]
  --products N         how many products to make (default: the demo shop, 160; at most ${MAX_PRODUCT_COUNT})
  --if-empty           do nothing when the store already holds products
  --force              seed over a store that already holds products (replaces the demo products)
  --seed NAME          another seed makes another (still deterministic) shop
  --render-pictures    make every picture's WebP files now, not on the first request for each
                       (pictures an earlier seed made come from node_modules/.cache/shop-pictures)`

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({
      options: {
        products: { type: 'string' },
        'if-empty': { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        seed: { type: 'string' },
        'render-pictures': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 1
  }
  if (args.help) {
    console.log(USAGE)
    return 0
  }
  let products: number | undefined
  if (args.products !== undefined) {
    products = Number(args.products)
    if (!/^\d+$/.test(args.products) || products < 1 || products > MAX_PRODUCT_COUNT) {
      console.error(`--products must be a whole number from 1 to ${MAX_PRODUCT_COUNT}\n${USAGE}`)
      return 1
    }
  }

  const started = performance.now()
  const backend = process.env.DATA_BACKEND || 'sqlite'
  const where =
    backend === 'firestore'
      ? `Firestore project ${process.env.FIREBASE_PROJECT_ID}`
      : `SQLite in ${process.env.DATA_DIR || './data'}`
  const store = await getStore()
  const images = await getImageStore()
  try {
    const result = await seedStore(store, {
      products,
      ifEmpty: args['if-empty'],
      force: args.force,
      seed: args.seed,
      images,
      renderPictures: args['render-pictures'],
      accounts: env.authBackend === 'firebase' ? firebaseAccounts : undefined,
      log: (line) => console.log(line),
    })
    if (result.status === 'skipped') {
      console.log(`Seed skipped: ${where} already holds ${result.existingProducts} products.`)
    } else {
      console.log(
        `Seeded ${where}: ${result.products} products, ${result.users} demo customers, ${result.reviews} reviews in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      )
    }
    return 0
  } catch (error) {
    if (error instanceof SeedRefusedError) {
      console.error(`Seed refused: ${error.message}`)
      return 1
    }
    throw error
  } finally {
    await store.close()
  }
}

/** With AUTH_BACKEND=firebase, each demo customer gets a Firebase Auth account under its profile id. */
async function firebaseAccounts(
  customers: { id: string; email: string; firstName: string; lastName: string }[],
) {
  // Loaded on demand: the local default never pulls in firebase-admin.
  const { ensureFirebaseAccounts } = await import('~/lib/auth/firebase-accounts.server')
  return ensureFirebaseAccounts(customers, { projectId: env.firebase.projectId ?? '' })
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Seed failed:', error)
    process.exit(1)
  },
)
