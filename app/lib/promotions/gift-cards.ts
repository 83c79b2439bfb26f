import type { Cents } from '~/lib/data/types'
import { formatRand } from '~/lib/money'

import type { GiftCard, PaymentSplit, StoreCredit } from './types'

/**
 * Gift card codes and what a card or store credit pays (docs/contracts.md "Promotions and gift
 * cards"). Safe on server and client: codes come from Web Crypto's getRandomValues, which Node and
 * browsers both have.
 *
 * A code is 16 characters from an alphabet without look-alikes (no 0/O, 1/I/L), 31^16 ≈ 7 × 10^23
 * codes, about 79 bits: unguessable, and the balance page is rate limited besides. It is stored
 * normalised ("ABCDEFGHJKMNPQRS") and shown in groups of four ("ABCD-EFGH-JKMN-PQRS"); what a
 * shopper types is normalised before it is looked up: case, spaces and dashes do not matter.
 */

export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const GIFT_CARD_CODE_LENGTH = 16
const GROUP = 4

const CODE_PATTERN = new RegExp(`^[${GIFT_CARD_ALPHABET}]{${GIFT_CARD_CODE_LENGTH}}$`)

/** Fills `bytes` with random bytes; Web Crypto's by default, a fixed one in tests. */
export type RandomBytes = (bytes: Uint8Array) => void

const cryptoBytes: RandomBytes = (bytes) => {
  globalThis.crypto.getRandomValues(bytes)
}

/**
 * A new gift card code, normalised: GIFT_CARD_CODE_LENGTH characters drawn uniformly (bytes of
 * 248 and more are redrawn, so each of the 31 characters is equally likely).
 */
export function newGiftCardCode(randomBytes: RandomBytes = cryptoBytes): string {
  const limit = 256 - (256 % GIFT_CARD_ALPHABET.length)
  let code = ''
  const bytes = new Uint8Array(32)
  while (code.length < GIFT_CARD_CODE_LENGTH) {
    randomBytes(bytes)
    for (const byte of bytes) {
      if (byte >= limit) continue
      code += GIFT_CARD_ALPHABET[byte % GIFT_CARD_ALPHABET.length]
      if (code.length === GIFT_CARD_CODE_LENGTH) break
    }
  }
  return code
}

/** What a shopper typed ("abcd-efgh jkmn–pqrs") as a code to look up: upper case, no spaces or dashes. */
export function normalizeGiftCardCode(input: string): string {
  return input.replace(/[\s\u00a0\-\u2010-\u2015]/g, '').toUpperCase()
}

/** Whether `code` (normalised) is shaped like one of our gift card codes. */
export function isGiftCardCode(code: string): boolean {
  return CODE_PATTERN.test(code)
}

/** "ABCDEFGHJKMNPQRS" -> "ABCD-EFGH-JKMN-PQRS", for reading and copying. */
export function formatGiftCardCode(code: string): string {
  const normal = normalizeGiftCardCode(code)
  const groups: string[] = []
  for (let i = 0; i < normal.length; i += GROUP) groups.push(normal.slice(i, i + GROUP))
  return groups.join('-')
}

/** "••••-••••-••••-PQRS": the code as orders and lists show it, only its last group readable. */
export function maskGiftCardCode(code: string): string {
  const normal = normalizeGiftCardCode(code)
  const hidden = Math.max(0, normal.length - GROUP)
  return formatGiftCardCode('•'.repeat(hidden) + normal.slice(hidden))
}

function assertCents(label: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${label} must be whole cents, 0 or more; got ${cents}`)
  }
}

/** What a card or a customer's credit can pay now: its balance less what unpaid orders hold. */
export function availableCents(
  holder: Pick<GiftCard | StoreCredit, 'balanceCents' | 'heldCents'>,
): Cents {
  return Math.max(0, holder.balanceCents - holder.heldCents)
}

export type BalancePayment = {
  /** What the balance pays. */
  paidCents: Cents
  /** What is left to pay (by PayFast, or the next way of paying). */
  remainingCents: Cents
  /** The balance once this is spent. */
  balanceAfterCents: Cents
}

/**
 * A gift card paying toward `totalCents` from the `balanceCents` it can pay: all of the total when
 * the balance covers it, else the whole balance and the rest left for PayFast. Integer cents.
 */
export function applyGiftCard(totalCents: Cents, balanceCents: Cents): BalancePayment {
  assertCents('The total', totalCents)
  assertCents('The balance', balanceCents)
  const paidCents = Math.min(totalCents, balanceCents)
  return {
    paidCents,
    remainingCents: totalCents - paidCents,
    balanceAfterCents: balanceCents - paidCents,
  }
}

/** Store credit paying toward `totalCents`: the same rule as a gift card. */
export function applyStoreCredit(totalCents: Cents, creditCents: Cents): BalancePayment {
  return applyGiftCard(totalCents, creditCents)
}

/**
 * How an order's total (after discounts) is paid: the gift card first (the shopper gave it for this
 * order), then store credit, then PayFast for the rest. `payfastCents` 0: paid without PayFast.
 */
export function splitPayment(
  totalCents: Cents,
  available: { giftCardCents?: Cents; storeCreditCents?: Cents },
): PaymentSplit {
  const card = applyGiftCard(totalCents, available.giftCardCents ?? 0)
  const credit = applyStoreCredit(card.remainingCents, available.storeCreditCents ?? 0)
  return {
    giftCardCents: card.paidCents,
    storeCreditCents: credit.paidCents,
    payfastCents: credit.remainingCents,
  }
}

export type GiftCardRefusal = {
  reason: 'unknown' | 'inactive' | 'empty'
  message: string
}

/**
 * Whether the card can pay toward an order, or why not in plain words. Null is a code that matched
 * no card (or is not shaped like one).
 */
export function checkGiftCard(
  card: GiftCard | null,
): { ok: true; availableCents: Cents } | ({ ok: false } & GiftCardRefusal) {
  if (card === null) {
    return {
      ok: false,
      reason: 'unknown',
      message: 'We do not know that gift card code: check the 16 characters and try again',
    }
  }
  if (!card.active) {
    return { ok: false, reason: 'inactive', message: 'This gift card has been cancelled' }
  }
  const available = availableCents(card)
  if (available === 0) {
    return {
      ok: false,
      reason: 'empty',
      message:
        card.heldCents > 0
          ? `This gift card's balance of ${formatRand(card.balanceCents)} is held by an order awaiting payment`
          : 'This gift card has no balance left',
    }
  }
  return { ok: true, availableCents: available }
}
