import { createHash } from 'node:crypto'

import { DISCOUNT_CODE_PATTERN, normalizeDiscountCode } from '~/lib/promotions/rules'
import { normalizeGiftCardCode } from '~/lib/promotions/gift-cards'
import {
  DISCOUNT_KINDS,
  type AppliedDiscount,
  type BalanceEntry,
  type DiscountDraft,
} from '~/lib/promotions/types'

import { emailKey, iso } from './rules.server'
import type { DiscountCustomer } from './store'
import { PROVINCES, type Cents, type OrderDraft, type Province } from './types'

/*
 * What both adapters apply to discounts, gift cards and store credit inside their transactions
 * (docs/contracts.md "Promotions and gift cards"), so SQLite and Firestore cannot drift apart on
 * what a draft may hold or who a customer is. Which amounts a cart gets, and whether a use may be
 * claimed at all (availabilityRefusal), is decided by the pure rules (app/lib/promotions/rules.ts).
 */

function wholeCents(label: string, cents: unknown, min: number): asserts cents is Cents {
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents) || cents < min) {
    throw new RangeError(`${label} must be whole cents of ${min} or more, got ${String(cents)}`)
  }
}

function limit(label: string, value: number | null): number | null {
  if (value === null) return null
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${label} must be a whole number of 1 or more, or none; got ${value}`)
  }
  return value
}

function ids(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))]
}

/**
 * A discount draft as the stores keep it: the code upper-case (null on an automatic offer), the
 * value checked against its kind (free delivery's is 0), times as ISO, scope without repeats.
 * RangeError names what cannot be taken.
 */
export function checkDiscountDraft(draft: DiscountDraft): DiscountDraft {
  if (!DISCOUNT_KINDS.includes(draft.kind)) throw new RangeError(`Unknown kind ${draft.kind}`)
  let code: string | null = null
  if (draft.automatic) {
    if (draft.code !== null && draft.code.trim() !== '') {
      throw new RangeError('An automatic offer has no code')
    }
  } else {
    code = normalizeDiscountCode(draft.code ?? '')
    if (!DISCOUNT_CODE_PATTERN.test(code)) {
      throw new RangeError(
        `A code is 3 to 30 letters, digits, dashes or underscores, got "${draft.code ?? ''}"`,
      )
    }
  }
  let value = 0
  if (draft.kind === 'percent') {
    if (!Number.isInteger(draft.value) || draft.value < 1 || draft.value > 100) {
      throw new RangeError(`A percent off is a whole number from 1 to 100, got ${draft.value}`)
    }
    value = draft.value
  } else if (draft.kind === 'amount') {
    wholeCents('An amount off', draft.value, 1)
    value = draft.value
  }
  if (draft.minSpendCents !== null) wholeCents('A minimum spend', draft.minSpendCents, 0)
  const provinces = ids(draft.scope.provinces ?? []) as Province[]
  const unknown = provinces.find((province) => !PROVINCES.includes(province))
  if (unknown !== undefined) throw new RangeError(`Unknown province "${unknown}"`)
  const startsAt = draft.startsAt === null ? null : iso(draft.startsAt)
  const endsAt = draft.endsAt === null ? null : iso(draft.endsAt)
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
    throw new RangeError(`A discount must end after it starts (${startsAt} to ${endsAt})`)
  }
  return {
    code,
    kind: draft.kind,
    value,
    minSpendCents: draft.minSpendCents,
    // Kept inside the scope (a JSON column, a map field): no migration. Absent when anywhere.
    scope: {
      categories: ids(draft.scope.categories),
      productIds: ids(draft.scope.productIds),
      ...(provinces.length > 0 ? { provinces } : {}),
    },
    startsAt,
    endsAt,
    usageLimit: limit('A usage limit', draft.usageLimit),
    perCustomerLimit: limit('A per-customer limit', draft.perCustomerLimit),
    automatic: draft.automatic,
    active: draft.active,
  }
}

/**
 * The keys a customer's uses of a discount are counted under: the account when signed in, and the
 * order's email (lower-cased) always, so signing out does not make a used code new again.
 */
export function customerKeys(customer: DiscountCustomer): string[] {
  const keys = [`email:${emailKey(customer.email)}`]
  if (customer.userId !== null) keys.unshift(`user:${customer.userId}`)
  return keys
}

/** What an order pays with besides PayFast, and the discounts it claims, checked and normalised. */
export type OrderClaims = {
  discounts: AppliedDiscount[]
  /** Codes normalised, one entry per card. */
  giftCards: { code: string; amountCents: Cents }[]
  storeCreditCents: Cents
}

/**
 * The draft's discounts, gift cards and store credit as the order will keep them: plain copies
 * (the draft's objects are the caller's), whole cents, each discount and card once, store credit
 * only for a signed-in buyer, and cards and credit together paying no more than the total.
 */
export function orderClaims(draft: OrderDraft): OrderClaims {
  const discounts = (draft.discounts ?? []).map((applied): AppliedDiscount => {
    wholeCents(`The discount ${applied.discountId}`, applied.amountCents, 0)
    return {
      discountId: applied.discountId,
      code: applied.code,
      kind: applied.kind,
      label: applied.label,
      amountCents: applied.amountCents,
      on: applied.on,
    }
  })
  if (new Set(discounts.map((d) => d.discountId)).size !== discounts.length) {
    throw new RangeError('An order applies each discount once')
  }
  const giftCards = (draft.giftCards ?? []).map((card) => {
    wholeCents('A gift card payment', card.amountCents, 1)
    return { code: normalizeGiftCardCode(card.code), amountCents: card.amountCents }
  })
  if (new Set(giftCards.map((c) => c.code)).size !== giftCards.length) {
    throw new RangeError('An order applies each gift card once')
  }
  const storeCreditCents = draft.storeCreditCents ?? 0
  wholeCents('A store credit payment', storeCreditCents, 0)
  if (storeCreditCents > 0 && draft.userId === null) {
    throw new RangeError('Store credit pays only for a signed-in customer')
  }
  const paid = giftCards.reduce((sum, card) => sum + card.amountCents, storeCreditCents)
  if (paid > draft.totalCents) {
    throw new RangeError(
      `Gift cards and store credit pay ${paid}, more than the order's ${draft.totalCents}`,
    )
  }
  return { discounts, giftCards, storeCreditCents }
}

/** A history line of a gift card or store credit. */
export function balanceEntry(
  kind: BalanceEntry['kind'],
  amountCents: Cents,
  at: string,
  more: { orderId?: string | null; by?: string | null; note?: string | null } = {},
): BalanceEntry {
  return {
    at,
    kind,
    amountCents,
    orderId: more.orderId ?? null,
    by: more.by ?? null,
    note: more.note ?? null,
  }
}

/**
 * The history lines an order writes on a balance: `held` (+ the amount, to the hold) when placed,
 * `released` (- the amount, from the hold) when it is not paid, `spent` (- the amount, from the
 * balance, and the hold let go with it) when it is paid.
 */
export const HOLD_ENTRY = {
  hold: (amountCents: Cents, orderId: string, at: string) =>
    balanceEntry('held', amountCents, at, { orderId }),
  release: (amountCents: Cents, orderId: string, at: string) =>
    balanceEntry('released', -amountCents, at, { orderId }),
  spend: (amountCents: Cents, orderId: string, at: string) =>
    balanceEntry('spent', -amountCents, at, { orderId }),
} as const

/**
 * The id of the gift card issued under an idempotency key (GiftCardIssue `key`): shaped like the
 * random ids (a UUID, version nibble 5 as a name-based one) and the same for the same key, so both
 * adapters find a repeat by the card's own id inside the issuing transaction, with no other record.
 */
export function giftCardIdForKey(key: string): string {
  const hex = createHash('sha256').update(`gift-card-issue:${key}`).digest('hex')
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
