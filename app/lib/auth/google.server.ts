import type { GoogleSignInConfig } from './google'

type EnvPart = {
  authBackend: 'local' | 'firebase'
  firebase: { projectId?: string; apiKey?: string; authEmulatorHost?: string }
}

/** The public client config for Google sign-in, or null when sign-in is not Firebase (the button is then not shown). */
export function googleSignInConfig(env: EnvPart): GoogleSignInConfig | null {
  const { projectId, apiKey, authEmulatorHost } = env.firebase
  if (env.authBackend !== 'firebase' || !projectId || !apiKey) return null
  return {
    apiKey,
    authDomain: `${projectId}.firebaseapp.com`,
    projectId,
    ...(authEmulatorHost ? { emulatorHost: authEmulatorHost } : {}),
  }
}
