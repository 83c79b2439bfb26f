import { createHash, randomBytes, randomUUID } from 'node:crypto'

import { DuplicateEmailError, type CredentialStore, type UserStore } from '~/lib/data/store'

import { decoyHash, hashPassword, verifyPassword } from './password.server'
import { EmailTakenError, type AuthAdapter } from './types'

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000

export type LocalAuthOptions = {
  users: UserStore
  credentials: CredentialStore
  /** Outside production the reset link is logged and handed back to the page (never in production). */
  exposeResetLinks: boolean
  now?: () => Date
  log?: (message: string) => void
}

export function hashResetToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

/** Local accounts: users and scrypt hashes in the shop's own data layer. */
export function createLocalAuth(options: LocalAuthOptions): AuthAdapter {
  const { users, credentials } = options
  const now = options.now ?? (() => new Date())
  const log = options.log ?? ((message: string) => console.info(message))

  return {
    kind: 'local',

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

    async verify(session) {
      const user = await users.get(session.userId)
      return user ? user.id : null
    },

    async signOut() {},

    async requestPasswordReset(email, { appUrl }) {
      const user = await users.getByEmail(email.trim().toLowerCase())
      if (!user) return { devLink: null }
      const token = randomBytes(32).toString('base64url')
      await credentials.createResetToken({
        tokenHash: hashResetToken(token),
        userId: user.id,
        expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MS).toISOString(),
      })
      const link = `${appUrl.replace(/\/+$/, '')}/auth?intent=reset&token=${encodeURIComponent(token)}`
      if (!options.exposeResetLinks) {
        // Production has no mail transport of its own: the link goes to the server log only.
        log(`Password reset requested for ${user.email}; link (valid 30 minutes): ${link}`)
        return { devLink: null }
      }
      log(`[development] Password reset link for ${user.email} (valid 30 minutes): ${link}`)
      return { devLink: link }
    },

    async resetPassword(token, newPassword) {
      const userId = await credentials.consumeResetToken(hashResetToken(token), now().toISOString())
      if (!userId) return false
      await credentials.setPasswordHash(userId, await hashPassword(newPassword))
      return true
    },
  }
}
