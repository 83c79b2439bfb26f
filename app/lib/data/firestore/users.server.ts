import { emailKey, pickUser, safeDocId } from '../rules.server'
import { DuplicateEmailError, type UserStore } from '../store'
import type { User } from '../types'
import type { FirestoreContext } from './context.server'

/** A user document as stored; those written before the staff role existed lack it (customers). */
const toUser = (data: unknown): User => {
  const user = data as Omit<User, 'staff'> & { staff?: boolean }
  return { ...user, staff: user.staff ?? false }
}

export function createUserStore(context: FirestoreContext): UserStore {
  const { col, transaction } = context

  const get = async (id: string): Promise<User | null> => {
    const snap = await col.users.doc(id).get()
    return snap.exists ? toUser(snap.data()) : null
  }
  const requireUser = async (id: string): Promise<User> => {
    const user = await get(id)
    if (!user) throw new Error(`Unknown user ${id}`)
    return user
  }

  return {
    get,
    async getByEmail(email) {
      const claim = await col.userEmails.doc(safeDocId(emailKey(email))).get()
      if (!claim.exists) return null
      return get((claim.data() as { userId: string }).userId)
    },
    async create(input) {
      const claimRef = col.userEmails.doc(safeDocId(emailKey(input.email)))
      return transaction(async (tx) => {
        const claim = await tx.get(claimRef)
        if (claim.exists)
          throw new DuplicateEmailError(`An account with ${input.email} already exists`)
        const user = pickUser(input, context.now())
        tx.create(claimRef, { userId: user.id, email: emailKey(user.email) })
        tx.create(col.users.doc(user.id), user)
        return user
      })
    },
    async updateProfile(id, profile) {
      await col.users.doc(id).update({
        firstName: profile.firstName,
        lastName: profile.lastName,
        phone: profile.phone,
        updatedAt: context.now(),
      })
      return requireUser(id)
    },
    async updateAddress(id, address) {
      await col.users.doc(id).update({ address, updatedAt: context.now() })
      return requireUser(id)
    },
    async setStaff(id, staff) {
      const ref = col.users.doc(id)
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const user = toUser(snap.data())
        // Only a real change touches updatedAt: granting the role twice changes nothing.
        if (user.staff === staff) return user
        const next: User = { ...user, staff, updatedAt: context.now() }
        tx.update(ref, { staff, updatedAt: next.updatedAt })
        return next
      })
    },
  }
}
