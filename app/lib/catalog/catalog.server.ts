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
  builtFor.add(store)
  return built
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
  return indexFor(await getStore(), buildCatalogIndex)
}

/** Search, filter, sort and page the catalogue (24 per page). */
export async function searchCatalog(query: CatalogQuery): Promise<CatalogResult> {
  return (await getCatalog()).search(query)
}

export type { CatalogQuery, CatalogResult } from './catalog-index.server'
