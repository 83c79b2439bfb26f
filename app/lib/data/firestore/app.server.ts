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
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name)
  return { app, db: getFirestore(app) }
}

export async function closeFirestore(app: App): Promise<void> {
  if (getApps().includes(app)) await deleteApp(app)
}
