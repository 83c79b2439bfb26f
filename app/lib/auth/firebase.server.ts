import { getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'

import { now, nowMs } from '~/lib/clock'
import {
  DuplicateEmailError,
  type SessionRecord,
  type SessionStore,
  type UserStore,
} from '~/lib/data/store'
import type { User } from '~/lib/data/types'

import { storedSessions } from './stored-sessions.server'
import { AuthProviderError, EmailTakenError, type AuthAdapter } from './types'

/** Firebase session cookies live at most two weeks; ours asks for the maximum. */
export const FIREBASE_SESSION_MS = 14 * 24 * 60 * 60 * 1000

export type FirebaseAuthOptions = {
  users: UserStore
  sessions: SessionStore
  apiKey: string
  projectId: string
  /** host:port of the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST); firebase-admin reads the same variable. */
  emulatorHost?: string
  fetch?: typeof fetch
}

type RestError = { error?: { message?: string } }
type TokenResponse = { idToken: string; localId: string; email?: string }
type ResetResponse = { email?: string }

/** The Identity Toolkit REST base: Google's host, or the emulator's path-prefixed copy of it. */
export function identityToolkitBase(emulatorHost: string | undefined) {
  return emulatorHost
    ? `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1'
}

/** firebase-admin's Auth for the project, one app per project (the adapter, the seed). */
export function adminAuth(projectId: string): Auth {
  const name = `karoo-auth-${projectId}`
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name)
  return getAuth(app)
}

/**
 * firebase-admin refuses a bad token (malformed, forged, expired, revoked, disabled user) with a
 * FirebaseAuthError whose code starts with "auth/": that is the caller's token at fault, an
 * AuthProviderError. Anything else (network, internal) is thrown as it is.
 */
async function rejectedAsProviderError<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error') {
      throw new AuthProviderError(`Firebase ${what} refused the ID token: ${code}`)
    }
    throw error
  }
}

/** Firebase Auth: passwords checked by the Identity Toolkit REST API, sessions as admin session cookies. */
export function createFirebaseAuth(options: FirebaseAuthOptions): AuthAdapter {
  const { users } = options
  const fetcher = options.fetch ?? fetch
  const base = identityToolkitBase(options.emulatorHost)
  const admin = adminAuth(options.projectId)

  async function call<T>(
    method: string,
    body: Record<string, unknown>,
  ): Promise<{ ok: true; data: T } | { ok: false; code: string }> {
    const response = await fetcher(
      `${base}/accounts:${method}?key=${encodeURIComponent(options.apiKey)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
    )
    const json = (await response.json().catch(() => ({}))) as T & RestError
    if (response.ok) return { ok: true, data: json }
    // Messages look like "EMAIL_EXISTS" or "WEAK_PASSWORD : Password should be at least 6 characters".
    const code = (json.error?.message ?? `HTTP_${response.status}`).split(' ')[0] ?? 'UNKNOWN'
    return { ok: false, code }
  }

  async function sessionFor(idToken: string): Promise<string> {
    return admin.createSessionCookie(idToken, { expiresIn: FIREBASE_SESSION_MS })
  }

  /** Signs in with a password over REST: the ID token and uid, or the provider's error code. */
  async function passwordSignIn(email: string, password: string) {
    return call<TokenResponse>('signInWithPassword', { email, password, returnSecureToken: true })
  }

  /**
   * The profile row of a Firebase account. Profiles are keyed by the Firebase uid, so the usual answer
   * is `users.get(uid)`, made on first sign-in for accounts created elsewhere. `null` means a profile
   * with this email already exists under another id (a seeded customer, a customer moved over from
   * local accounts, or a half-made account from before linking): the caller links the two.
   */
  async function ownProfile(
    uid: string,
    email: string,
    names?: { firstName: string; lastName: string },
  ): Promise<User | null> {
    const existing = await users.get(uid)
    if (existing) return existing
    try {
      return await users.create({
        id: uid,
        email: email.toLowerCase(),
        firstName: names?.firstName ?? '',
        lastName: names?.lastName ?? '',
        phone: null,
        address: null,
      })
    } catch (error) {
      if (error instanceof DuplicateEmailError) return null
      throw error
    }
  }

  /**
   * Links a profile made before its Auth account to that account, by giving the account the
   * profile's id: the profile, its orders, reviews, cart and sessions all stay keyed as they are.
   * Firebase cannot rename a uid, so the account is re-created under the profile's id (same email,
   * verification, name, claims and, for a password sign-in, the password just proven); linked
   * providers such as Google come along through importUsers.
   */
  async function moveAccountTo(profileId: string, uid: string, password?: string) {
    const account = await admin.getUser(uid)
    const email = account.email
    if (!email) throw new AuthProviderError(`Firebase account ${uid} has no email to link by`)
    const providers = account.providerData.filter((p) => p.providerId !== 'password')
    await admin.deleteUser(uid)
    if (password || providers.length === 0) {
      await admin.createUser({
        uid: profileId,
        email,
        emailVerified: account.emailVerified,
        ...(account.displayName ? { displayName: account.displayName } : {}),
        ...(password ? { password } : {}),
      })
      for (const p of providers) {
        await admin.updateUser(profileId, {
          providerToLink: { uid: p.uid, providerId: p.providerId, email: p.email ?? email },
        })
      }
    } else {
      const result = await admin.importUsers([
        {
          uid: profileId,
          email,
          emailVerified: account.emailVerified,
          ...(account.displayName ? { displayName: account.displayName } : {}),
          providerData: providers.map((p) => ({
            uid: p.uid,
            providerId: p.providerId,
            email: p.email ?? email,
            ...(p.displayName ? { displayName: p.displayName } : {}),
          })),
        },
      ])
      if (result.failureCount > 0) {
        throw new AuthProviderError(
          `Firebase could not link ${email}: ${result.errors[0]?.error.message ?? 'import failed'}`,
        )
      }
    }
    if (account.customClaims) await admin.setCustomUserClaims(profileId, account.customClaims)
  }

  /** An ID token for `uid` without its password: a custom token exchanged over REST (after a move). */
  async function idTokenFor(uid: string): Promise<string> {
    const token = await admin.createCustomToken(uid)
    const result = await call<TokenResponse>('signInWithCustomToken', {
      token,
      returnSecureToken: true,
    })
    if (!result.ok)
      throw new AuthProviderError(`Firebase signInWithCustomToken failed: ${result.code}`)
    return result.data.idToken
  }

  /**
   * The provider's half of a session: its Firebase session cookie verifies (signature and expiry,
   * with cached keys) for the session's user. With `checkRevoked`, Firebase is asked whether the
   * user was disabled or their tokens revoked since the sign-in (a password reset, the console,
   * another device's "sign out everywhere else").
   *
   * NOTE: not verifySessionCookie(cookie, true): Firebase revokes per user, not per device, so
   * "sign out everywhere else" would end this device too. A revocation this device made itself
   * (othersRevokedAt) does not end it; any later one does.
   */
  async function accepts(session: SessionRecord, { checkRevoked }: { checkRevoked: boolean }) {
    if (!session.token) return false
    try {
      const claims = await admin.verifySessionCookie(session.token, false)
      if (claims.uid !== session.userId) return false
      if (!checkRevoked) return true
      const account = await admin.getUser(claims.uid)
      if (account.disabled) return false
      const validSince = account.tokensValidAfterTime ? Date.parse(account.tokensValidAfterTime) : 0
      if (claims.auth_time * 1000 >= validSince) return true
      return session.othersRevokedAt !== null && Date.parse(session.othersRevokedAt) >= validSince
    } catch {
      return false
    }
  }

  async function revokeOthers(session: SessionRecord) {
    await admin.revokeRefreshTokens(session.userId)
    const account = await admin.getUser(session.userId)
    const validSince = account.tokensValidAfterTime ? new Date(account.tokensValidAfterTime) : now()
    return { token: session.token, othersRevokedAt: validSince.toISOString() }
  }

  const sessions = storedSessions(options.sessions, { accepts, revokeOthers })

  return {
    kind: 'firebase',
    startSession: sessions.startSession,
    verify: sessions.verify,
    // Firebase cannot end one device's session cookie; deleting its record ends it here.
    signOut: sessions.signOut,
    signOutOthers: sessions.signOutOthers,

    async signUp({ email, password, firstName, lastName }) {
      const displayName = `${firstName} ${lastName}`.trim()
      const profile = await users.getByEmail(email)
      if (profile) {
        // A profile without an Auth account yet (seeded, moved over from local accounts): the new
        // account takes the profile's id. An account that exists already keeps the email taken.
        try {
          await admin.createUser({ uid: profile.id, email, password, displayName })
        } catch (error) {
          const code = (error as { code?: unknown } | null)?.code
          if (code === 'auth/email-already-exists' || code === 'auth/uid-already-exists') {
            throw new EmailTakenError()
          }
          throw error
        }
        const signedIn = await passwordSignIn(email, password)
        if (!signedIn.ok) throw new AuthProviderError(`Firebase sign-in failed: ${signedIn.code}`)
        const token = await sessionFor(signedIn.data.idToken)
        return { user: profile, session: { userId: profile.id, token } }
      }
      const result = await call<TokenResponse>('signUp', {
        email,
        password,
        returnSecureToken: true,
      })
      if (!result.ok) {
        if (result.code === 'EMAIL_EXISTS') throw new EmailTakenError()
        throw new AuthProviderError(`Firebase signUp failed: ${result.code}`)
      }
      const { idToken, localId } = result.data
      await call('update', { idToken, displayName })
      let user: User | null
      try {
        user = await ownProfile(localId, email, { firstName, lastName })
      } catch (error) {
        // Never leave an Auth account without its profile behind.
        await admin.deleteUser(localId).catch(() => {})
        throw error
      }
      if (!user) {
        // A profile with this email appeared since the check above (a second sign-up racing this one).
        await admin.deleteUser(localId).catch(() => {})
        throw new EmailTakenError()
      }
      return { user, session: { userId: localId, token: await sessionFor(idToken) } }
    },

    async signIn(email, password) {
      const result = await passwordSignIn(email, password)
      if (!result.ok) {
        if (
          [
            'EMAIL_NOT_FOUND',
            'INVALID_PASSWORD',
            'INVALID_LOGIN_CREDENTIALS',
            'USER_DISABLED',
            'INVALID_EMAIL',
          ].includes(result.code)
        ) {
          return null
        }
        throw new AuthProviderError(`Firebase signInWithPassword failed: ${result.code}`)
      }
      const { idToken, localId } = result.data
      const accountEmail = result.data.email ?? email
      const user = await ownProfile(localId, accountEmail)
      if (user) return { user, session: { userId: localId, token: await sessionFor(idToken) } }
      // The password is proven: move this account onto the existing profile's id and sign in again.
      const profile = await users.getByEmail(accountEmail)
      if (!profile) throw new Error(`The profile for ${accountEmail} vanished while linking`)
      await moveAccountTo(profile.id, localId, password)
      const again = await passwordSignIn(email, password)
      if (!again.ok) throw new AuthProviderError(`Firebase sign-in failed: ${again.code}`)
      const token = await sessionFor(again.data.idToken)
      return { user: profile, session: { userId: profile.id, token } }
    },

    async requestPasswordReset(email) {
      // Firebase mails its own link. Unknown emails answer the same (EMAIL_NOT_FOUND is swallowed),
      // and so does Firebase's own limit on reset mails (the shop's limits come first anyway).
      const result = await call('sendOobCode', { requestType: 'PASSWORD_RESET', email })
      const quiet = [
        'EMAIL_NOT_FOUND',
        'INVALID_EMAIL',
        'RESET_PASSWORD_EXCEED_LIMIT',
        'TOO_MANY_ATTEMPTS_TRY_LATER',
      ]
      if (!result.ok && !quiet.includes(result.code)) {
        throw new AuthProviderError(`Firebase sendOobCode failed: ${result.code}`)
      }
      return { devLink: null }
    },

    async resetPassword(oobCode, newPassword) {
      const result = await call<ResetResponse>('resetPassword', { oobCode, newPassword })
      if (result.ok) {
        // Firebase revokes the user's tokens on a password change; our sessions end with them.
        const email = result.data.email
        const account = email ? await admin.getUserByEmail(email).catch(() => null) : null
        if (account) await sessions.endAll(account.uid)
        return true
      }
      if (
        ['INVALID_OOB_CODE', 'EXPIRED_OOB_CODE', 'USER_DISABLED', 'USER_NOT_FOUND'].includes(
          result.code,
        )
      )
        return false
      throw new AuthProviderError(`Firebase resetPassword failed: ${result.code}`)
    },

    async deleteSignIn(userId) {
      // Already gone (a repeated deletion) is done.
      await admin.deleteUser(userId).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error
      })
    },

    async signInWithIdToken(idToken) {
      const claims = await rejectedAsProviderError('verifyIdToken', () =>
        admin.verifyIdToken(idToken),
      )
      // Firebase's advice: mint a session cookie only for a sign-in made in the last five minutes.
      if (nowMs() / 1000 - claims.auth_time > 5 * 60) {
        throw new AuthProviderError('The Google sign-in is too old; please sign in again')
      }
      const token = await rejectedAsProviderError('createSessionCookie', () => sessionFor(idToken))
      const [firstName = '', ...rest] = String(claims.name ?? '').split(' ')
      const user = await ownProfile(claims.uid, claims.email ?? '', {
        firstName,
        lastName: rest.join(' '),
      })
      if (user) return { user, session: { userId: claims.uid, token } }
      // Only an email the provider verified may take over a profile made before this account.
      if (!claims.email_verified) {
        throw new AuthProviderError(
          'This Google account’s email is not verified; it cannot join an existing profile',
        )
      }
      const profile = await users.getByEmail(claims.email ?? '')
      if (!profile) throw new Error(`The profile for ${claims.email} vanished while linking`)
      await moveAccountTo(profile.id, claims.uid)
      const moved = await sessionFor(await idTokenFor(profile.id))
      return { user: profile, session: { userId: profile.id, token: moved } }
    },
  }
}
