import type { Page, PageRequest } from './store'
import type { ContactMessage, OutboxStatus, Review } from './types'

/** What a customer asked under POPIA: a copy of their data (s23) or their account's deletion (s24). */
export type PrivacyRequestKind = 'export' | 'delete'

/**
 * One request, kept after the account is gone: it is the shop's proof that the request was
 * answered. It holds the user id (which then names nobody) and the email the account had.
 */
export type PrivacyRequest = {
  id: string
  userId: string
  email: string
  kind: PrivacyRequestKind
  at: string
}

/** A mail the shop wrote to a customer, as their data export lists it (no bodies). */
export type SentMail = {
  subject: string
  createdAt: string
  sentAt: string | null
  status: OutboxStatus
}

/** The name a deleted customer's reviews are shown under. */
export const ERASED_AUTHOR_NAME = 'A customer'

/**
 * POPIA requests (docs/contracts.md "Customers and privacy"): the record of each export and
 * deletion, the reads a data export needs that no other store answers, and the deletion itself.
 * Times are the store's clock.
 */
export interface PrivacyRequestStore {
  /** Records a request, stamped now. */
  record(request: Omit<PrivacyRequest, 'id' | 'at'>): Promise<PrivacyRequest>
  /** The user's requests, newest first (deletions included, after the account is gone). */
  listForUser(userId: string): Promise<PrivacyRequest[]>
  /** Back office: every request, newest first. */
  list(page: PageRequest): Promise<Page<PrivacyRequest>>
  /** The customer's reviews (hidden ones too), newest first. */
  reviewsBy(userId: string): Promise<Review[]>
  /** Contact messages sent from this email (any case), newest first. */
  messagesFrom(email: string): Promise<ContactMessage[]>
  /** Mails written to this email (any case), newest first: subjects and times only. */
  mailsTo(email: string): Promise<SentMail[]>
  /**
   * Deletes the account's personal records: the user and its email's claim, password and reset
   * links, sessions (every device signed out), address book, liked, cart; its reviews stay with
   * the author shown as ERASED_AUTHOR_NAME and no link to the account; its orders stay (tax
   * records) with userId null. Records the `delete` request with it. SQLite: one transaction.
   * Firestore: batches with the user's documents last, so a run cut short leaves the account in
   * place and running it again finishes the job. Null (and nothing recorded) when there is no
   * such user. Store credit and its history stay keyed by the bare id (accounting records).
   */
  eraseAccount(userId: string): Promise<PrivacyRequest | null>
}
