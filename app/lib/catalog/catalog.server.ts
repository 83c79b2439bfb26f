import { remember } from '@epic-web/remember'

import { getStore, type Store } from '~/lib/data/index.server'
import { promisePerKey } from '~/lib/remember.server'

import { CatalogIndex, type CatalogQuery, type CatalogResult } from './catalog-index.server'

/**
 * Builds the index from every product and keeps it fresh through the store's change events.
 * Subscribes before reading so no change made during the read is lost: events that arrive first
 * are replayed over the snapshot, and each carries the product as it was written.
 */
export async function buildCatalogIndex(store: Store): Promise<CatalogIndex> {
  // Read before the products, so a commit by another connection during the read reloads again.
  const version = store.dataVersion?.()
  let index: CatalogIndex | null = null
  const pending: Parameters<CatalogIndex['apply']>[0][number][] = []
  const unsubscribe = store.products.subscribe((changes) => {
    if (index) index.apply(changes)
    else pending.push(...changes)
  })
  let built: CatalogIndex
  try {
    built = new CatalogIndex(await store.products.all())
  } catch (error) {
    // A retry subscribes again; this listener would only buffer forever.
    unsubscribe()
    throw error
  }
  built.apply(pending.splice(0))
  index = built
  if (version !== undefined) seenVersion.set(built, version)
  builtFor.add(store)
  return built
}

// The store's data version each index last read every product at (SQLite: PRAGMA data_version).
const seenVersion = remember('catalog-seen-version', () => new WeakMap<CatalogIndex, number>())
const reloading = remember('catalog-reloading', () => new WeakMap<CatalogIndex, Promise<void>>())

/**
 * Brings `index` up to date with commits made by other connections (a second process on the same
 * SQLite file, scripts, the e2e fixtures), which fire no change event here: when the store's data
 * version moved since the index last read, every product is read again and applied (new, changed,
 * and gone ones). Cheap at the SQLite shop's sizes, and a no-op (a few microseconds) otherwise.
 * Concurrent callers share one reload. Stores without a data version (Firestore) hear every
 * instance's writes through their listeners instead.
 */
export async function refreshFromOtherWrites(store: Store, index: CatalogIndex): Promise<void> {
  const running = reloading.get(index)
  if (running) return running
  const version = store.dataVersion?.()
  if (version === undefined || version === seenVersion.get(index)) return
  const reload = (async () => {
    try {
      const products = await store.products.all()
      const present = new Set(products.map((product) => product.id))
      index.apply([
        ...products.map((product) => ({ type: 'upsert' as const, product })),
        ...index
          .productDates()
          .filter(({ id }) => !present.has(id))
          .map(({ id }) => ({ type: 'delete' as const, id })),
      ])
      seenVersion.set(index, version)
    } finally {
      reloading.delete(index)
    }
  })()
  reloading.set(index, reload)
  return reload
}

// The stores whose index has been built: /healthz answers 503 until the current one's is.
const builtFor = remember('catalog-built-for', () => new WeakSet<Store>())

/** True once the catalogue index over the current store is built and answering searches. */
export async function isCatalogReady(): Promise<boolean> {
  return builtFor.has(await getStore())
}

// Remembered so a `remix dev` rebuild reuses the index instead of building (and subscribing) again;
// one per store, since tests and scripts close the store and open another.
const indexFor = promisePerKey<Store, CatalogIndex>('catalog-index')

/**
 * The catalogue index over the current store, built once on first use. A failed build (store
 * unreachable) is not kept: the next call builds again.
 */
export async function getCatalog(): Promise<CatalogIndex> {
  return catalogFor(await getStore())
}

/** The catalogue index over `store`: built once, then kept fresh (see refreshFromOtherWrites). */
export async function catalogFor(store: Store): Promise<CatalogIndex> {
  const index = await indexFor(store, buildCatalogIndex)
  await refreshFromOtherWrites(store, index)
  return index
}

/** Search, filter, sort and page the catalogue (24 per page). */
export async function searchCatalog(query: CatalogQuery): Promise<CatalogResult> {
  return (await getCatalog()).search(query)
}

export type { CatalogQuery, CatalogResult } from './catalog-index.server'
