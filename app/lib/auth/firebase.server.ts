import { getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'

import type { SessionRecord, SessionStore, UserStore } from '~/lib/data/store'
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

function adminAuth(projectId: string): Auth {
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

  /** The profile row keyed by the Firebase uid; made on first sign-in for accounts created elsewhere. */
  async function ensureProfile(
    uid: string,
    email: string,
    names?: { firstName: string; lastName: string },
  ): Promise<User> {
    const existing = await users.get(uid)
    if (existing) return existing
    return users.create({
      id: uid,
      email: email.toLowerCase(),
      firstName: names?.firstName ?? '',
      lastName: names?.lastName ?? '',
      phone: null,
      address: null,
    })
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
    const validSince = account.tokensValidAfterTime
      ? new Date(account.tokensValidAfterTime)
      : new Date()
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
      await call('update', { idToken, displayName: `${firstName} ${lastName}`.trim() })
      const user = await ensureProfile(localId, email, { firstName, lastName })
      return { user, session: { userId: localId, token: await sessionFor(idToken) } }
    },

    async signIn(email, password) {
      const result = await call<TokenResponse>('signInWithPassword', {
        email,
        password,
        returnSecureToken: true,
      })
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
      const user = await ensureProfile(localId, result.data.email ?? email)
      return { user, session: { userId: localId, token: await sessionFor(idToken) } }
    },

    async requestPasswordReset(email) {
      // Firebase mails its own link. Unknown emails answer the same (EMAIL_NOT_FOUND is swallowed).
      const result = await call('sendOobCode', { requestType: 'PASSWORD_RESET', email })
      if (!result.ok && !['EMAIL_NOT_FOUND', 'INVALID_EMAIL'].includes(result.code)) {
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

    async signInWithIdToken(idToken) {
      const claims = await rejectedAsProviderError('verifyIdToken', () =>
        admin.verifyIdToken(idToken),
      )
      // Firebase's advice: mint a session cookie only for a sign-in made in the last five minutes.
      if (Date.now() / 1000 - claims.auth_time > 5 * 60) {
        throw new AuthProviderError('The Google sign-in is too old; please sign in again')
      }
      const token = await rejectedAsProviderError('createSessionCookie', () => sessionFor(idToken))
      const [firstName = '', ...rest] = String(claims.name ?? '').split(' ')
      const user = await ensureProfile(claims.uid, claims.email ?? '', {
        firstName,
        lastName: rest.join(' '),
      })
      return { user, session: { userId: claims.uid, token } }
    },
  }
}
