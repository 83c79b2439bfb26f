import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app'
import { getFirestore, type Firestore } from 'firebase-admin/firestore'

/**
 * One firebase-admin app per project id, named after it, so tests can open several projects in one
 * process and the server's store never collides with another library's default app.
 * firebase-admin itself reads FIRESTORE_EMULATOR_HOST (and, without it, Application Default
 * Credentials such as GOOGLE_APPLICATION_CREDENTIALS).
 */
export function firestoreFor(projectId: string): { app: App; db: Firestore } {
  const name = `storefront-data-${projectId}`
  const existing = getApps().find((a) => a.name === name)
  const app = existing ?? initializeApp({ projectId }, name)
  const db = getFirestore(app)
  if (!existing && process.env.FIRESTORE_EMULATOR_HOST) {
    // Without a universe domain the Google auth library probes the GCE metadata server
    // (169.254.169.254) before the first call, even though the emulator needs no credentials:
    // a pointless network call that stalls each start by seconds off Google Cloud.
    db.settings({ universeDomain: 'googleapis.com' })
  }
  return { app, db }
}

export async function closeFirestore(app: App): Promise<void> {
  if (getApps().includes(app)) await deleteApp(app)
}
