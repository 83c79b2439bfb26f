import { type Clock, systemClock } from '~/lib/clock'
import { SESSION_TOUCH_MS, type SessionRecord, type SessionStore } from '~/lib/data/store'

import type { AuthAdapter } from './types'

/** A user agent is whatever the browser sends; the session list needs no more than this. */
const USER_AGENT_MAX = 512

/** What an identity provider adds to the stored sessions. */
export type SessionProvider = {
  /** Whether the provider still accepts this session (local: the account still exists). */
  accepts(session: SessionRecord, options: { checkRevoked: boolean }): Promise<boolean>
  /**
   * Ends the user's other sessions at the provider too; answers this device's provider state
   * afterwards, which the store keeps with its session.
   */
  revokeOthers?(session: SessionRecord): Promise<Pick<SessionRecord, 'token' | 'othersRevokedAt'>>
}

/**
 * The session half of an AuthAdapter, the same for every provider: each sign-in is a record in the
 * store, so ending a session is deleting its record, and a copied cookie (which holds only the
 * record's id) ends with it.
 */
export function storedSessions(
  sessions: SessionStore,
  provider: SessionProvider,
  now: Clock = systemClock,
): Pick<AuthAdapter, 'startSession' | 'verify' | 'signOut' | 'signOutOthers'> & {
  /** Ends every session of the user (a password reset). */
  endAll(userId: string): Promise<number>
} {
  return {
    startSession(session, device) {
      return sessions.create({
        userId: session.userId,
        token: session.token,
        userAgent: device.userAgent.slice(0, USER_AGENT_MAX),
      })
    },

    async verify(sessionId, { checkRevoked = false } = {}) {
      const session = await sessions.get(sessionId)
      if (!session || !(await provider.accepts(session, { checkRevoked }))) return null
      // The store re-checks the age itself; asking only when stale spares a write per request.
      if (now().getTime() - Date.parse(session.lastSeenAt) >= SESSION_TOUCH_MS) {
        await sessions.touch(session.id)
      }
      return session.userId
    },

    async signOut(sessionId) {
      await sessions.delete(sessionId)
    },

    async signOutOthers(sessionId) {
      const session = await sessions.get(sessionId)
      if (!session) return 0
      if (provider.revokeOthers) {
        await sessions.updateProvider(session.id, await provider.revokeOthers(session))
      }
      return sessions.deleteAllForUserExcept(session.userId, session.id)
    },

    endAll(userId) {
      return sessions.deleteAllForUserExcept(userId, null)
    },
  }
}
