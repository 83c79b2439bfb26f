/*
 * "Email me when it's back" (docs/contracts.md "Customers and privacy"): a request per email and
 * variant, kept while the variant is sold out. Asking is consent to this one mail only (the
 * request, with its time, is the record of it), never to marketing mail.
 */

/** One shopper's request to hear when a sold-out variant is back. */
export type StockAlert = {
  /** Random per request: a request made again after its mail went gets a mail of its own. */
  id: string
  /** Lower-cased. */
  email: string
  /** The signed-in customer who asked; null for a guest. */
  userId: string | null
  productId: string
  variantId: string
  /** When it was asked for: the consent to this one mail. */
  requestedAt: string
  /**
   * Null while the variant is sold out; when it came back in stock, the time its mail is due; while
   * a job holds it, until when (a lease, like the outbox's claims).
   */
  dueAt: string | null
}

export type StockAlertRequest = Pick<StockAlert, 'email' | 'userId' | 'productId' | 'variantId'>

/**
 * Stock alerts. "Now" is the store's clock. Each method is one atomic step, so two instances never
 * claim the same alert and one email asks once per variant.
 */
export interface StockAlertStore {
  /**
   * Records the request unless this email (any case) already waits for this variant; `created`
   * says which, `alert` is the one kept.
   */
  request(input: StockAlertRequest): Promise<{ alert: StockAlert; created: boolean }>
  /** The variants are in stock again: their waiting requests fall due now. Returns how many. */
  markInStock(variantIds: readonly string[]): Promise<number>
  /**
   * Claims up to `limit` due requests (due by now, or a claim that ran out): each becomes due again
   * at now + leaseMs. Two concurrent callers never receive the same request.
   */
  claimDue(leaseMs: number, limit: number): Promise<StockAlert[]>
  /** Forgets a request (its mail is in the outbox). */
  forget(id: string): Promise<void>
  /** The earliest dueAt of any request, so the job knows when to wake; null when none. */
  nextDueAt(): Promise<string | null>
  /** The email's requests, oldest first (the privacy export). */
  listForEmail(email: string): Promise<StockAlert[]>
  /** Deletes the email's requests (account deletion, unsubscribe); returns how many. */
  eraseForEmail(email: string): Promise<number>
}
