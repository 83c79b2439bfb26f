import { iso, safeDocId } from '../rules.server'
import type { CredentialStore } from '../store'
import type { FirestoreContext } from './context.server'

type ResetTokenDoc = { userId: string; expiresAt: string; usedAt: string | null }

export function createCredentialStore({ col, transaction }: FirestoreContext): CredentialStore {
  return {
    async getPasswordHash(userId) {
      const snap = await col.credentials.doc(userId).get()
      return snap.exists ? (snap.data() as { passwordHash: string }).passwordHash : null
    },
    async setPasswordHash(userId, hash) {
      await col.credentials.doc(userId).set({ passwordHash: hash })
    },
    async createResetToken(token) {
      const doc: ResetTokenDoc = {
        userId: token.userId,
        expiresAt: iso(token.expiresAt),
        usedAt: null,
      }
      await col.resetTokens.doc(safeDocId(token.tokenHash)).create(doc)
    },
    async consumeResetToken(tokenHash, now) {
      const at = iso(now)
      const ref = col.resetTokens.doc(safeDocId(tokenHash))
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const token = snap.data() as ResetTokenDoc
        if (token.usedAt !== null || token.expiresAt <= at) return null
        tx.update(ref, { usedAt: at })
        return token.userId
      })
    },
  }
}
