import { rememberPromise } from '~/lib/remember.server'

import type { Store } from './store'

export type StoreOptions = (
  { backend: 'sqlite'; dataDir: string } | { backend: 'firestore'; projectId: string }
) & {
  /** The clock writes stamp their time with (default: the real one); tests pass their own. */
  now?: () => Date
}

/**
 * Opens a store over the chosen adapter. Adapters load on demand so the SQLite build never pulls in
 * firebase-admin and a Firestore deployment never loads the native SQLite module.
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.backend === 'sqlite') {
    const { openSqliteStore } = await import('./sqlite/store.server')
    return openSqliteStore(options.dataDir, { now: options.now })
  }
  const { openFirestoreStore } = await import('./firestore/store.server')
  return openFirestoreStore(options.projectId, { now: options.now })
}

/**
 * The process's store, opened on first use from DATA_BACKEND and kept for the life of the process
 * (through `remix dev` rebuilds too). A failed open is not kept: the next call tries again.
 */
export function getStore(): Promise<Store> {
  return rememberPromise('store', async (forgetThis) => {
    const { env } = await import('~/lib/env.server')
    const store =
      env.dataBackend === 'firestore'
        ? // env.server.ts already refuses DATA_BACKEND=firestore without a project id.
          await openStore({ backend: 'firestore', projectId: env.firebase.projectId! })
        : await openStore({ backend: 'sqlite', dataDir: env.dataDir })
    const close = store.close.bind(store)
    // Once closed (tests, scripts), the next getStore() opens a new one instead of handing out a dead store.
    store.close = async () => {
      forgetThis()
      await close()
    }
    return store
  })
}

export type { Store } from './store'
