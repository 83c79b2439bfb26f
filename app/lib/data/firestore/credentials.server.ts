import { mailEnqueued } from '../outbox.server'
import { iso, safeDocId } from '../rules.server'
import type { CredentialStore } from '../store'
import type { FirestoreContext } from './context.server'
import { stageOutbox } from './outbox.server'

type ResetTokenDoc = { userId: string; expiresAt: string; usedAt: string | null }

/*
 * One link valid at a time: a new token and a successful reset both delete the user's other
 * tokens (found by an equality query on userId) in the same transaction; only the one just used
 * stays, marked used.
 */
export function createCredentialStore({
  col,
  transaction,
  now,
}: FirestoreContext): CredentialStore {
  const tokensOf = (userId: string) => col.resetTokens.where('userId', '==', userId)

  return {
    async getPasswordHash(userId) {
      const snap = await col.credentials.doc(userId).get()
      return snap.exists ? (snap.data() as { passwordHash: string }).passwordHash : null
    },
    async setPasswordHash(userId, hash) {
      await col.credentials.doc(userId).set({ passwordHash: hash })
    },
    async createResetToken(token, mail) {
      const doc: ResetTokenDoc = {
        userId: token.userId,
        expiresAt: iso(token.expiresAt),
        usedAt: null,
      }
      const ref = col.resetTokens.doc(safeDocId(token.tokenHash))
      const added = await transaction(async (tx) => {
        const older = await tx.get(tokensOf(token.userId))
        const writeMail = await stageOutbox(tx, col.outbox, mail ? [mail] : [], now())
        for (const old of older.docs) tx.delete(old.ref)
        tx.create(ref, doc)
        return writeMail()
      })
      if (added) mailEnqueued()
    },
    async consumeResetToken(tokenHash) {
      const at = now()
      const ref = col.resetTokens.doc(safeDocId(tokenHash))
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const token = snap.data() as ResetTokenDoc
        if (token.usedAt !== null || token.expiresAt <= at) return null
        const others = await tx.get(tokensOf(token.userId))
        for (const other of others.docs) if (other.id !== ref.id) tx.delete(other.ref)
        tx.update(ref, { usedAt: at })
        return token.userId
      })
    },
  }
}
