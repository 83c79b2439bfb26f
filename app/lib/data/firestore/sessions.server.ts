import { randomBytes } from 'node:crypto'

import { iso } from '../rules.server'
import {
  SESSION_MAX_AGE_MS,
  SESSION_TOUCH_MS,
  type SessionRecord,
  type SessionStore,
} from '../store'
import type { FirestoreContext } from './context.server'

type SessionDoc = Omit<SessionRecord, 'id'>

const before = (now: string, ms: number) => new Date(Date.parse(now) - ms).toISOString()

/** Sessions by their random id (base64url, a valid document id); listed by an equality query on userId. */
export function createSessionStore({ col, now, transaction }: FirestoreContext): SessionStore {
  const live = (doc: SessionDoc) => doc.createdAt > before(now(), SESSION_MAX_AGE_MS)

  async function sessionsOf(userId: string) {
    const snap = await col.sessions.where('userId', '==', userId).get()
    return snap.docs.map((doc) => ({ id: doc.id, ...(doc.data() as SessionDoc) }))
  }

  return {
    async create({ userId, userAgent, token }) {
      const at = now()
      const doc: SessionDoc = {
        userId,
        createdAt: at,
        lastSeenAt: at,
        userAgent,
        token,
        othersRevokedAt: null,
      }
      const id = randomBytes(32).toString('base64url')
      await col.sessions.doc(id).create(doc)
      return { id, ...doc }
    },
    async get(id) {
      const snap = await col.sessions.doc(id).get()
      if (!snap.exists) return null
      const doc = snap.data() as SessionDoc
      return live(doc) ? { id, ...doc } : null
    },
    async touch(id) {
      const ref = col.sessions.doc(id)
      await transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return
        const at = now()
        if ((snap.data() as SessionDoc).lastSeenAt > before(at, SESSION_TOUCH_MS)) return
        tx.update(ref, { lastSeenAt: at })
      })
    },
    async updateProvider(id, { token, othersRevokedAt }) {
      const ref = col.sessions.doc(id)
      await transaction(async (tx) => {
        // update() on a deleted session would throw; a session signed out meanwhile stays gone.
        if ((await tx.get(ref)).exists) {
          tx.update(ref, { token, othersRevokedAt: othersRevokedAt && iso(othersRevokedAt) })
        }
      })
    },
    async delete(id) {
      await col.sessions.doc(id).delete()
    },
    async listForUser(userId) {
      return (await sessionsOf(userId))
        .filter(live)
        .sort(
          (a, b) =>
            b.lastSeenAt.localeCompare(a.lastSeenAt) ||
            b.createdAt.localeCompare(a.createdAt) ||
            (a.id < b.id ? -1 : 1),
        )
    },
    async deleteAllForUserExcept(userId, keepId) {
      const ended = (await sessionsOf(userId)).filter((session) => session.id !== keepId)
      // A batch holds at most 500 writes; nobody has that many devices, but stay within it.
      for (let i = 0; i < ended.length; i += 500) {
        const batch = col.sessions.firestore.batch()
        for (const session of ended.slice(i, i + 500)) batch.delete(col.sessions.doc(session.id))
        await batch.commit()
      }
      return ended.length
    },
  }
}
