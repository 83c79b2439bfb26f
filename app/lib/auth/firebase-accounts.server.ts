import { adminAuth } from './firebase.server'

/** A customer profile the seed (or a move from local accounts) made before any Auth account. */
export type CustomerProfile = { id: string; email: string; firstName: string; lastName: string }

/**
 * Gives each profile a Firebase Auth account with the profile's id as its uid, so signing in
 * finds the profile directly and signing up with its email answers "email taken" (the customer
 * resets the password Firebase mails instead). The accounts have no password. An account that
 * already exists under that uid is left as it is; one that holds the email under another uid is
 * left too, and is linked to the profile on its first sign-in (firebase.server.ts).
 */
export async function ensureFirebaseAccounts(
  profiles: readonly CustomerProfile[],
  { projectId }: { projectId: string },
): Promise<{ created: number; existing: number; elsewhere: number }> {
  const admin = adminAuth(projectId)
  const counts = { created: 0, existing: 0, elsewhere: 0 }
  for (const profile of profiles) {
    try {
      await admin.createUser({
        uid: profile.id,
        email: profile.email,
        displayName: `${profile.firstName} ${profile.lastName}`.trim() || undefined,
      })
      counts.created += 1
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code
      if (code === 'auth/uid-already-exists') counts.existing += 1
      else if (code === 'auth/email-already-exists') counts.elsewhere += 1
      else throw error
    }
  }
  return counts
}
