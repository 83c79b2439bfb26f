import { getStore } from '~/lib/data/index.server'
import { env } from '~/lib/env.server'

import type { AuthAdapter } from './types'

let adapter: Promise<AuthAdapter> | undefined

/** The sign-in adapter, chosen once from AUTH_BACKEND. Routes never import an adapter directly. */
export function getAuth(): Promise<AuthAdapter> {
  adapter ??= (async () => {
    const store = await getStore()
    if (env.authBackend === 'firebase') {
      // Loaded on demand: the local default never pulls in firebase-admin.
      const { createFirebaseAuth } = await import('./firebase.server')
      // env.server.ts already insists on both when AUTH_BACKEND=firebase.
      return createFirebaseAuth({
        users: store.users,
        apiKey: env.firebase.apiKey ?? '',
        projectId: env.firebase.projectId ?? '',
        emulatorHost: env.firebase.authEmulatorHost,
      })
    }
    const { createLocalAuth } = await import('./local.server')
    return createLocalAuth({
      users: store.users,
      credentials: store.credentials,
      exposeResetLinks: !env.isProduction,
    })
  })()
  return adapter
}

export type { AuthAdapter, AuthSession } from './types'
export { EmailTakenError, AuthProviderError } from './types'
