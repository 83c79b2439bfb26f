import type {
  Address,
  CartLine,
  ContactMessage,
  Order,
  OrderDraft,
  OrderStatus,
  Product,
  Review,
  User,
} from './types'
import type { ProductInput } from './variants'

/**
 * The ports of the data layer. Each store is one concern; two adapters implement them all
 * (SQLite for the embedded default, Firestore for production), and one contract suite checks both.
 * Routes never see an adapter, nor the store: they call feature modules in app/lib (orders, liked,
 * payfast, catalog), which ask `getStore()` (./index.server.ts). Each adapter builds every store
 * from one file per store (sqlite/orders.server.ts, firestore/orders.server.ts, ...).
 */

export type ProductChange = { type: 'upsert'; product: Product } | { type: 'delete'; id: string }

export interface ProductStore {
  get(id: string): Promise<Product | null>
  getMany(ids: readonly string[]): Promise<Product[]>
  /** Every product; the in-memory catalogue index is built from this. */
  all(): Promise<Product[]>
  count(): Promise<number>
  /**
   * Inserts or replaces products (seed, admin imports), each with its variants; a product given
   * without variants gets its one default variant (withVariants in ./variants.ts).
   */
  upsertMany(products: readonly ProductInput[]): Promise<void>
  /** Calls back after every product change made through any store (prices, stock, ratings). */
  subscribe(listener: (changes: ProductChange[]) => void): () => void
}

export interface ReviewStore {
  /** Newest first. */
  listForProduct(productId: string, options?: { limit?: number }): Promise<Review[]>
  getByUser(productId: string, userId: string): Promise<Review | null>
  /** One review per customer per product: a second one replaces the first. Updates the product's rating summary in the same transaction. */
  upsert(review: Omit<Review, 'id' | 'createdAt' | 'updatedAt'>): Promise<Review>
}

export interface UserStore {
  get(id: string): Promise<User | null>
  getByEmail(email: string): Promise<User | null>
  /** Fails with DuplicateEmailError when the email (case-insensitive) is taken. */
  create(user: Omit<User, 'createdAt' | 'updatedAt'>): Promise<User>
  updateProfile(id: string, profile: Pick<User, 'firstName' | 'lastName' | 'phone'>): Promise<User>
  updateAddress(id: string, address: Address): Promise<User>
}

/** Local accounts only (AUTH_BACKEND=local): password hashes and reset tokens. */
export interface CredentialStore {
  getPasswordHash(userId: string): Promise<string | null>
  setPasswordHash(userId: string, hash: string): Promise<void>
  /**
   * Stores the hash of a one-time reset token. One link is valid at a time: the user's older
   * tokens stop working.
   */
  createResetToken(token: { tokenHash: string; userId: string; expiresAt: string }): Promise<void>
  /**
   * Uses up the token and returns its user id, or null when unknown, used, voided or expired.
   * A successful use voids every other token of that user too.
   */
  consumeResetToken(tokenHash: string, now: string): Promise<string | null>
}

/** A signed-in device: the session cookie carries only `id`; everything else stays in the store. */
export type SessionRecord = {
  /** Random and unguessable (256 bits): knowing it is being signed in. */
  id: string
  userId: string
  createdAt: string
  /** Updated at most once per SESSION_TOUCH_MS, so a busy visitor does not write on every request. */
  lastSeenAt: string
  userAgent: string
  /** The identity provider's session for this device (Firebase: its session cookie); null for local accounts. */
  token: string | null
  /**
   * When this device signed out every other one at the identity provider (Firebase revokes every
   * refresh token of the user): revocations up to this time do not end this session.
   */
  othersRevokedAt: string | null
}

/** A session lives at most this long after sign-in (the cookie's own maximum age). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** lastSeenAt is rewritten only when it is older than this. */
export const SESSION_TOUCH_MS = 5 * 60 * 1000

export interface SessionStore {
  /** A new session with a fresh random id, created and last seen now. */
  create(session: Pick<SessionRecord, 'userId' | 'userAgent' | 'token'>): Promise<SessionRecord>
  /** The session, or null when unknown, deleted, or older than SESSION_MAX_AGE_MS. */
  get(id: string): Promise<SessionRecord | null>
  /** Sets lastSeenAt to now when it is at least SESSION_TOUCH_MS old; does nothing otherwise. */
  touch(id: string): Promise<void>
  /** Records the provider's new state for this device (a fresh token, or a revocation of the others). */
  updateProvider(
    id: string,
    provider: Pick<SessionRecord, 'token' | 'othersRevokedAt'>,
  ): Promise<void>
  /** Ends one session; ending an unknown one is not an error. */
  delete(id: string): Promise<void>
  /** The user's live sessions, most recently seen first. */
  listForUser(userId: string): Promise<SessionRecord[]>
  /** Ends every session of the user but `keepId` (null: all of them); returns how many ended. */
  deleteAllForUserExcept(userId: string, keepId: string | null): Promise<number>
}

export interface CartStore {
  get(userId: string): Promise<CartLine[]>
  set(userId: string, lines: readonly CartLine[]): Promise<void>
}

export interface LikedStore {
  /** Most recently liked first. */
  list(userId: string): Promise<string[]>
  add(userId: string, productIds: readonly string[]): Promise<void>
  remove(userId: string, productId: string): Promise<void>
}

export class OutOfStockError extends Error {
  name = 'OutOfStockError'
  constructor(
    readonly shortages: {
      productId: string
      variantId: string
      requested: number
      available: number
    }[],
  ) {
    super(`Not enough stock for ${shortages.map((s) => s.variantId).join(', ')}`)
  }
}

export class DuplicateEmailError extends Error {
  name = 'DuplicateEmailError'
}

export class InvalidTransitionError extends Error {
  name = 'InvalidTransitionError'
}

export interface OrderStore {
  /**
   * Reserves stock for every line (per variant) and stores the order, all in one transaction; OutOfStockError if
   * any line cannot be met. With `draft.checkoutKey`, placing is idempotent: when an order already
   * holds that key (checked and claimed in the same transaction), that order is returned and no
   * stock is reserved.
   */
  place(draft: OrderDraft, id: string, now: string): Promise<Order>
  get(id: string): Promise<Order | null>
  /** The order placed with this checkout key, if any. */
  findByCheckoutKey(checkoutKey: string): Promise<Order | null>
  /**
   * A payment arrived for an order that is no longer payable (cancelled or payment_failed): its
   * status stays, its history gets LATE_PAYMENT_NOTE (with the pf_payment_id) and refundNeeded is
   * set; pfPaymentId is recorded if the order had none. Idempotent per `pfPaymentId`: a repeat
   * changes nothing (`flagged: false`). Throws InvalidTransitionError for any other status.
   */
  flagLatePayment(
    id: string,
    options: { now: string; pfPaymentId: string },
  ): Promise<{ order: Order; flagged: boolean }>
  /** Orders flagged for a refund, oldest first (the back office's list). */
  listRefundNeeded(): Promise<Order[]>
  /** Newest first. */
  listForUser(userId: string): Promise<Order[]>
  /**
   * Moves an order to `to` if its current status allows it (ORDER_TRANSITIONS), appending to its
   * history and releasing stock for cancelled/payment_failed, all in one transaction.
   * Throws InvalidTransitionError otherwise. `pfPaymentId` is recorded when given.
   */
  transition(
    id: string,
    to: OrderStatus,
    options: { now: string; note?: string; pfPaymentId?: string },
  ): Promise<Order>
  /** Cancels pending_payment orders created before `olderThan`, releasing their stock. Returns how many. */
  expirePending(olderThan: string, now: string): Promise<number>
}

export interface MessageStore {
  create(message: Omit<ContactMessage, 'id' | 'createdAt'>, now: string): Promise<ContactMessage>
  list(): Promise<ContactMessage[]>
}

export interface RateLimitStore {
  /**
   * Counts one hit for `key` in a fixed window; returns whether it is within `limit` and, when
   * not, how long until the window ends.
   */
  hit(
    key: string,
    limit: number,
    windowMs: number,
    now: number,
  ): Promise<{ allowed: boolean; retryAfterMs: number }>
  /** Forgets the key's hits (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>
  /** Hits so far in the current window, without counting one. */
  peek(key: string, windowMs: number, now: number): Promise<number>
}

export interface Store {
  products: ProductStore
  reviews: ReviewStore
  users: UserStore
  credentials: CredentialStore
  sessions: SessionStore
  carts: CartStore
  liked: LikedStore
  orders: OrderStore
  messages: MessageStore
  rateLimits: RateLimitStore
  close(): Promise<void>
}
