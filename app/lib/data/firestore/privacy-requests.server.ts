import { randomUUID } from 'node:crypto'

import type { DocumentReference, WriteBatch } from 'firebase-admin/firestore'

import {
  ERASED_AUTHOR_NAME,
  type PrivacyRequest,
  type PrivacyRequestStore,
  type SentMail,
} from '../privacy-requests'
import { assertPage, emailKey, safeDocId } from '../rules.server'
import type { ContactMessage, OutboxMessage, Review, User } from '../types'
import type { FirestoreContext } from './context.server'

type RequestDoc = Omit<PrivacyRequest, 'id'>

/** Firestore takes at most 500 writes in one batch; stay well below. */
const BATCH_WRITES = 400

const newestFirst = <T extends { at?: string; createdAt?: string }>(a: T, b: T) =>
  (b.at ?? b.createdAt ?? '').localeCompare(a.at ?? a.createdAt ?? '')

/**
 * POPIA requests on Firestore: `privacyRequests` by a random id. Equality queries only (sorted
 * here), so no composite index is needed. The deletion spans many documents (a customer's
 * sessions and reviews have no bound), more than one transaction should hold, so it runs as
 * batches: everything else first, then the user, its email's claim and the request's record in one
 * last batch. A run cut short leaves the user in place, and running it again finishes the job.
 */
export function createPrivacyRequestStore({ col, db, now }: FirestoreContext): PrivacyRequestStore {
  const toRequest = (id: string, data: unknown): PrivacyRequest => ({
    id,
    ...(data as RequestDoc),
  })

  async function inBatches(writes: readonly ((batch: WriteBatch) => void)[]) {
    for (let i = 0; i < writes.length; i += BATCH_WRITES) {
      const batch = db.batch()
      for (const write of writes.slice(i, i + BATCH_WRITES)) write(batch)
      await batch.commit()
    }
  }

  return {
    async record(request) {
      const doc: RequestDoc = { ...request, at: now() }
      const id = randomUUID()
      await col.privacyRequests.doc(id).create(doc)
      return { id, ...doc }
    },
    async listForUser(userId) {
      const snap = await col.privacyRequests.where('userId', '==', userId).get()
      return snap.docs.map((doc) => toRequest(doc.id, doc.data())).sort(newestFirst)
    },
    async list({ offset, limit }) {
      assertPage({ offset, limit })
      const [snap, count] = await Promise.all([
        col.privacyRequests.orderBy('at', 'desc').offset(offset).limit(limit).get(),
        col.privacyRequests.count().get(),
      ])
      return {
        items: snap.docs.map((doc) => toRequest(doc.id, doc.data())),
        total: count.data().count,
      }
    },
    async reviewsBy(userId) {
      const snap = await col.reviews.where('userId', '==', userId).get()
      return snap.docs
        .map((doc) => {
          const review = doc.data() as Omit<Review, 'hidden'> & { hidden?: boolean }
          return { ...review, hidden: review.hidden ?? false }
        })
        .sort(newestFirst)
    },
    async messagesFrom(email) {
      const key = emailKey(email)
      const snaps = await Promise.all(
        [...new Set([key, email.trim()])].map((value) =>
          col.messages.where('email', '==', value).get(),
        ),
      )
      const byId = new Map<string, ContactMessage>()
      for (const doc of snaps.flatMap((snap) => snap.docs)) {
        const message = doc.data() as ContactMessage
        byId.set(doc.id, {
          ...message,
          handledAt: message.handledAt ?? null,
          handledBy: message.handledBy ?? null,
        })
      }
      return [...byId.values()].sort(newestFirst)
    },
    async mailsTo(email) {
      const key = emailKey(email)
      const snaps = await Promise.all(
        [...new Set([key, email.trim()])].map((value) => col.outbox.where('to', '==', value).get()),
      )
      const byId = new Map<string, SentMail>()
      for (const doc of snaps.flatMap((snap) => snap.docs)) {
        const mail = doc.data() as OutboxMessage
        byId.set(doc.id, {
          subject: mail.subject,
          createdAt: mail.createdAt,
          sentAt: mail.sentAt ?? null,
          status: mail.status,
        })
      }
      return [...byId.values()].sort(newestFirst)
    },
    async eraseAccount(userId) {
      const userRef = col.users.doc(userId)
      const userSnap = await userRef.get()
      if (!userSnap.exists) return null
      const user = userSnap.data() as User
      const [sessions, tokens, reviews, orders] = await Promise.all([
        col.sessions.where('userId', '==', userId).get(),
        col.resetTokens.where('userId', '==', userId).get(),
        col.reviews.where('userId', '==', userId).get(),
        col.orders.where('userId', '==', userId).get(),
      ])
      const remove = (ref: DocumentReference) => (batch: WriteBatch) => batch.delete(ref)
      await inBatches([
        ...sessions.docs.map((doc) => remove(doc.ref)),
        ...tokens.docs.map((doc) => remove(doc.ref)),
        ...[col.credentials, col.carts, col.liked, col.addressBooks].map((c) =>
          remove(c.doc(userId)),
        ),
        ...reviews.docs.map(
          (doc) => (batch: WriteBatch) =>
            batch.update(doc.ref, { authorName: ERASED_AUTHOR_NAME, userId: `erased:${doc.id}` }),
        ),
        ...orders.docs.map((doc) => (batch: WriteBatch) => batch.update(doc.ref, { userId: null })),
      ])
      const request: PrivacyRequest = {
        id: randomUUID(),
        userId,
        email: user.email,
        kind: 'delete',
        at: now(),
      }
      const { id, ...doc } = request
      const last = db.batch()
      last.delete(userRef)
      last.delete(col.userEmails.doc(safeDocId(emailKey(user.email))))
      last.create(col.privacyRequests.doc(id), doc satisfies RequestDoc)
      await last.commit()
      return request
    },
  }
}
