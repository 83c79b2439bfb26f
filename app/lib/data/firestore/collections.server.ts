/**
 * Every Firestore collection the shop uses, in one place, so a rename or a security rule never
 * misses one. Document ids: products by product id, users/carts/liked/credentials/addressBooks by
 * user id, orders by order id, sessions by their random id, reviews by reviewId(productId, userId), userEmails by lower-cased email,
 * resetTokens, rateLimits and checkoutKeys by a SHA-256 of their key (keys may contain "/").
 */
export const COLLECTIONS = {
  /** One document per product with its options and variants embedded (see products.server.ts). */
  products: 'products',
  /** A product's change log: `{ count }` by product id, its entries in the subcollection `entries`. */
  productLogs: 'productLogs',
  reviews: 'reviews',
  users: 'users',
  /** Claims an email address; created in the same transaction as its user to keep emails unique. */
  userEmails: 'userEmails',
  credentials: 'credentials',
  resetTokens: 'resetTokens',
  sessions: 'sessions',
  carts: 'carts',
  liked: 'liked',
  orders: 'orders',
  /** Claims a checkout key for one order; created in the order's placing transaction. */
  checkoutKeys: 'checkoutKeys',
  messages: 'messages',
  rateLimits: 'rateLimits',
  /** Mail waiting for, or gone through, the sender; by a SHA-256 of its key (outbox.server.ts). */
  outbox: 'outbox',
  /** The last good copy of each published story and listing; by a SHA-256 of the content key. */
  contentCopies: 'contentCopies',
  /** Shop-wide settings, one document each: `shipping` (ShippingSettings, shipping.server.ts). */
  settings: 'settings',
  /**
   * A customer's address book, by user id: `{ addresses }` in the order they were added (at most
   * ADDRESS_BOOK_MAX, so one small document; every change a transaction on it).
   */
  addressBooks: 'addressBooks',
  /** Each Bob Go webhook event acted on, by a SHA-256 of its event_id (bobgo.server.ts). */
  bobgoWebhookEvents: 'bobgoWebhookEvents',
  /**
   * Discount codes and automatic offers by id, with their counts of uses held; subcollections
   * `uses` (one per order that claimed it, by order id) and `customers` (a customer's uses held,
   * by a SHA-256 of their key). See discounts.server.ts.
   */
  discounts: 'discounts',
  /** Claims a discount code (upper-case) for one discount; by a SHA-256 of the code. */
  discountCodes: 'discountCodes',
  /** Gift cards by id; their history in the subcollection `entries` (gift-cards.server.ts). */
  giftCards: 'giftCards',
  /** Claims a gift card code for one card; by a SHA-256 of the code. */
  giftCardCodes: 'giftCardCodes',
  /** A customer's store credit by user id; its history in the subcollection `entries`. */
  storeCredits: 'storeCredits',
  /** "Email me when it's back" requests, by a SHA-256 of the email and variant (stock-alerts.server.ts). */
  stockAlerts: 'stockAlerts',
  /**
   * Consent to marketing mail by a SHA-256 of the lower-cased email: `{ email, optIn, at, count }`,
   * each change in the subcollection `entries` (consents.server.ts).
   */
  consents: 'consents',
  /**
   * Gap-free document counters, `{ value }` by name (`invoice`, `credit_note`): advanced in the
   * transaction that issues the document (sequences.server.ts).
   */
  sequences: 'sequences',
  /** POPIA requests (exports, deletions) by a random id (privacy-requests.server.ts). */
  privacyRequests: 'privacyRequests',
  /**
   * Each credit note by its number, `{ number, orderId, refundId, issuedAt }`: written in its
   * refund's transaction so reports find the refunds of a period (Firestore has no range query on
   * the members of an order's `refunds` array; docs/decisions/033).
   */
  creditNotes: 'creditNotes',
} as const
