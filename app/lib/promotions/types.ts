import type { Cents, Province } from '~/lib/data/types'

/*
 * Promotions' shared vocabulary (docs/contracts.md "Promotions and gift cards"): discount codes and
 * automatic offers, the snapshot an order keeps of them, gift cards and store credit. Pure types;
 * the rules live beside them (rules.ts, gift-cards.ts), the persistence in the store.
 */

export type DiscountKind = 'percent' | 'amount' | 'free_shipping'
export const DISCOUNT_KINDS = [
  'percent',
  'amount',
  'free_shipping',
] as const satisfies readonly DiscountKind[]

/**
 * What a discount is for. A cart line is in scope when its category is listed or its product is;
 * both lists empty: the whole cart.
 */
export type DiscountScope = {
  /** Category slugs, e.g. "pantry". */
  categories: string[]
  productIds: string[]
  /**
   * Where: the delivery address must be in one of these provinces ("free delivery over R 600 in
   * Gauteng"); absent or empty: anywhere. Not an item scope: the cart, which knows no address, shows
   * such a discount as applying at checkout; checkout judges it by the address's province.
   */
  provinces?: Province[]
}

/** A discount code staff made, or an automatic offer (the same rules without a code). */
export type Discount = {
  id: string
  /** Stored upper-case (shoppers' input is upper-cased to match); null for an automatic offer. */
  code: string | null
  kind: DiscountKind
  /**
   * `percent`: a whole percent from 1 to 100 off the items in scope. `amount`: cents off the order
   * (the items in scope). `free_shipping`: unused (0).
   */
  value: number
  /** The items in scope must come to at least this, before any discount; null: no minimum. */
  minSpendCents: Cents | null
  scope: DiscountScope
  /** The first instant it applies (ISO); null: from the start. */
  startsAt: string | null
  /** The instant it stops applying (ISO, exclusive: at this instant it has ended); null: never. */
  endsAt: string | null
  /** Orders that may use it in all; null: no limit. */
  usageLimit: number | null
  /** Orders one customer (by account, or by email for a guest) may use it on; null: no limit. */
  perCustomerLimit: number | null
  /** An offer applied without being asked for (then `code` is null). */
  automatic: boolean
  /** Off: staff switched it off; it applies to nothing and a shopper's code is refused. */
  active: boolean
  /** Orders holding a claimed use (placed and not released). */
  uses: number
  /** The discount those orders got in all. */
  discountGivenCents: Cents
  createdAt: string
  updatedAt: string
}

/** What the /admin/discounts form hands the store; the store adds id, counters and times. */
export type DiscountDraft = Omit<
  Discount,
  'id' | 'uses' | 'discountGivenCents' | 'createdAt' | 'updatedAt'
>

/**
 * One discount as an order keeps it (a snapshot: a later change to the discount never alters an
 * order placed), and as the cart, checkout and mails show it as its own line.
 */
export type AppliedDiscount = {
  discountId: string
  /** The code the shopper gave; null for an automatic offer. */
  code: string | null
  kind: DiscountKind
  /** What the line says, e.g. "Code SAVE10: 10% off" or "Offer: free delivery". */
  label: string
  /** Taken off (0 or more); for free delivery before a method is chosen, 0. */
  amountCents: Cents
  /** What it comes off: the items or the delivery. */
  on: 'items' | 'delivery'
}

/** Why a code or an offer does not apply; each has a plain-words message (rules.ts). */
export const DISCOUNT_REFUSALS = [
  'unknown',
  'inactive',
  'not_started',
  'ended',
  'used_up',
  'already_used',
  'empty_cart',
  'not_for_these_products',
  'below_minimum',
  'not_for_this_address',
] as const
export type DiscountRefusalReason = (typeof DISCOUNT_REFUSALS)[number]

export type DiscountRefusal = { reason: DiscountRefusalReason; message: string }

/**
 * A gift card. `code` is kept normalised (16 characters, no dashes); shoppers see it grouped
 * ("ABCD-EFGH-JKMN-PQRS", gift-cards.ts formatGiftCardCode).
 *
 * Money on a card: `balanceCents` is what is left on it; `heldCents` (part of the balance) is held
 * by orders placed and not yet paid. An order placed holds its part; paid, the part leaves both the
 * balance and the hold; expired, cancelled or failed, the hold is let go. A card can pay
 * `balanceCents - heldCents`.
 */
export type GiftCard = {
  id: string
  code: string
  initialCents: Cents
  balanceCents: Cents
  heldCents: Cents
  /** Where the code was mailed (staff's recipient, or the buyer of a gift-card product); null: not mailed. */
  issuedTo: string | null
  /** The words the recipient reads with the code, in the mail; null: none. */
  message: string | null
  /** Staff's own note (the back office only, never shown to shoppers); null: none. */
  note: string | null
  /** The order that bought it (a gift-card product); null when staff issued it. */
  orderId: string | null
  /** The staff member's email who issued it; null when sold through the shop. */
  issuedBy: string | null
  /** Off: staff cancelled it; it pays for nothing. */
  active: boolean
  createdAt: string
  updatedAt: string
}

/** A customer's store credit (one per account), held and spent like a gift card's balance. */
export type StoreCredit = {
  userId: string
  balanceCents: Cents
  /** Held by orders placed and not yet paid (part of the balance). */
  heldCents: Cents
  updatedAt: string
}

/** One change to a gift card's or store credit's balance, for the back office's history. */
export type BalanceEntry = {
  at: string
  /**
   * `issued` / `credited`: money put on; `held`: an order placed; `released`: that order not paid;
   * `spent`: that order paid; `adjusted`: staff changed the balance.
   */
  kind: 'issued' | 'credited' | 'held' | 'released' | 'spent' | 'adjusted'
  /** The change to the balance (negative when spent), or to the hold for held/released. */
  amountCents: Cents
  orderId: string | null
  /** The staff member's email; null for the shop and PayFast. */
  by: string | null
  note: string | null
}

/** How an order is paid once discounts are off: a gift card, store credit, and PayFast for the rest. */
export type PaymentSplit = {
  giftCardCents: Cents
  storeCreditCents: Cents
  /** What PayFast is asked for; 0: the order is paid without PayFast. */
  payfastCents: Cents
}
