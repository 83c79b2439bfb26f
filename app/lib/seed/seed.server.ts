import { now } from '~/lib/clock'
import type { Store } from '~/lib/data/store'
import { DuplicateEmailError } from '~/lib/data/store'
import type { Product } from '~/lib/data/types'
import type { ImageStore } from '~/lib/images/image-store.server'

import { giftCardProduct } from './gift-cards'
import { storeDemoPictures } from './pictures.server'
import { DEFAULT_PRODUCT_COUNT, DEFAULT_SEED, generateProducts } from './products'
import { generateReviews, type ReviewSeed } from './reviews'
import { DEMO_USERS } from './users'

export const PRODUCT_BATCH_SIZE = 500
/** Products whose reviews are written at the same time (each product's own reviews in order). */
const REVIEW_CONCURRENCY = 8

export class SeedRefusedError extends Error {
  name = 'SeedRefusedError'
}

export type SeedOptions = {
  products?: number
  /** Do nothing when the store already holds products. */
  ifEmpty?: boolean
  /** Seed over existing data (products and demo reviews are replaced, nothing is deleted). */
  force?: boolean
  seed?: string
  /**
   * Where the product pictures go (scripts/seed.ts passes the shop's image store). Without one,
   * products keep the pictures' descriptions only: for tests that show no pictures.
   */
  images?: ImageStore
  /**
   * Make every picture's renditions now (the e2e store), rather than leaving those the picture
   * cache lacks to be made on first request. Storage makes them now anyway.
   */
  renderPictures?: boolean
  /**
   * Sign-in accounts for the demo customers, given with their ids in this store: scripts/seed.ts
   * passes Firebase Auth's when AUTH_BACKEND=firebase, so each seeded profile has its account.
   */
  accounts?: (
    customers: { id: string; email: string; firstName: string; lastName: string }[],
  ) => Promise<{ created: number }>
  now?: Date
  log?: (line: string) => void
}

export type SeedResult =
  | { status: 'skipped'; existingProducts: number }
  | { status: 'seeded'; products: number; users: number; reviews: number; ms: number }

/**
 * Loads the demo shop into a store, only through the Store interface, so it works the same on
 * SQLite and Firestore. Refuses a store that already has products unless told `ifEmpty` (then it
 * does nothing) or `force`.
 */
export async function seedStore(store: Store, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now()
  const log = options.log ?? (() => {})
  const count = options.products ?? DEFAULT_PRODUCT_COUNT
  const seed = options.seed ?? DEFAULT_SEED

  const existing = await store.products.count()
  if (existing > 0 && options.ifEmpty) return { status: 'skipped', existingProducts: existing }
  if (existing > 0 && !options.force) {
    throw new SeedRefusedError(
      `The store already holds ${existing} products. Use --if-empty to skip seeding it, or --force to seed over it.`,
    )
  }

  const seededAt = options.now ?? now()
  // The catalogue, and in a shop of the demo's size or larger the gift card on sale beside it (no
  // reviews: it is not a thing one rates); a smaller seed, for tests, holds just what it asked for.
  const catalogue = generateProducts({ count, seed, now: seededAt })
  const products =
    count >= DEFAULT_PRODUCT_COUNT ? [...catalogue, giftCardProduct(seededAt)] : catalogue
  log(`Generated ${products.length} products in ${ms(started)}`)

  if (options.images) {
    const picturesStarted = performance.now()
    const { pictures } = await storeDemoPictures(options.images, products, log, {
      renderNow: options.renderPictures,
    })
    log(
      `Stored ${pictures} pictures in the ${options.images.backend} image store in ${ms(picturesStarted)}`,
    )
  }

  const writeStarted = performance.now()
  for (let i = 0; i < products.length; i += PRODUCT_BATCH_SIZE) {
    let batch = products.slice(i, i + PRODUCT_BATCH_SIZE)
    // Over existing data, keep each product's rating summary: reviews.upsert adjusts it per review.
    if (existing > 0) batch = await keepRatings(store, batch)
    await store.products.upsertMany(batch)
    if (products.length > PRODUCT_BATCH_SIZE) {
      log(`  products ${Math.min(i + PRODUCT_BATCH_SIZE, products.length)}/${products.length}`)
    }
  }
  log(`Wrote ${products.length} products in ${ms(writeStarted)}`)

  const usersStarted = performance.now()
  const userIds = new Map<string, string>()
  for (const user of DEMO_USERS) {
    userIds.set(user.id, await ensureUser(store, user))
  }
  log(`Ensured ${DEMO_USERS.length} demo customers in ${ms(usersStarted)}`)
  if (options.accounts) {
    const accountsStarted = performance.now()
    const customers = DEMO_USERS.map((user) => ({ ...user, id: userIds.get(user.id) ?? user.id }))
    const { created } = await options.accounts(customers)
    log(`Created ${created} sign-in accounts for demo customers in ${ms(accountsStarted)}`)
  }

  const reviewsStarted = performance.now()
  const reviews = generateReviews(catalogue, DEMO_USERS, { seed })
  const byProduct = new Map<string, ReviewSeed[]>()
  for (const review of reviews) {
    const userId = userIds.get(review.userId) ?? review.userId
    const list = byProduct.get(review.productId) ?? []
    list.push({ ...review, userId })
    byProduct.set(review.productId, list)
  }
  await inPool([...byProduct.values()], REVIEW_CONCURRENCY, async (list) => {
    for (const review of list) await store.reviews.upsert(review)
  })
  log(`Wrote ${reviews.length} reviews on ${byProduct.size} products in ${ms(reviewsStarted)}`)

  return {
    status: 'seeded',
    products: products.length,
    users: DEMO_USERS.length,
    reviews: reviews.length,
    ms: Math.round(performance.now() - started),
  }
}

async function keepRatings(store: Store, batch: Product[]): Promise<Product[]> {
  const current = new Map(
    (await store.products.getMany(batch.map((p) => p.id))).map((p) => [p.id, p]),
  )
  return batch.map((p) => {
    const before = current.get(p.id)
    return before ? { ...p, rating: before.rating } : p
  })
}

/** The id the demo customer has in this store: created now, or found by id or email. */
async function ensureUser(store: Store, user: (typeof DEMO_USERS)[number]): Promise<string> {
  const byId = await store.users.get(user.id)
  if (byId) return byId.id
  try {
    return (await store.users.create(user)).id
  } catch (error) {
    if (!(error instanceof DuplicateEmailError)) throw error
    const byEmail = await store.users.getByEmail(user.email)
    if (!byEmail) throw error
    return byEmail.id
  }
}

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
}

function ms(since: number): string {
  const elapsed = performance.now() - since
  return elapsed < 1000 ? `${Math.round(elapsed)} ms` : `${(elapsed / 1000).toFixed(1)} s`
}
