import type { User } from '~/lib/data/types'

/** What the session keeps after a sign-in: the user id and, for Firebase, its session cookie. */
export type AuthSession = { userId: string; token: string | null }

export type SignUpInput = { email: string; password: string; firstName: string; lastName: string }

export type PasswordResetRequest = {
  /** Absolute base URL of the shop, used to build the reset link (local accounts). */
  appUrl: string
}

/**
 * The sign-in port. Two adapters implement it (local accounts in the data layer, Firebase Auth);
 * one contract suite (auth.contract.test.ts) checks both. Rate limits, sessions and forms live
 * above it and never know which adapter runs.
 */
export interface AuthAdapter {
  readonly kind: 'local' | 'firebase'
  /** Creates the account and its profile row. Throws EmailTakenError when the email is in use. */
  signUp(input: SignUpInput): Promise<{ user: User; session: AuthSession }>
  /** null for a wrong password and for an unknown email alike. */
  signIn(email: string, password: string): Promise<{ user: User; session: AuthSession } | null>
  /**
   * The user id the stored session stands for, or null when it is no longer valid.
   * `checkRevoked` asks the identity provider (Firebase) whether the session was revoked; it costs
   * a network round trip, so only account changes and checkout ask for it.
   */
  verify(session: AuthSession, options?: { checkRevoked?: boolean }): Promise<string | null>
  /** Ends the session at the provider (Firebase revokes its refresh tokens); local has nothing to do. */
  signOut(session: AuthSession): Promise<void>
  /**
   * Starts a password reset. Always resolves the same way whether or not the email is known (no
   * account enumeration). `devLink` is the reset link, returned only by the local adapter outside
   * production so that development and end-to-end tests can follow it.
   */
  requestPasswordReset(email: string, request: PasswordResetRequest): Promise<{ devLink: string | null }>
  /** Sets a new password with a one-time reset token; false when the token is unknown, used or expired. */
  resetPassword(token: string, newPassword: string): Promise<boolean>
  /** Google (and other federated) sign-in: exchanges a client ID token for a session. Firebase only. */
  signInWithIdToken?(idToken: string): Promise<{ user: User; session: AuthSession }>
}

export class EmailTakenError extends Error {
  name = 'EmailTakenError'
  constructor() {
    super('An account with this email already exists')
  }
}

export class AuthProviderError extends Error {
  name = 'AuthProviderError'
}
