import { createHash, randomBytes, randomUUID } from 'node:crypto'

import {
  DuplicateEmailError,
  type CredentialStore,
  type SessionStore,
  type UserStore,
} from '~/lib/data/store'
import { systemClock } from '~/lib/clock'
import { mailContext, passwordResetMail } from '~/lib/mail/messages.server'

import { decoyHash, hashPassword, verifyPassword } from './password.server'
import { storedSessions } from './stored-sessions.server'
import { EmailTakenError, type AuthAdapter } from './types'

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000

export type LocalAuthOptions = {
  users: UserStore
  credentials: CredentialStore
  sessions: SessionStore
  /** Outside production the reset link is also handed back to the page (never in production). */
  exposeResetLinks: boolean
  now?: () => Date
}

export function hashResetToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

/** Local accounts: users and scrypt hashes in the shop's own data layer. */
export function createLocalAuth(options: LocalAuthOptions): AuthAdapter {
  const { users, credentials } = options
  const now = options.now ?? systemClock
  const sessions = storedSessions(
    options.sessions,
    // A session outlives nothing it stands for: a deleted account ends it.
    { accepts: async (session) => (await users.get(session.userId)) !== null },
    now,
  )

  return {
    kind: 'local',
    startSession: sessions.startSession,
    verify: sessions.verify,
    signOut: sessions.signOut,
    signOutOthers: sessions.signOutOthers,

    async signUp({ email, password, firstName, lastName }) {
      const hash = await hashPassword(password)
      let user
      try {
        user = await users.create({
          id: randomUUID(),
          email: email.trim().toLowerCase(),
          firstName,
          lastName,
          phone: null,
          address: null,
        })
      } catch (error) {
        if (error instanceof DuplicateEmailError) throw new EmailTakenError()
        throw error
      }
      await credentials.setPasswordHash(user.id, hash)
      return { user, session: { userId: user.id, token: null } }
    },

    async signIn(email, password) {
      const user = await users.getByEmail(email.trim().toLowerCase())
      const stored = user ? await credentials.getPasswordHash(user.id) : null
      // Unknown emails still pay for one scrypt so both failures take the same time.
      const ok = await verifyPassword(password, stored ?? (await decoyHash()))
      if (!user || !stored || !ok) return null
      return { user, session: { userId: user.id, token: null } }
    },

    async requestPasswordReset(email, { appUrl }) {
      const user = await users.getByEmail(email.trim().toLowerCase())
      if (!user) return { devLink: null }
      const token = randomBytes(32).toString('base64url')
      const tokenHash = hashResetToken(token)
      const link = `${appUrl.replace(/\/+$/, '')}/auth?intent=reset&token=${encodeURIComponent(token)}`
      // Voids the user's older links (one is valid at a time) and puts the mail in the outbox in
      // the same step. NOTE: the link is a password: it goes into that mail only, never into a log.
      await credentials.createResetToken(
        {
          tokenHash,
          userId: user.id,
          expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MS).toISOString(),
        },
        passwordResetMail({ to: user.email, link, tokenHash }, await mailContext(appUrl)),
      )
      return { devLink: options.exposeResetLinks ? link : null }
    },

    async resetPassword(token, newPassword) {
      const userId = await credentials.consumeResetToken(hashResetToken(token))
      if (!userId) return false
      await credentials.setPasswordHash(userId, await hashPassword(newPassword))
      // Whoever had the old password may be signed in somewhere: every device signs in again.
      await sessions.endAll(userId)
      return true
    },
  }
}
