import type {
  Address,
  CartLine,
  ConsentEntry,
  ContactMessage,
  IssuedDocument,
  Order,
  OrderDraft,
  OrderRefund,
  OrderStatus,
  OutboxDraft,
  OutboxMessage,
  Product,
  ProductLogEntry,
  Review,
  User,
} from './types'
import type { ProductInput } from './variants'
import type { PrivacyRequestStore } from './privacy-requests'
import type { StockAlertStore } from './stock-alerts'
import type {
  BalanceEntry,
  Discount,
  DiscountDraft,
  DiscountRefusal,
  DiscountRefusalReason,
  GiftCard,
  StoreCredit,
} from '~/lib/promotions/types'
import type { AddressDraft, SavedAddress } from '~/lib/shipping/types'
import type { DecideMove, MoveDecision } from '~/lib/orders/life'
import type { ReturnChange, ReturnDecision } from '~/lib/orders/returns'
import type { RefundChange, RefundDecision } from '~/lib/orders/refunds'
import type { SavedShopDetails, ShopDetails } from '~/lib/legal/shop-details'
import type { ShippingSettingsInput } from '~/lib/shipping/settings'
import type { ShippingSettings, TrackedShipment } from '~/lib/shipping/types'

/**
 * The ports of the data layer. Each store is one concern; two adapters implement them all
 * (SQLite for the embedded default, Firestore for production), and one contract suite checks both.
 * Routes never see an adapter: they take the store from their request context
 * (~/lib/request-context.server.ts) and hand it to the feature modules in app/lib (orders, liked,
 * payfast, catalog). `getStore()` (./index.server.ts) is asked by that context and by the
 * process-wide singletons (catalogue index, auth adapter, page cache, mail sender, content copies,
 * Bob Go sync job). Each adapter builds every store
 * from one file per store (sqlite/orders.server.ts, firestore/orders.server.ts, ...).
 * No method takes the current time: every time a store stamps (created, updated, a history line,
 * a claim) is read from the clock it was opened with (`openStore({ now })`), so a test fixes the
 * time by opening the store with a clock of its own.
 */

export type ProductChange = { type: 'upsert'; product: Product } | { type: 'delete'; id: string }

/** One page of a back-office list, and how many items match in all. */
export type Page<T> = { items: T[]; total: number }
export type PageRequest = { offset: number; limit: number }

/**
 * A page read in order by a cursor, for reads that walk a whole period (reports, exports): the
 * items and the cursor the next page starts after (opaque; null when this page is the last).
 */
export type CursorPage<T> = { items: T[]; next: string | null }

/** A period of instants, `from` included and `to` not (ISO 8601), read `limit` at a time. */
export type PeriodPageRequest = { from: string; to: string; after?: string | null; limit: number }

/** A credit note with the refund it documents and the order whose invoice it adjusts. */
export type IssuedCreditNote = {
  order: Order
  refund: OrderRefund & { creditNote: IssuedDocument }
}

/**
 * Who makes a back-office change: recorded in the audit trail, at the time of the store's clock.
 */
export type Audit = { by: string }

/**
 * A back-office save of a product: everything the edit form holds. Stock is per variant and means
 * units on hand, including those held by unpaid (pending_payment) orders.
 */
export type ProductEdit = Pick<
  Product,
  'id' | 'name' | 'description' | 'category' | 'categoryName' | 'tags' | 'options' | 'active'
> & {
  variants: {
    id: string
    optionValues: string[]
    priceCents: number
    compareAtCents: number | null
    onHand: number
    /** Packed weight in whole grams, null when unknown; left out: as stored. */
    weightGrams?: number | null
    /** Packed size in whole centimetres, null when unknown; left out: as stored. */
    lengthCm?: number | null
    widthCm?: number | null
    heightCm?: number | null
  }[]
}

/** A variant cannot be set below the units unpaid orders hold. */
export class StockBelowHeldError extends Error {
  name = 'StockBelowHeldError'
  constructor(readonly shortfalls: { variantId: string; onHand: number; held: number }[]) {
    super(
      shortfalls
        .map((s) => `${s.variantId}: ${s.held} held by unpaid orders, ${s.onHand} asked`)
        .join('; '),
    )
  }
}

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
  /**
   * Back office: products active or not, by name; `q` matches the id or words of the name;
   * `lowStock` keeps products with a variant at or below LOW_STOCK_THRESHOLD.
   */
  list(query: PageRequest & { q?: string; lowStock?: boolean }): Promise<Page<Product>>
  /** Products with a variant at or below LOW_STOCK_THRESHOLD (the back office's count). */
  countLowStock(): Promise<number>
  /** Units of each of the product's variants held by pending_payment orders, by variant id. */
  heldStock(productId: string): Promise<Record<string, number>>
  /**
   * Units held by pending_payment orders of every variant, by variant id: what the CSV export
   * and import add to available stock to get units on hand, in one read instead of one per product.
   */
  allHeldStock(): Promise<Record<string, number>>
  /**
   * Creates or updates a product from the back office, in one transaction: fields, options,
   * variants (available stock = onHand - held; StockBelowHeldError when onHand < held), keeping
   * its images, rating and creation time; appends what changed to its log and emits the change.
   * A save that changes nothing logs nothing.
   */
  save(edit: ProductEdit, audit: Audit): Promise<Product>
  /** Sets the product's images (add, remove, reorder), logged like a save. */
  setImages(productId: string, images: Product['images'], audit: Audit): Promise<Product>
  /** The product's change log, oldest first. */
  changeLog(productId: string): Promise<ProductLogEntry[]>
}

/**
 * How a product's reviews are listed: `newest` written first; `highest` and `lowest` by rating,
 * newest first within a rating. Ties (same rating and time) by review id, descending.
 */
export type ReviewSort = 'newest' | 'highest' | 'lowest'

export interface ReviewStore {
  /**
   * One page of the product's visible reviews (hidden ones left out of the items and the total),
   * `newest` first unless another sort is asked; no limit: all of them from `offset`.
   */
  listForProduct(
    productId: string,
    options?: { sort?: ReviewSort; offset?: number; limit?: number },
  ): Promise<Page<Review>>
  /** Back office: every review, hidden ones included, newest first. */
  list(page: PageRequest): Promise<Page<Review>>
  /**
   * Hides or shows a review and moves it out of or back into the product's rating summary, in one
   * transaction; null when there is no such review. Hiding a hidden review changes nothing.
   */
  setHidden(reviewId: string, hidden: boolean, audit: Audit): Promise<Review | null>
  getByUser(productId: string, userId: string): Promise<Review | null>
  /**
   * One review per customer per product: a second one replaces the first (and stays hidden if
   * staff hid the first). Updates the product's rating summary in the same transaction.
   */
  upsert(review: Omit<Review, 'id' | 'hidden' | 'createdAt' | 'updatedAt'>): Promise<Review>
}

export interface UserStore {
  get(id: string): Promise<User | null>
  getByEmail(email: string): Promise<User | null>
  /** Fails with DuplicateEmailError when the email (case-insensitive) is taken. New users are not staff. */
  create(user: Omit<User, 'staff' | 'createdAt' | 'updatedAt'>): Promise<User>
  /** Grants or revokes the staff role; null when there is no such user. */
  setStaff(id: string, staff: boolean): Promise<User | null>
  updateProfile(id: string, profile: Pick<User, 'firstName' | 'lastName' | 'phone'>): Promise<User>
  updateAddress(id: string, address: Address): Promise<User>
  /**
   * Back office: customers newest first (ties by id, descending); `q` (trimmed, any case) finds
   * them by name or email. SQLite matches anywhere in the email or in "first last"; Firestore
   * matches the start of the email, of its domain, of the full name or of any word in either (an
   * email's words split at . _ + - @), and a `q` longer than USER_SEARCH_PREFIX_MAX only as the
   * whole email or name. An empty `q` lists everyone.
   */
  search(query: PageRequest & { q?: string }): Promise<Page<User>>
}

/** Local accounts only (AUTH_BACKEND=local): password hashes and reset tokens. */
export interface CredentialStore {
  getPasswordHash(userId: string): Promise<string | null>
  setPasswordHash(userId: string, hash: string): Promise<void>
  /**
   * Stores the hash of a one-time reset token. One link is valid at a time: the user's older
   * tokens stop working.
   */
  createResetToken(
    token: { tokenHash: string; userId: string; expiresAt: string },
    /** The mail carrying the link, put in the outbox in the same step. */
    mail?: OutboxDraft,
  ): Promise<void>
  /**
   * Uses up the token and returns its user id, or null when unknown, used, voided or expired (by
   * the store's clock). A successful use voids every other token of that user too.
   */
  consumeResetToken(tokenHash: string): Promise<string | null>
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
  /**
   * Carts with lines last changed after `after` and at or before `atOrBefore`, oldest change
   * first, at most `limit` (the abandoned-cart reminders).
   */
  untouchedBetween(
    after: string,
    atOrBefore: string,
    limit: number,
  ): Promise<{ userId: string; lines: CartLine[]; updatedAt: string }[]>
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

/** Why placing an order could not claim a use of one of its discounts. */
export type DiscountClaimRefusal = Extract<
  DiscountRefusalReason,
  'unknown' | 'inactive' | 'not_started' | 'ended' | 'used_up' | 'already_used'
>

/**
 * A discount the order applies cannot be claimed as it is placed (docs/contracts.md "Promotions and
 * gift cards"): gone, switched off, outside its dates, used up (`used_up`: its usage limit is
 * reached) or used up by this customer (`already_used`). Nothing was placed and no stock reserved.
 * The message is the rules' own words for the shopper.
 */
export class DiscountUnavailableError extends Error {
  name = 'DiscountUnavailableError'
  readonly reason: DiscountClaimRefusal
  constructor(
    readonly discountId: string,
    readonly code: string | null,
    /** The rules' refusal (availabilityRefusal): its message is in plain words for the shopper. */
    refusal: DiscountRefusal,
  ) {
    super(refusal.message)
    this.reason = refusal.reason as DiscountClaimRefusal
  }
}

/**
 * A gift card or the buyer's store credit cannot pay what the order asks of it (unknown or
 * cancelled card: 0 available). Nothing was placed and no stock reserved.
 */
export class InsufficientBalanceError extends Error {
  name = 'InsufficientBalanceError'
  constructor(
    readonly shortfalls: {
      source: 'gift_card' | 'store_credit'
      /** The card's code as given (normalised); null for store credit. */
      code: string | null
      requestedCents: number
      availableCents: number
    }[],
  ) {
    super(
      shortfalls
        .map(
          (s) =>
            `${s.source === 'gift_card' ? `gift card ${s.code}` : 'store credit'}: ${s.availableCents} available, ${s.requestedCents} asked`,
        )
        .join('; '),
    )
  }
}

/** Another discount already has this code (codes are compared in any case). */
export class DuplicateDiscountCodeError extends Error {
  name = 'DuplicateDiscountCodeError'
  constructor(readonly code: string) {
    super(`Another discount already has the code ${code}`)
  }
}

export interface OrderStore {
  /**
   * Reserves stock for every line (per variant) and stores the order, all in one transaction; OutOfStockError if
   * any line cannot be met. With `draft.checkoutKey`, placing is idempotent: when an order already
   * holds that key (checked and claimed in the same transaction), that order is returned and no
   * stock is reserved. Placed at the time of the store's clock.
   *
   * In the same transaction it claims one use of each discount in `draft.discounts`
   * (DiscountUnavailableError when one is unknown, off, outside its dates at the store's clock, at
   * its usage limit, or at its per-customer limit for the buyer's account or email) and holds each
   * gift card's amount and the store credit's (InsufficientBalanceError when a card, unknown or
   * cancelled, or the credit cannot pay it): a refusal places nothing and reserves nothing. The
   * order keeps the discounts as given (a snapshot) and each card by id with its code. RangeError
   * for amounts that are not whole cents, store credit without a signed-in buyer, or cards and
   * credit paying more than `totalCents`.
   */
  place(draft: OrderDraft, id: string): Promise<Order>
  get(id: string): Promise<Order | null>
  /** The order placed with this checkout key, if any. */
  findByCheckoutKey(checkoutKey: string): Promise<Order | null>
  /** Orders flagged for a refund, oldest first (the back office's list). */
  listRefundNeeded(): Promise<Order[]>
  /**
   * Back office: newest first, optionally of one status; `q` is an order id (exact, any case) or
   * an email (exact, any case).
   */
  list(query: PageRequest & { status?: OrderStatus; q?: string }): Promise<Page<Order>>
  /** How many orders are in each status. */
  countByStatus(): Promise<Record<OrderStatus, number>>
  /** Newest first. */
  listForUser(userId: string): Promise<Order[]>
  /**
   * Makes one move in one transaction, with no rules of its own: reads the order, asks `decide`
   * (app/lib/orders/life.ts, pure) what the move changes on the order as stored, and only when it
   * is a change writes the status, payment reference, shipment and refund flag, appends the history
   * entry (stamped, like the order's updatedAt, with the store's clock), gives the lines' units back
   * to stock when `releaseStock`, gives back the discount uses it claimed and the gift-card and
   * store-credit amounts it holds when `releaseClaims`, turns those holds into spends when
   * `spendHolds`, and puts `mail` in the outbox
   * (its keys make it once only). Returns the order after the move (as it was when nothing
   * changed) and the decision; null when there is no such order.
   */
  saveMove(
    id: string,
    decide: DecideMove,
    mail: readonly OutboxDraft[],
  ): Promise<{ order: Order; decision: MoveDecision } | null>
  /** Orders still pending_payment that were created before `createdBefore` (the expiry sweep's). */
  listPendingBefore(createdBefore: string): Promise<Order[]>
  /**
   * Makes one return move (app/lib/orders/returns.ts) in one transaction, with no rules of its own:
   * reads the order, asks `decide` (pure) with the store's clock what it changes, and only when it
   * is a change writes the order's returns, appends the history entry (the order's status kept),
   * puts the `restock` units back into their variants' stock and writes the mail `mail` composes
   * for the change (its keys make it once only). Null when there is no such order.
   */
  saveReturn(
    id: string,
    decide: (order: Order, at: string) => ReturnDecision,
    mail: (order: Order, change: ReturnChange) => readonly OutboxDraft[],
  ): Promise<{ order: Order; decision: ReturnDecision } | null>
  /**
   * Records one refund (app/lib/orders/refunds.ts) in one transaction, with no rules of its own:
   * reads the order, asks `decide` (pure) with the store's clock, and only when it is a change
   * writes the order's refunds and status, appends the history entry, puts the `restock` units back
   * into stock, credits the gift cards (`toCards`) and grants the store credit, and writes the mail
   * `mail` composes (its key makes it once only). Null when there is no such order.
   */
  saveRefund(
    id: string,
    decide: (order: Order, at: string) => RefundDecision,
    mail: (order: Order, change: RefundChange) => readonly OutboxDraft[],
  ): Promise<{ order: Order; decision: RefundDecision } | null>
  /**
   * Reports and exports (docs/decisions/033): the orders whose tax invoice was issued in the
   * period (the `pay` move issues it, so: the orders paid in it), oldest invoice first, ties by
   * order id; a page at a time after the cursor `after`.
   */
  listInvoiced(query: PeriodPageRequest): Promise<CursorPage<Order>>
  /**
   * The credit notes issued in the period (a refund of an invoiced order issues one in its
   * transaction), oldest first, ties by number, each with its refund and order; paged like
   * listInvoiced.
   */
  listCreditNotes(query: PeriodPageRequest): Promise<CursorPage<IssuedCreditNote>>
  /**
   * Of these emails (any case), the lower-cased ones that have an order invoiced before `before`:
   * the report's returning customers.
   */
  emailsInvoicedBefore(emails: readonly string[], before: string): Promise<Set<string>>
}

export interface MessageStore {
  /** Stores the message (unhandled, created now) and, in the same step, the mail it causes. */
  create(
    message: Omit<ContactMessage, 'id' | 'createdAt' | 'handledAt' | 'handledBy'>,
    mail?: (message: ContactMessage) => readonly OutboxDraft[],
  ): Promise<ContactMessage>
  /** Newest first. */
  list(): Promise<ContactMessage[]>
  /** Back office: newest first, unhandled only when asked. */
  page(query: PageRequest & { unhandled?: boolean }): Promise<Page<ContactMessage>>
  countUnhandled(): Promise<number>
  /** Marks it handled by the staff member; null when there is no such message. Idempotent. */
  markHandled(id: string, audit: Audit): Promise<ContactMessage | null>
}

/**
 * The mail outbox (docs/contracts.md "Email"). Messages are added by the stores above in the same
 * step as their event, or here; a sender claims due ones, so two instances never send the same
 * message. "Now" is the store's clock.
 */
export interface OutboxStore {
  /** Adds the message (due now) unless one with its key exists; true when added. */
  enqueue(draft: OutboxDraft): Promise<boolean>
  /**
   * Claims up to `limit` due messages: pending ones due by now, and sending ones whose claim ran
   * out (a sender that died). They become `sending`, due again at now + leaseMs, attempts + 1.
   * Two concurrent callers never receive the same message.
   */
  claimDue(leaseMs: number, limit: number): Promise<OutboxMessage[]>
  markSent(key: string): Promise<void>
  /** A failed attempt: pending again, due at `retryAt`; or `failed` for good when retryAt is null. */
  markFailed(key: string, error: string, retryAt: string | null): Promise<void>
  get(key: string): Promise<OutboxMessage | null>
  /** Newest first; of one order when asked. */
  list(
    query: PageRequest & { orderId?: string; status?: OutboxMessage['status'] },
  ): Promise<Page<OutboxMessage>>
  countFailed(): Promise<number>
  /**
   * The earliest dueAt of a pending message or of a claim (when it runs out), so the sender knows
   * when to wake; null when none.
   */
  nextDueAt(): Promise<string | null>
}

/** One allowance a claim takes from: at most `limit` claims per window of `windowMs`. */
export type LimitClaim = { key: string; limit: number; windowMs: number }

/** Where a granted claim was counted, so it can be given back: one entry per claimed key. */
export type ClaimedWindow = {
  key: string
  windowMs: number
  windowStart: number
  /** Claims still left in this window after this one (0: this claim filled it). */
  remaining: number
}

export type ClaimResult =
  | { allowed: true; windows: ClaimedWindow[] }
  | {
      allowed: false
      /** A key that is full (the first in the claim's order). */
      key: string
      /** Milliseconds until every full key takes claims again. */
      retryAfterMs: number
    }

export interface RateLimitStore {
  /**
   * Takes one claim from every allowance in `claims`, all or none, in one atomic step: N parallel
   * claims on a key with `limit` L grant at most L. A window starts with its key's first claim; the
   * claim that fills it keeps the key full for a whole window from then (so a burst at a window's
   * end cannot meet a fresh one). A refused claim counts nothing. Judged at the store's clock.
   */
  claim(claims: readonly LimitClaim[]): Promise<ClaimResult>
  /**
   * Gives one granted claim back (a sign-in that succeeded), atomically; nothing once its window
   * has ended and a new one began, and never below zero.
   */
  release(window: ClaimedWindow): Promise<void>
  /** Forgets the key's claims (a successful sign-in clears its email's failures). */
  reset(key: string): Promise<void>
  /** Claims so far in the current window (by the store's clock), without taking one. */
  peek(key: string, windowMs: number): Promise<number>
}

/** A customer already keeps ADDRESS_BOOK_MAX addresses: one must go before another is added. */
export class AddressBookFullError extends Error {
  name = 'AddressBookFullError'
}

/**
 * A customer's address book (docs/contracts.md "Shipping"): several delivery addresses, exactly one
 * of them the default while there are any. Every method answers only about `userId`'s own
 * addresses: another customer's id is as unknown as a made-up one. A customer who saved the single
 * address of before (`User.address`) finds it as their book's first entry, the default (copied
 * into the book, once, by the first read or write of the book).
 */
export interface AddressBookStore {
  /** The default first, then newest first (by when each was added). */
  list(userId: string): Promise<SavedAddress[]>
  get(userId: string, id: string): Promise<SavedAddress | null>
  /**
   * Adds an address (`id` null) or replaces one's fields, in one transaction. A customer's first
   * address is the default; `makeDefault` makes this one the default (the previous default stops
   * being one), and a default stays one until another is made default or it is removed. Null when
   * `id` is not one of the customer's addresses; AddressBookFullError when adding to a full book.
   */
  save(
    userId: string,
    id: string | null,
    draft: AddressDraft,
    options?: { makeDefault?: boolean },
  ): Promise<SavedAddress | null>
  /**
   * Removes one; when it was the default, the newest remaining one becomes the default. False when
   * there is no such address of the customer's.
   */
  remove(userId: string, id: string): Promise<boolean>
  /** Makes one the default (and no other); null when there is no such address of the customer's. */
  makeDefault(userId: string, id: string): Promise<SavedAddress | null>
}

/** A last good copy of published content: a Storyblok story or listing, as its JSON text. */
export type ContentCopy = { json: string; fetchedAt: string }

/**
 * The last good copies of published content (docs/contracts.md "Storyblok and content outages"), so
 * an instance that starts while Storyblok is down still serves what was last published. Keys are
 * the content source's own (`story:<slug>|<relations>`, `stories:<query>`); values are kept as JSON
 * text.
 */
export interface ContentCopyStore {
  get(key: string): Promise<ContentCopy | null>
  /**
   * Keeps `json` as the copy of `key`, unless the kept copy is the same text (then nothing is
   * written, its fetchedAt stays); true when it wrote.
   */
  put(key: string, json: string, fetchedAt: string): Promise<boolean>
}

/**
 * The shop's shipping settings (docs/contracts.md "Shipping"): the table rates' zones, the weight
 * of a variant without one, and the collection point. One record, saved whole.
 */
export interface ShippingSettingsStore {
  /** The saved settings, or the seeded defaults (app/lib/shipping/default-zones.ts) before any save. */
  get(): Promise<ShippingSettings>
  /**
   * Replaces the settings whole (the zones as a list: a zone left out is gone), stamped with the
   * store's clock and the staff member; InvalidShippingSettingsError (app/lib/shipping/settings.ts)
   * and nothing saved when they do not hold together. Returns what is now stored.
   */
  save(settings: ShippingSettingsInput, audit: Audit): Promise<ShippingSettings>
}

/**
 * The shop's legal details as staff saved them at /admin/settings (app/lib/legal/). One record,
 * saved whole; loadShopDetails falls back to the environment and the demo shop's before any save.
 */
export interface ShopDetailsStore {
  /** The saved details, or null before staff ever saved them. */
  get(): Promise<SavedShopDetails | null>
  /** Replaces the details whole, stamped with the store's clock and the staff member. */
  save(details: ShopDetails, audit: Audit): Promise<SavedShopDetails>
}

/**
 * Orders' way through Bob Go (docs/contracts.md "Shipping": Bob Go): the sync job's queue (a paid
 * order marked, claimed by one instance at a time under a lease, recorded synced or failed with its
 * retry time), the shipments Bob Go reports, and the webhook events already acted on. Kept on the
 * order (Order.bobgo, Order.shipments). "Now" is the store's clock.
 */
export interface BobgoStore {
  /**
   * Marks a paid or processing order for the sync job: pending, due now, no attempts yet. An order
   * that already has a Bob Go state, or is in another status, is left alone (false); so is an
   * unknown one.
   */
  markForSync(orderId: string): Promise<boolean>
  /**
   * Staff's resync: a paid or processing order that is not synced (pending, failed, or never
   * marked) is due now again with a fresh count of attempts. A synced order, or one in another
   * status, is left as it is. Returns the order; null when unknown.
   */
  retrySync(orderId: string): Promise<Order | null>
  /**
   * Claims up to `limit` orders whose sync is due: pending, due by now, paid or processing. Each
   * stays pending but is due again at now + leaseMs (a job that dies loses its claim to another
   * instance), attempts + 1. Two concurrent callers never receive the same order.
   */
  claimDue(leaseMs: number, limit: number): Promise<Order[]>
  /** Bob Go created the order: synced, with Bob Go's id; no retry due, no error. */
  recordSynced(orderId: string, bobgoOrderId: string): Promise<void>
  /** A failed attempt: pending again, due at `retryAt`; failed for good when retryAt is null. */
  recordFailure(orderId: string, error: string, retryAt: string | null): Promise<void>
  /** When the next pending sync (of a paid or processing order) falls due; null when none. */
  nextDueAt(): Promise<string | null>
  /** The order Bob Go knows by this id; null when none. */
  findByBobgoOrderId(bobgoOrderId: string): Promise<Order | null>
  /**
   * Replaces the order's shipments with Bob Go's (Bob Go is their source of truth); writes nothing
   * when they are the same. Returns the order after; null when unknown.
   */
  saveShipments(orderId: string, shipments: readonly TrackedShipment[]): Promise<Order | null>
  /**
   * Synced orders still on their way (paid, processing or shipped), by id, the first `limit` after
   * the id `after` (null: from the start): the hourly reconciliation's batches.
   */
  listInTransit(after: string | null, limit: number): Promise<Order[]>
  /** Takes a webhook event id: true the first time, false for a replay. */
  claimEvent(eventId: string, topic: string): Promise<boolean>
  /** Gives a claimed event id back (acting on it failed), so Bob Go's retry is acted on. */
  releaseEvent(eventId: string): Promise<void>
}

/** One order's claim on a discount: the discount's usage history. */
export type DiscountUse = {
  discountId: string
  orderId: string
  userId: string | null
  email: string
  /** What the order got off. */
  amountCents: number
  claimedAt: string
  /** When the order gave the use back (expired, cancelled, failed); null while it holds it. */
  releasedAt: string | null
}

/** Who is buying, as discounts count a customer's uses: the account when signed in, and the email. */
export type DiscountCustomer = { userId: string | null; email: string }

/**
 * Discount codes and automatic offers (docs/contracts.md "Promotions and gift cards"). Their uses
 * are claimed and given back by the order store (place, saveMove); `uses` and
 * `discountGivenCents` count the orders holding a claim now. A customer's uses are counted by
 * account and by email (the order's, in any case): an order by a signed-in customer counts for
 * both, a guest's for the email, and the customer has reached a limit when either has.
 */
export interface DiscountStore {
  /**
   * A new discount (code stored upper-case; null for an automatic offer), with no uses yet;
   * DuplicateDiscountCodeError when another has the code in any case; RangeError for a draft the
   * rules cannot take (a percent outside 1-100, amounts not whole cents, limits below 1, a code on
   * an automatic offer or none on a code, an end not after the start).
   */
  create(draft: DiscountDraft, audit: Audit): Promise<Discount>
  /** Replaces its fields (not its uses); null when unknown; the same errors as `create`. */
  update(id: string, draft: DiscountDraft, audit: Audit): Promise<Discount | null>
  get(id: string): Promise<Discount | null>
  /** The discount with this code, in any case and trimmed; null when none (automatic offers have none). */
  getByCode(code: string): Promise<Discount | null>
  /** Back office: codes and offers, newest first, with their uses and the discount given. */
  list(page: PageRequest): Promise<Page<Discount>>
  /** The automatic offers switched on, oldest first (the rules judge their dates). */
  listAutomatic(): Promise<Discount[]>
  /** Switches it on or off; null when unknown. Doing it twice changes nothing, not even the time. */
  setActive(id: string, active: boolean, audit: Audit): Promise<Discount | null>
  /** The orders that claimed it, released ones included, newest first. */
  listUses(discountId: string, page: PageRequest): Promise<Page<DiscountUse>>
  /**
   * The customer's uses held now of each of `discountIds` (the larger of the account's and the
   * email's count), for the rules' `customerUses`; 0 for those never used.
   */
  customerUses(
    customer: DiscountCustomer,
    discountIds: readonly string[],
  ): Promise<Record<string, number>>
}

/** What staff (or a paid gift-card order) issue a gift card with. */
export type GiftCardIssue = Pick<GiftCard, 'issuedTo' | 'message' | 'note'> & {
  amountCents: number
  /** The order that bought it; absent or null when staff issue it. */
  orderId?: string | null
  /**
   * Makes issuing idempotent: a second issue with the same key (a repeated ITN, a double-posted
   * form) returns the card the first one issued and writes nothing, mail included. Absent or null:
   * every issue is a new card.
   */
  key?: string | null
}

/**
 * Gift cards (docs/contracts.md "Promotions and gift cards"): issued with a random code, held by
 * orders placed, spent when paid, given back when not (by the order store, in the order's
 * transaction), each change a line of the card's history. `balanceCents - heldCents` is what the card
 * can pay; neither ever goes below zero nor the hold above the balance.
 */
export interface GiftCardStore {
  /**
   * Issues a card with a new random code (app/lib/promotions/gift-cards.ts), its balance the amount
   * (whole cents above 0, else RangeError), its history one `issued` line; `issuedBy` the staff
   * member (null: sold through the shop). `mail` (the code to the recipient) goes in the outbox in
   * the same step. With `input.key`, the card's id is derived from the key (giftCardIdForKey), so a
   * repeat of the key finds the card in the same transaction and returns it unchanged.
   */
  issue(
    input: GiftCardIssue,
    issuedBy: string | null,
    mail?: (card: GiftCard) => readonly OutboxDraft[],
  ): Promise<GiftCard>
  get(id: string): Promise<GiftCard | null>
  /** The card with this code as a shopper types it (any case, spaces and dashes ignored); null when none. */
  getByCode(code: string): Promise<GiftCard | null>
  /** Back office: newest first. */
  list(page: PageRequest): Promise<Page<GiftCard>>
  /** The card's history, oldest first; empty for an unknown card. */
  history(id: string): Promise<BalanceEntry[]>
  /**
   * Cancels a card (it pays for nothing more; what orders hold stays held until they settle) or
   * restores it; null when unknown. Doing it twice changes nothing.
   */
  setActive(id: string, active: boolean, audit: Audit): Promise<GiftCard | null>
}

/**
 * A customer's store credit (one balance per account), granted by staff and held, spent and given
 * back by orders like a gift card's.
 */
export interface StoreCreditStore {
  /** The customer's credit; a zero balance for one never granted any. */
  get(userId: string): Promise<StoreCredit>
  /**
   * Adds whole cents above 0 (else RangeError) to the customer's credit, with a `credited` line
   * (staff member, note); returns the credit after.
   */
  grant(
    userId: string,
    amountCents: number,
    grant: Audit & { note: string | null },
  ): Promise<StoreCredit>
  /** The customer's credit history, oldest first. */
  history(userId: string): Promise<BalanceEntry[]>
}

/**
 * Consent to marketing mail (docs/contracts.md "Customers and privacy"), by lower-cased email. Only
 * changes are recorded: the same state twice is one entry. Nobody has consented until they opt in.
 */
export interface ConsentStore {
  /** Records the change at the store's clock; false (nothing written) when it is the state already. */
  record(entry: Omit<ConsentEntry, 'at'>): Promise<boolean>
  /** Whether the email's latest entry opts in; false for an email never recorded. */
  current(email: string): Promise<boolean>
  /** Every change for the email, oldest first. */
  history(email: string): Promise<ConsentEntry[]>
  /** Forgets the email's consent and its history (POPIA deletion). */
  erase(email: string): Promise<void>
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
  outbox: OutboxStore
  rateLimits: RateLimitStore
  contentCopies: ContentCopyStore
  shipping: ShippingSettingsStore
  shopDetails: ShopDetailsStore
  addresses: AddressBookStore
  bobgo: BobgoStore
  discounts: DiscountStore
  giftCards: GiftCardStore
  storeCredit: StoreCreditStore
  /** POPIA requests: exports and deletions (./privacy-requests.ts). */
  privacyRequests: PrivacyRequestStore
  /** "Email me when it's back" requests (./stock-alerts.ts). */
  stockAlerts: StockAlertStore
  consents: ConsentStore
  /**
   * A number that changes whenever another connection or process commits to this store (SQLite's
   * `PRAGMA data_version`), so a cache in this process can tell it missed a change event. Absent
   * where every writer's changes arrive as change events (Firestore's listeners).
   */
  dataVersion?(): number
  close(): Promise<void>
}
