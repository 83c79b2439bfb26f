import { getStore, type Store } from '~/lib/data/index.server'
import { env } from '~/lib/env.server'
import { promisePerKey } from '~/lib/remember.server'

import type { AuthAdapter } from './types'

// One adapter per store (tests and scripts close the store and open another), remembered across
// `remix dev` rebuilds; a failed start (firebase-admin not loading) is tried again on the next call.
const adapterFor = promisePerKey<Store, AuthAdapter>('auth-adapter')

/**
 * The sign-in adapter over `store` (default: the process's), chosen once from AUTH_BACKEND. Routes
 * never import an adapter directly.
 */
export async function getAuth(store?: Store): Promise<AuthAdapter> {
  return adapterFor(store ?? (await getStore()), async (store) => {
    if (env.authBackend === 'firebase') {
      // Loaded on demand: the local default never pulls in firebase-admin.
      const { createFirebaseAuth } = await import('./firebase.server')
      // env.server.ts already insists on both when AUTH_BACKEND=firebase.
      return createFirebaseAuth({
        users: store.users,
        sessions: store.sessions,
        apiKey: env.firebase.apiKey ?? '',
        projectId: env.firebase.projectId ?? '',
        emulatorHost: env.firebase.authEmulatorHost,
      })
    }
    const { createLocalAuth } = await import('./local.server')
    return createLocalAuth({
      users: store.users,
      credentials: store.credentials,
      sessions: store.sessions,
      exposeResetLinks: !env.isProduction,
    })
  })
}

export type { AuthAdapter, AuthSession } from './types'
export { EmailTakenError, AuthProviderError } from './types'
