import type { Store } from './store'

export type StoreOptions = { backend: 'sqlite'; dataDir: string } | { backend: 'firestore'; projectId: string }

/**
 * Opens a store over the chosen adapter. Adapters load on demand so the SQLite build never pulls in
 * firebase-admin and a Firestore deployment never loads the native SQLite module.
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.backend === 'sqlite') {
    const { openSqliteStore } = await import('./sqlite/store.server')
    return openSqliteStore(options.dataDir)
  }
  const { openFirestoreStore } = await import('./firestore/store.server')
  return openFirestoreStore(options.projectId)
}

// Kept on globalThis: `remix dev` re-evaluates the server build on every change, and a module-level
// variable would open another database connection (and snapshot listeners) each time.
const holder = globalThis as typeof globalThis & { __storefrontStore?: Promise<Store> }

/** The process's store, opened on first use from DATA_BACKEND and kept for the life of the process. */
export function getStore(): Promise<Store> {
  if (holder.__storefrontStore) return holder.__storefrontStore
  const opening: Promise<Store> = (async () => {
    const { env } = await import('~/lib/env.server')
    const store =
      env.dataBackend === 'firestore'
        ? // env.server.ts already refuses DATA_BACKEND=firestore without a project id.
          await openStore({ backend: 'firestore', projectId: env.firebase.projectId! })
        : await openStore({ backend: 'sqlite', dataDir: env.dataDir })
    const close = store.close.bind(store)
    // Once closed (tests, scripts), the next getStore() opens a new one instead of handing out a dead store.
    store.close = async () => {
      if (holder.__storefrontStore === opening) holder.__storefrontStore = undefined
      await close()
    }
    return store
  })().catch((error: unknown) => {
    // A failed open (locked file, bad credentials) should not poison every later request.
    if (holder.__storefrontStore === opening) holder.__storefrontStore = undefined
    throw error
  })
  holder.__storefrontStore = opening
  return opening
}

export type { Store } from './store'
