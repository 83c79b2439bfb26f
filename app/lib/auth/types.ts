import type { SessionRecord } from '~/lib/data/store'
import type { User } from '~/lib/data/types'

/**
 * What a sign-in proves, before it becomes a session: the user id and, for Firebase, its session
 * cookie. startSession turns it into a session record; the browser only ever holds the record's id.
 */
export type AuthSession = { userId: string; token: string | null }

/** The signed-in device, as the session list on /account shows it. */
export type Device = { userAgent: string }

export type SignUpInput = { email: string; password: string; firstName: string; lastName: string }

export type PasswordResetRequest = {
  /** Absolute base URL of the shop, used to build the reset link (local accounts). */
  appUrl: string
}

/**
 * The sign-in port. Two adapters implement it (local accounts in the data layer, Firebase Auth);
 * one contract suite (auth.contract.test.ts) checks both. Every sign-in becomes a session record
 * in the store, so both end sessions the same way: sign-out deletes one, "everywhere else" and a
 * password reset delete the others. Rate limits, cookies and forms live above it and never know
 * which adapter runs.
 */
export interface AuthAdapter {
  readonly kind: 'local' | 'firebase'
  /** Creates the account and its profile row. Throws EmailTakenError when the email is in use. */
  signUp(input: SignUpInput): Promise<{ user: User; session: AuthSession }>
  /** null for a wrong password and for an unknown email alike. */
  signIn(email: string, password: string): Promise<{ user: User; session: AuthSession } | null>
  /** Stores a session for a sign-in on this device; its id is what the browser's cookie carries. */
  startSession(session: AuthSession, device: Device): Promise<SessionRecord>
  /**
   * The user id the session stands for, or null when it was ended, has expired or is no longer
   * valid at the provider (Firebase: its session cookie is verified, locally with cached keys).
   * `checkRevoked` also asks the identity provider whether the user's sessions were revoked
   * elsewhere; it costs a network round trip, so only account changes and checkout ask for it.
   */
  verify(sessionId: string, options?: { checkRevoked?: boolean }): Promise<string | null>
  /** Ends this session only; a copy of its cookie stops working too. */
  signOut(sessionId: string): Promise<void>
  /**
   * Ends every other session of this session's user (Firebase also revokes the user's refresh
   * tokens) and keeps this one. Returns how many ended.
   */
  signOutOthers(sessionId: string): Promise<number>
  /**
   * Starts a password reset. Always resolves the same way whether or not the email is known (no
   * account enumeration). The link goes out by mail; `devLink` is the same link, returned only by
   * the local adapter outside production so that development and end-to-end tests can follow it.
   */
  requestPasswordReset(
    email: string,
    request: PasswordResetRequest,
  ): Promise<{ devLink: string | null }>
  /**
   * Sets a new password with a one-time reset token and ends every session of that user; false
   * when the token is unknown, used, voided by a newer one, or expired.
   */
  resetPassword(token: string, newPassword: string): Promise<boolean>
  /**
   * Deletes the account's sign-in at the identity provider (Firebase Auth's user), after the store
   * erased its records (POPIA deletion). Local accounts need none: their password is in the store.
   */
  deleteSignIn?(userId: string): Promise<void>
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
