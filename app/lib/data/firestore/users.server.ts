import { assertPage, emailKey, pickUser, safeDocId } from '../rules.server'
import { DuplicateEmailError, type UserStore } from '../store'
import type { User } from '../types'
import { userSearchTerms, userSearchText } from '../user-search'
import type { FirestoreContext } from './context.server'

/**
 * A user document as stored; those written before the staff role existed lack it (customers), and
 * those written before the customer search lack `searchTerms` (the back office finds them only in
 * the unfiltered list until their profile is next saved).
 */
const toUser = (data: unknown): User => {
  const { searchTerms: _terms, ...user } = data as Omit<User, 'staff'> & {
    staff?: boolean
    searchTerms?: string[]
  }
  return { ...user, staff: user.staff ?? false }
}

/** Longer than any email or name the forms accept: nothing to find (and Firestore caps values). */
const SEARCH_TEXT_MAX = 300

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
        tx.create(col.users.doc(user.id), { ...user, searchTerms: userSearchTerms(user) })
        return user
      })
    },
    async updateProfile(id, profile) {
      const ref = col.users.doc(id)
      const snap = await ref.get()
      if (!snap.exists) throw new Error(`Unknown user ${id}`)
      const { email } = toUser(snap.data())
      await ref.update({
        firstName: profile.firstName,
        lastName: profile.lastName,
        phone: profile.phone,
        searchTerms: userSearchTerms({ ...profile, email }),
        updatedAt: context.now(),
      })
      return requireUser(id)
    },
    async updateAddress(id, address) {
      await col.users.doc(id).update({ address, updatedAt: context.now() })
      return requireUser(id)
    },
    async search({ q, offset, limit }) {
      assertPage({ offset, limit })
      const text = userSearchText(q)
      if (text.length > SEARCH_TEXT_MAX) return { items: [], total: 0 }
      // One array-contains on the stored starts of the email and name words (composite index
      // searchTerms + createdAt desc); a text longer than USER_SEARCH_PREFIX_MAX is stored only as a
      // whole email or name.
      const matching = text ? col.users.where('searchTerms', 'array-contains', text) : col.users
      const [snap, count] = await Promise.all([
        matching.orderBy('createdAt', 'desc').offset(offset).limit(limit).get(),
        matching.count().get(),
      ])
      return { items: snap.docs.map((doc) => toUser(doc.data())), total: count.data().count }
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
