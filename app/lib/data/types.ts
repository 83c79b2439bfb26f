import type { OrderStatus } from '~/lib/orders/life'
import type { OrderReturn } from '~/lib/orders/returns'
import type { AppliedDiscount } from '~/lib/promotions/types'
import type { BobgoSync, OrderShipping, TrackedShipment } from '~/lib/shipping/types'

/**
 * The shop's domain types, shared by every data adapter. Money is always integer cents of ZAR;
 * times are ISO-8601 strings in UTC.
 */

export type Cents = number

/** One WebP rendition of a stored product image (app/lib/images/): a `srcset` candidate. */
export type ImageVariant = { width: number; url: string }

export type ProductImage = {
  /** The widest rendition of a stored image, or the picture itself: the plain `src`. */
  url: string
  alt: string
  width: number
  height: number
  /** The stored image's content hash; absent for a picture kept elsewhere. */
  id?: string
  /** The stored image's renditions, narrowest first. */
  variants?: ImageVariant[]
}

/** Review statistics kept on the product so lists and sorting need no extra reads. */
export type RatingSummary = {
  count: number
  /** Sum of all ratings; average = sum / count. */
  sum: number
  /** Counts of 1, 2, 3, 4 and 5 star reviews, in that order. */
  distribution: [number, number, number, number, number]
}

/** A choice the shopper makes on the product page, e.g. Size with values S, M, L. At most three. */
export type ProductOption = { name: string; values: string[] }

/** One option's value on a variant, a cart line or an order line: rendered "Size: M". */
export type OptionValue = { name: string; value: string }

/**
 * One combination of option values that is sold, with its own price and stock. Its id is
 * `{productId}--{slug of its option values}`; the one variant of a product without options has the
 * product id as its id, so every product is bought through a variant.
 */
export type ProductVariant = {
  /** Also the variant's SKU. */
  id: string
  /** One value per product option, in the options' order; empty for a product without options. */
  optionValues: string[]
  priceCents: Cents
  compareAtCents: Cents | null
  stock: number
  /** The picture shown when this variant is picked; null: the product's first image. */
  image: ProductImage | null
  /**
   * What one unit weighs packed, in whole grams (table rates and courier quotes); null: unknown,
   * the shop's default weight (ShippingSettings.defaultWeightGrams) stands in.
   */
  weightGrams: number | null
  /** The packed unit's size in whole centimetres, when known (courier quotes); absent: unknown. */
  lengthCm?: number
  widthCm?: number
  heightCm?: number
}

export type Product = {
  /** Also the SKU. URL-safe: lower-case letters, digits and dashes. */
  id: string
  name: string
  description: string
  /** Category slug, e.g. "pantry". */
  category: string
  /** Human name of the category, e.g. "Pantry". */
  categoryName: string
  tags: string[]
  /**
   * The cheapest variant in stock (the cheapest of all when every variant is sold out): what the
   * listing's "from" price, price filters and the price sort use. Kept in step by the stores.
   */
  priceCents: Cents
  /** That variant's higher "was" price shown struck through, or null. */
  compareAtCents: Cents | null
  /** Units in stock over all variants. */
  stock: number
  /** Up to three; empty for a product sold one way only. */
  options: ProductOption[]
  /** At least one; a product without options has exactly one, whose id is the product id. */
  variants: ProductVariant[]
  images: ProductImage[]
  /** Lower ranks come first under the `featured` sort; null: not featured. */
  featuredRank: number | null
  rating: RatingSummary
  /**
   * Off: the product is gone from the shop, search and sitemap (its page is a 404) but stays on
   * the orders that hold it. Set in the back office.
   */
  active: boolean
  createdAt: string
  updatedAt: string
}

/** One entry of a product's change log (the back office's audit trail), newest last. */
export type ProductLogEntry = {
  productId: string
  at: string
  /** The staff member's email. */
  by: string
  /** What changed, e.g. "price of Size: M R 299,00 -> R 279,00; stock of Size: M 4 -> 10". */
  change: string
}

export type Review = {
  id: string
  productId: string
  userId: string
  /** Display name at the time of writing, e.g. "Thandi M." */
  authorName: string
  rating: 1 | 2 | 3 | 4 | 5
  title: string
  body: string
  /** Hidden by staff: off the product page and out of the product's statistics. */
  hidden: boolean
  createdAt: string
  updatedAt: string
}

export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const
export type Province = (typeof PROVINCES)[number]

export type Address = {
  line1: string
  line2: string | null
  suburb: string
  city: string
  province: Province
  /** Four digits. */
  postalCode: string
}

export type User = {
  id: string
  email: string
  firstName: string
  lastName: string
  /** South African number, stored as entered after validation (e.g. "082 123 4567"). */
  phone: string | null
  address: Address | null
  /** Staff may use the back office (`npm run staff -- grant EMAIL`). */
  staff: boolean
  createdAt: string
  updatedAt: string
}

/** A cart line stored before product options existed has no variantId: it means the default variant. */
export type CartLine = { productId: string; variantId?: string; quantity: number }

export type ContactMessage = {
  id: string
  name: string
  email: string
  subject: string
  message: string
  ip: string
  createdAt: string
  /** When staff marked it handled, and who (their email); null while unhandled. */
  handledAt: string | null
  handledBy: string | null
}

// The order's states and moves live with the order's life (app/lib/orders/life.ts).
export { ORDER_STATUSES, type OrderStatus } from '~/lib/orders/life'
// A buyer's returns live with the order's returns (app/lib/orders/returns.ts).
export type { OrderReturn, ReturnLine } from '~/lib/orders/returns'
export type OrderLine = {
  productId: string
  /** The variant bought, whose stock the order holds; the product id for a product without options. */
  variantId: string
  /** Snapshots taken when the order was placed. */
  name: string
  /** The variant's option values, e.g. [{ name: 'Size', value: 'M' }]; empty without options. */
  options: OptionValue[]
  unitPriceCents: Cents
  quantity: number
  imageUrl: string | null
}

export type OrderHistoryEntry = {
  status: OrderStatus
  at: string
  note: string | null
  /** The staff member's email for a change made in the back office; null for the shop and PayFast. */
  by: string | null
}

/** How a shipped order travels: both set when staff mark it shipped. */
export type Shipment = { courier: string; trackingNumber: string }

/** A gift card paying part of an order: the card, its code (shown masked) and the amount it pays. */
export type OrderGiftCard = { giftCardId: string; code: string; amountCents: Cents }

export type Order = {
  /** Unguessable: at least 10 characters from an unambiguous alphabet. */
  id: string
  userId: string | null
  email: string
  firstName: string
  lastName: string
  phone: string
  shippingAddress: Address
  lines: OrderLine[]
  subtotalCents: Cents
  shippingCents: Cents
  totalCents: Cents
  /** VAT included in the total: round(total * 15 / 115). */
  vatCents: Cents
  status: OrderStatus
  history: OrderHistoryEntry[]
  /** PayFast's payment reference once an ITN settled the order. */
  pfPaymentId: string | null
  /**
   * A payment arrived after the order stopped being payable (cancelled, expired, payment failed),
   * or a second one for an order already paid: staff must refund it. The back office lists these.
   */
  refundNeeded: boolean
  /** Set when the order moves to shipped. */
  shipment: Shipment | null
  /**
   * The delivery method chosen at checkout (its price is shippingCents); null on orders placed
   * before shipping methods existed, which went by standard delivery.
   */
  shipping: OrderShipping | null
  /**
   * The parcels Bob Go reports for the order (courier, tracking number and link, events), as last
   * fetched: Bob Go is their source of truth, so each fetch replaces the list. Empty otherwise; a
   * shipment staff type when marking the order shipped stays in `shipment`.
   */
  shipments: TrackedShipment[]
  /** Where the paid order stands with Bob Go; null when Bob Go does not handle it. */
  bobgo: BobgoSync | null
  /**
   * The discounts applied when it was placed, as they were then (a later change to a discount
   * never alters the order): each one's use is claimed while the order holds it. Already taken off
   * `totalCents`. Empty on orders placed before promotions.
   */
  discounts: AppliedDiscount[]
  /**
   * Gift cards paying part of `totalCents`: held on each card while the order is unpaid, spent when
   * it is paid, given back when it is not. Empty on orders placed before gift cards.
   */
  giftCards: OrderGiftCard[]
  /** The buyer's store credit paying part of `totalCents`, held, spent and given back the same way. */
  storeCreditCents: Cents
  /**
   * The buyer's returns (app/lib/orders/returns.ts), oldest first, each with its own state and
   * history. Empty on orders placed before returns.
   */
  returns: OrderReturn[]
  /**
   * Money paid back (app/lib/orders/refunds.ts), oldest first, each once per refund key. Empty on
   * orders placed before refunds.
   */
  refunds: OrderRefund[]
  /**
   * The tax invoice (app/lib/documents/invoice.ts), numbered from a gap-free counter in the
   * transaction of the `pay` move; null before payment and on orders paid before invoices existed.
   */
  invoice: IssuedDocument | null
  /**
   * The buyer's VAT number given at checkout (10 digits starting with 4), for a full tax invoice;
   * null when none was given, and on orders placed before the field existed.
   */
  buyerVatNumber: string | null
  createdAt: string
  updatedAt: string
}

/** A numbered document the shop issued: an invoice (INV-000123) or a credit note (CN-000007). */
export type IssuedDocument = { number: string; issuedAt: string }

/**
 * What checkout hands the store; the store adds id, status, history and times. `checkoutKey` names
 * the checkout the order comes from: a second placement with the same key finds the first order.
 */
export type OrderDraft = Omit<
  Order,
  | 'id'
  | 'status'
  | 'history'
  | 'pfPaymentId'
  | 'refundNeeded'
  | 'shipment'
  | 'shipping'
  | 'shipments'
  | 'bobgo'
  | 'discounts'
  | 'giftCards'
  | 'storeCreditCents'
  | 'returns'
  | 'refunds'
  | 'buyerVatNumber'
  | 'invoice'
  | 'createdAt'
  | 'updatedAt'
> & {
  checkoutKey?: string | null
  /** The buyer's VAT number (checked, digits only); absent or null: none given. */
  buyerVatNumber?: string | null
  /** The chosen delivery method; absent or null: standard delivery. */
  shipping?: OrderShipping | null
  /**
   * The discounts checkout applied (already off `totalCents`); placing claims a use of each.
   * Absent: none.
   */
  discounts?: AppliedDiscount[]
  /** Gift cards by code (any case, dashes allowed) and what each pays; placing holds it. Absent: none. */
  giftCards?: { code: string; amountCents: Cents }[]
  /** Store credit of the signed-in buyer paying part of the total; placing holds it. Absent: 0. */
  storeCreditCents?: Cents
}

/** A variant at or below this many units counts as low stock in the back office. */
export const LOW_STOCK_THRESHOLD = 5

/**
 * One email waiting in, or gone through, the outbox (docs/contracts.md "Email"). Written in the
 * same step as the event that causes it; `key` names that event, so it never mails twice.
 */
/** One refund of an order: what PayFast paid back, what went to gift cards and store credit. */
export type OrderRefund = {
  /** The refund key (the form's hidden `refundKey`): a repeat with it records nothing. */
  id: string
  amountCents: Cents
  reason: string
  at: string
  /** The staff member who made it. */
  by: string | null
  /** Paid back through PayFast's Refunds API (or the simulator). */
  payfastCents: Cents
  /** Put back on the order's gift cards (the sum of `toCards`). */
  giftCardCents: Cents
  /** Each card's part of `giftCardCents`. */
  toCards: { giftCardId: string; cents: Cents }[]
  /** Given as store credit to the buyer's account. */
  storeCreditCents: Cents
  /** PayFast's reference for the refund; null when PayFast paid nothing back. */
  payfastReference: string | null
  /** Units put back into stock. */
  restocked: { variantId: string; quantity: number }[]
  creditNote: { number: string; issuedAt: string } | null
}

export type OutboxDraft = {
  /** The event, e.g. `order-paid:{orderId}`, `reset:{token hash}`, `contact:{messageId}:shop`. */
  key: string
  to: string
  /** Where replies go (the contact message's sender in the shop's copy); null: MAIL_FROM. */
  replyTo: string | null
  subject: string
  text: string
  html: string
  /** The order the mail is about, so its page lists its emails; null for other mail. */
  orderId: string | null
  /**
   * Extra mail headers, e.g. a marketing mail's `List-Unsubscribe` and `List-Unsubscribe-Post`
   * (app/lib/mail/marketing.server.ts); absent for most mail.
   */
  headers?: Record<string, string>
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'

export type OutboxMessage = OutboxDraft & {
  status: OutboxStatus
  /** Delivery attempts made so far. */
  attempts: number
  /** When the sender may next try it (pending), or until when a sender holds it (sending). */
  dueAt: string
  /** The last delivery error, one line, no secrets; null when none. */
  lastError: string | null
  sentAt: string | null
  createdAt: string
  updatedAt: string
}

/** Where a customer gave or withdrew their consent to marketing mail. */
export type ConsentSource = 'sign-up' | 'checkout' | 'account' | 'unsubscribe' | 'staff'

/** One change of a customer's consent to marketing mail (POPIA s69), kept as a history. */
export type ConsentEntry = {
  /** Lower-cased: guests consent too, so consent is kept by email, not by account. */
  email: string
  /** The account that gave it, when signed in; null for a guest or an unsubscribe link. */
  userId: string | null
  optIn: boolean
  source: ConsentSource
  at: string
}
