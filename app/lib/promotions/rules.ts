import type { Cents } from '~/lib/data/types'
import { formatSastDate, formatSastDateTime } from '~/lib/dates'
import { formatRand, vatIncluded } from '~/lib/money'

import { GIFT_CARD_CATEGORY } from '~/lib/orders/gift-card-products'

import { isSastMidnight, lastDayOf } from './sast'
import type {
  AppliedDiscount,
  Discount,
  DiscountRefusal,
  DiscountRefusalReason,
  DiscountScope,
} from './types'

/**
 * The rules of discount codes and automatic offers (docs/contracts.md "Promotions and gift
 * cards"), pure and safe on server and client: whether a discount applies to a cart, how much it
 * takes off, which automatic offer is best, and the totals after them. The store keeps the
 * discounts and counts their uses; pages pass them in with the time and the counts.
 *
 * Amounts, in integer cents:
 * - `percent`: that percent of the items in scope at their prices before any discount, rounded to
 *   the cent half up (15% of R 33,33 is 499,95 cents -> R 5,00; 10% of 5 cents -> 1 cent), and
 *   never more than those items have left after the discounts applied before it.
 * - `amount`: the value off the items in scope (the whole order when unscoped), capped at what they
 *   have left, so nothing goes below zero.
 * - `free_shipping`: the chosen delivery method's price; 0 until a method is chosen.
 * Gift cards are never discounted: a gift-card line (category `gift-cards`) is in no discount's
 * scope, counts toward no minimum spend, and a cart of only gift cards gets no discount at all
 * (the card is issued at its face value).
 * Eligibility (minimum spend, scope) is judged on the cart before any discount. At most one code
 * and one automatic offer apply and they stack: the code first, at its full value, then the
 * automatic offer giving the most on what the code left.
 */

export type PromotionCartLine = {
  productId: string
  /** The product's category slug, e.g. "pantry". */
  category: string
  unitPriceCents: Cents
  quantity: number
}

/** The cart as the rules read it. */
export type PromotionCart = {
  lines: readonly PromotionCartLine[]
  /** The items' total before discounts: the sum of the lines. */
  subtotalCents: Cents
  /** The chosen delivery method's price; null while none is chosen (the cart page). */
  deliveryPriceCents: Cents | null
  /**
   * The delivery address's province; absent or null while no address is known (the cart page):
   * a discount for some provinces then applies "at checkout", taking nothing yet.
   */
  province?: string | null
}

/** What the rules need besides the cart; the page reads it from the clock and the store. */
export type PromotionContext = {
  now: Date
  /**
   * This shopper's uses of each discount (orders by the account, or by the email for a guest), by
   * discount id; a missing id (or an unknown shopper) counts 0.
   */
  customerUses?: Readonly<Record<string, number>>
  /** Uses claimed of each discount, by id, when fresher than `discount.uses`. */
  totalUses?: Readonly<Record<string, number>>
}

/**
 * A discount line of the cart, checkout and order, with the reason it applies. `pending`: a
 * discount for some provinces while no address is known: it takes nothing until checkout.
 */
export type PromotionLine = AppliedDiscount & { why: string; pending?: boolean }

export type DiscountEvaluation =
  { ok: true; applied: PromotionLine } | ({ ok: false } & DiscountRefusal)

export type PromotionTotals = {
  /** The items before discounts. */
  subtotalCents: Cents
  /** Taken off the items. */
  itemDiscountCents: Cents
  /** Taken off the delivery. */
  deliveryDiscountCents: Cents
  /** Everything taken off: items and delivery. */
  discountCents: Cents
  /** The chosen method's price after free delivery; null while none is chosen. */
  deliveryCents: Cents | null
  /** A free-delivery discount applies (with no method chosen yet: it will make it free). */
  freeDelivery: boolean
  /** Items after discounts plus delivery (0 while none is chosen): what is to be paid. */
  totalCents: Cents
  /** The VAT included in the total: round(total * 15 / 115). */
  vatCents: Cents
}

export type PromotionsResult = {
  /** The code's line first (when it applies), then the automatic offer's. */
  lines: PromotionLine[]
  /** The same, as the order keeps them. */
  applied: AppliedDiscount[]
  /** Why the code given does not apply; null when none was given or it applies. */
  codeRefusal: DiscountRefusal | null
  totals: PromotionTotals
}

/** Shoppers' discount codes: letters, digits, dashes and underscores, kept upper-case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,29}$/

/** A code as typed ("  save10 ") -> as stored ("SAVE10"): trimmed, upper case. */
export function normalizeDiscountCode(input: string): string {
  return input.trim().toUpperCase()
}

/**
 * Refusals that may lift as the cart changes: the page may keep such a code with the cart and say
 * why it does not apply yet (the others are dropped).
 */
export function dependsOnCart(reason: DiscountRefusalReason): boolean {
  return (
    reason === 'empty_cart' ||
    reason === 'not_for_these_products' ||
    reason === 'below_minimum' ||
    reason === 'not_for_this_address'
  )
}

// ---------------------------------------------------------------------------------------------

function isScoped(scope: DiscountScope): boolean {
  return scope.categories.length > 0 || scope.productIds.length > 0
}

/** The provinces a discount is for; empty: anywhere. */
function provincesOf(discount: Discount): readonly string[] {
  return discount.scope.provinces ?? []
}

/** "Gauteng", "Gauteng or Western Cape", "Gauteng, Limpopo or Western Cape". */
export function provinceList(provinces: readonly string[]): string {
  if (provinces.length <= 1) return provinces.join('')
  return `${provinces.slice(0, -1).join(', ')} or ${provinces[provinces.length - 1]}`
}

/** Whether the cart's province is not known yet (the cart page; checkout before an address). */
function addressUnknown(cart: PromotionCart): boolean {
  return cart.province === undefined || cart.province === null || cart.province === ''
}

/** Whether a discount may take anything off the line: every line but a gift card's. */
export function discountable(line: Pick<PromotionCartLine, 'category'>): boolean {
  return line.category !== GIFT_CARD_CATEGORY
}

/** Whether the line is among the items the discount is for (never a gift card). */
export function inScope(scope: DiscountScope, line: PromotionCartLine): boolean {
  if (!discountable(line)) return false
  if (!isScoped(scope)) return true
  return scope.categories.includes(line.category) || scope.productIds.includes(line.productId)
}

function assertCart(cart: PromotionCart): void {
  let sum = 0
  for (const line of cart.lines) {
    if (
      !Number.isSafeInteger(line.unitPriceCents) ||
      line.unitPriceCents < 0 ||
      !Number.isSafeInteger(line.quantity) ||
      line.quantity < 0
    ) {
      throw new RangeError('Cart lines need whole cents and whole quantities, 0 or more')
    }
    sum += line.unitPriceCents * line.quantity
  }
  if (sum !== cart.subtotalCents) {
    throw new RangeError(`The subtotal ${cart.subtotalCents} is not the sum of the lines (${sum})`)
  }
  const delivery = cart.deliveryPriceCents
  if (delivery !== null && (!Number.isSafeInteger(delivery) || delivery < 0)) {
    throw new RangeError('A delivery price is whole cents, 0 or more')
  }
}

/** The name a message gives the discount: "Code SAVE10" or "This offer". */
function nameOf(discount: Discount): string {
  return discount.code ? `Code ${discount.code}` : 'This offer'
}

function whenText(iso: string): string {
  return isSastMidnight(iso) ? formatSastDate(iso) : formatSastDateTime(iso)
}

function refuse(reason: DiscountRefusalReason, message: string): DiscountRefusal {
  return { reason, message }
}

/** The refusal of a code that matches no discount. */
export const UNKNOWN_CODE: DiscountRefusal = refuse(
  'unknown',
  'We do not know that code: check it and try again',
)

function lineCents(line: PromotionCartLine): number {
  return line.unitPriceCents * line.quantity
}

/** The items in scope's total before any discount. */
function scopeCents(discount: Discount, cart: PromotionCart): number {
  let cents = 0
  for (const line of cart.lines) if (inScope(discount.scope, line)) cents += lineCents(line)
  return cents
}

/**
 * Why a use of the discount cannot be had at `now` whatever the cart holds (unknown, switched off,
 * not started, ended, used up, used up by this shopper), or null. `totalUses` defaults to the
 * discount's own count. The store asks this again when it claims a use as the order is placed; the
 * cart's part (scope, minimum) was judged when the order was priced.
 */
export function availabilityRefusal(
  discount: Discount | null,
  at: { now: Date; customerUses: number; totalUses?: number },
): DiscountRefusal | null {
  if (discount === null) return UNKNOWN_CODE
  const name = nameOf(discount)
  if (!discount.active) return refuse('inactive', `${name} is no longer available`)
  const now = at.now.getTime()
  if (discount.startsAt !== null && now < Date.parse(discount.startsAt)) {
    return refuse('not_started', `${name} starts on ${whenText(discount.startsAt)}`)
  }
  if (discount.endsAt !== null && now >= Date.parse(discount.endsAt)) {
    const message = isSastMidnight(discount.endsAt)
      ? `${name} ran until ${formatSastDate(lastDayOf(discount.endsAt))} and has ended`
      : `${name} ended on ${formatSastDateTime(discount.endsAt)}`
    return refuse('ended', message)
  }
  const totalUses = at.totalUses ?? discount.uses
  if (discount.usageLimit !== null && totalUses >= discount.usageLimit) {
    return refuse('used_up', `${name} has been used up`)
  }
  if (discount.perCustomerLimit !== null && at.customerUses >= discount.perCustomerLimit) {
    const subject = discount.code ? `code ${discount.code}` : 'this offer'
    return refuse(
      'already_used',
      discount.perCustomerLimit === 1
        ? `You have already used ${subject}`
        : `You have already used ${subject} the ${discount.perCustomerLimit} times each customer may`,
    )
  }
  return null
}

/** Why the discount does not apply to the cart at the time, or null when it does. */
function judge(
  discount: Discount,
  cart: PromotionCart,
  ctx: PromotionContext,
): DiscountRefusal | null {
  const refusal = availabilityRefusal(discount, {
    now: ctx.now,
    customerUses: ctx.customerUses?.[discount.id] ?? 0,
    totalUses: ctx.totalUses?.[discount.id],
  })
  if (refusal) return refusal
  const name = nameOf(discount)
  if (!cart.lines.some((line) => line.quantity > 0)) {
    return refuse('empty_cart', `${name} applies once your cart has something in it`)
  }
  if (!cart.lines.some((line) => line.quantity > 0 && discountable(line))) {
    return refuse(
      'not_for_these_products',
      `${name} does not apply to gift cards, and your cart holds only gift cards`,
    )
  }
  const scoped = isScoped(discount.scope)
  if (scoped && !cart.lines.some((line) => line.quantity > 0 && inScope(discount.scope, line))) {
    return refuse(
      'not_for_these_products',
      `${name} is only for selected products, and none of them is in your cart`,
    )
  }
  const spent = scopeCents(discount, cart)
  if (discount.minSpendCents !== null && spent < discount.minSpendCents) {
    const min = formatRand(discount.minSpendCents)
    const more = formatRand(discount.minSpendCents - spent)
    return refuse(
      'below_minimum',
      scoped
        ? `${name} needs ${min} or more of the products it is for; yours come to ${formatRand(spent)} (add ${more} more)`
        : `${name} needs a spend of ${min} or more; ${itemsWord(cart)} come to ${formatRand(spent)} (add ${more} more)`,
    )
  }
  const provinces = provincesOf(discount)
  if (provinces.length > 0 && !addressUnknown(cart) && !provinces.includes(cart.province!)) {
    return refuse(
      'not_for_this_address',
      `${name} is only for delivery to ${provinceList(provinces)}; your address is in ${cart.province}`,
    )
  }
  return null
}

/** "your items", or "your items other than gift cards" when the cart holds some. */
function itemsWord(cart: PromotionCart): string {
  return cart.lines.some((line) => line.quantity > 0 && !discountable(line))
    ? 'your items other than gift cards'
    : 'your items'
}

/** What the cart has left to discount as discounts apply one after another. */
type Remaining = { lines: number[]; delivery: number | null; deliveryFree: boolean }

function fresh(cart: PromotionCart): Remaining {
  return {
    lines: cart.lines.map(lineCents),
    delivery: cart.deliveryPriceCents,
    deliveryFree: false,
  }
}

function copy(remaining: Remaining): Remaining {
  return { ...remaining, lines: remaining.lines.slice() }
}

/** `percent` of `cents`, rounded to the cent, halves up (integer arithmetic: no float creeps in). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100)
}

/**
 * Spreads `amount` over lines in proportion to what each has left (largest remainder, so the parts
 * sum to it exactly), never more than a line has. BigInt: cents times cents overflows a double.
 */
function spread(amount: number, left: number[], indexes: number[]): number[] {
  const total = indexes.reduce((sum, i) => sum + (left[i] ?? 0), 0)
  if (amount <= 0 || total <= 0) return indexes.map(() => 0)
  const big = BigInt(amount)
  const bigTotal = BigInt(total)
  const parts = indexes.map((i) => {
    const numerator = big * BigInt(left[i] ?? 0)
    return { share: Number(numerator / bigTotal), rest: numerator % bigTotal }
  })
  let short = amount - parts.reduce((sum, p) => sum + p.share, 0)
  const byRest = parts
    .map((part, at) => ({ part, at }))
    .sort((a, b) =>
      a.part.rest === b.part.rest ? a.at - b.at : a.part.rest > b.part.rest ? -1 : 1,
    )
  for (const { part } of byRest) {
    if (short <= 0) break
    if (part.rest > 0n) {
      part.share += 1
      short -= 1
    }
  }
  return parts.map((part) => part.share)
}

function describe(discount: Discount): string {
  const selected = isScoped(discount.scope) ? ' selected products' : ''
  switch (discount.kind) {
    case 'percent':
      return `${clampPercent(discount.value)}% off${selected}`
    case 'amount':
      return `${formatRand(Math.max(0, discount.value))} off${selected}`
    case 'free_shipping':
      return 'free delivery'
  }
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)))
}

/** The line's label: "Code SAVE10: 10% off", "Offer: free delivery", "Offer: free delivery in Gauteng". */
export function discountLabel(discount: Discount): string {
  const provinces = provincesOf(discount)
  const where = provinces.length > 0 ? ` in ${provinceList(provinces)}` : ''
  return discount.code
    ? `Code ${discount.code}: ${describe(discount)}${where}`
    : `Offer: ${describe(discount)}${where}`
}

type Taken = {
  amountCents: number
  on: 'items' | 'delivery'
  detail: string
  useful: boolean
  pending?: boolean
}

/** Takes the discount off what is left (mutating it) and says how much and how. */
function take(discount: Discount, cart: PromotionCart, remaining: Remaining): Taken {
  const provinces = provincesOf(discount)
  if (provinces.length > 0 && addressUnknown(cart)) {
    // Nothing yet: whether it applies depends on the address checkout asks for.
    return {
      amountCents: 0,
      on: discount.kind === 'free_shipping' ? 'delivery' : 'items',
      detail: `${describe(discount)} at checkout, for delivery to ${provinceList(provinces)}`,
      useful: true,
      pending: true,
    }
  }
  if (discount.kind === 'free_shipping') {
    if (remaining.deliveryFree) {
      return { amountCents: 0, on: 'delivery', detail: 'delivery is already free', useful: false }
    }
    remaining.deliveryFree = true
    const price = remaining.delivery
    if (price === null) {
      return {
        amountCents: 0,
        on: 'delivery',
        detail: 'free delivery on the method you choose at checkout',
        useful: true,
      }
    }
    remaining.delivery = 0
    return {
      amountCents: price,
      on: 'delivery',
      detail: price > 0 ? `your ${formatRand(price)} delivery is free` : 'your delivery is free',
      useful: price > 0,
    }
  }
  const indexes = cart.lines.flatMap((line, i) => (inScope(discount.scope, line) ? [i] : []))
  const before = indexes.reduce((sum, i) => sum + lineCents(cart.lines[i]!), 0)
  const left = indexes.reduce((sum, i) => sum + (remaining.lines[i] ?? 0), 0)
  const items = isScoped(discount.scope) ? 'the selected products' : itemsWord(cart)
  let wanted: number
  let detail: string
  if (discount.kind === 'percent') {
    const percent = clampPercent(discount.value)
    wanted = percentOf(before, percent)
    detail = `${percent}% of ${formatRand(before)} for ${items} is ${formatRand(wanted)}, rounded to the cent`
  } else {
    wanted = Math.max(0, discount.value)
    detail = `${formatRand(wanted)} off ${items}`
  }
  const amountCents = Math.min(wanted, left)
  if (amountCents < wanted) {
    detail +=
      left === before
        ? `, limited to the ${formatRand(left)} ${items} come to`
        : `, limited to the ${formatRand(left)} left after the other discount`
  }
  const parts = spread(amountCents, remaining.lines, indexes)
  indexes.forEach((i, at) => {
    remaining.lines[i] = (remaining.lines[i] ?? 0) - (parts[at] ?? 0)
  })
  return { amountCents, on: 'items', detail, useful: amountCents > 0 }
}

function lineOf(discount: Discount, cart: PromotionCart, taken: Taken): PromotionLine {
  const source = discount.code ? `Your code ${discount.code}` : 'Applied automatically'
  const min =
    discount.minSpendCents !== null
      ? ` (${isScoped(discount.scope) ? 'the selected products' : itemsWord(cart)} come to ${formatRand(
          scopeCents(discount, cart),
        )}, at least the ${formatRand(discount.minSpendCents)} minimum)`
      : ''
  const provinces = provincesOf(discount)
  const where =
    provinces.length > 0 && !taken.pending ? `, for delivery to ${provinceList(provinces)}` : ''
  return {
    discountId: discount.id,
    code: discount.code,
    kind: discount.kind,
    label: discountLabel(discount),
    amountCents: taken.amountCents,
    on: taken.on,
    why: `${source}: ${taken.detail}${where}${min}`,
    ...(taken.pending ? { pending: true } : {}),
  }
}

/**
 * Whether `discount` applies to the cart at `ctx.now`, and what it takes off the cart on its own.
 * Null is a code that matched no discount (`unknown`). The checks, in order: switched off, not
 * started, ended, used up, used up by this shopper, an empty cart, nothing in scope, the minimum
 * spend; each refusal has a message in plain words.
 */
export function evaluateDiscount(
  discount: Discount | null,
  cart: PromotionCart,
  ctx: PromotionContext,
): DiscountEvaluation {
  assertCart(cart)
  if (discount === null) return { ok: false, ...UNKNOWN_CODE }
  const refusal = judge(discount, cart, ctx)
  if (refusal) return { ok: false, ...refusal }
  return { ok: true, applied: lineOf(discount, cart, take(discount, cart, fresh(cart))) }
}

type Offer = { discount: Discount; taken: Taken; remaining: Remaining }

function bestOn(
  offers: readonly Discount[],
  cart: PromotionCart,
  ctx: PromotionContext,
  remaining: Remaining,
): Offer | null {
  let best: Offer | null = null
  for (const discount of offers) {
    if (!discount.automatic || discount.code !== null) continue
    if (judge(discount, cart, ctx)) continue
    const after = copy(remaining)
    const taken = take(discount, cart, after)
    if (!taken.useful) continue
    if (!best || beats({ discount, taken }, best)) best = { discount, taken, remaining: after }
  }
  return best
}

/** More off first; then the older offer, then the lower id: the same cart always gets the same one. */
function beats(
  a: Pick<Offer, 'discount' | 'taken'>,
  b: Pick<Offer, 'discount' | 'taken'>,
): boolean {
  if (a.taken.amountCents !== b.taken.amountCents) return a.taken.amountCents > b.taken.amountCents
  if (a.discount.createdAt !== b.discount.createdAt)
    return a.discount.createdAt < b.discount.createdAt
  return a.discount.id < b.discount.id
}

/**
 * The automatic offer giving the most on this cart (its line), or null when none applies. An offer
 * that takes nothing is passed over, except free delivery before a method is chosen (it will make
 * the chosen one free). Entries with a code or not automatic are ignored.
 */
export function bestOffer(
  automaticOffers: readonly Discount[],
  cart: PromotionCart,
  ctx: PromotionContext,
): PromotionLine | null {
  assertCart(cart)
  const best = bestOn(automaticOffers, cart, ctx, fresh(cart))
  return best ? lineOf(best.discount, cart, best.taken) : null
}

/**
 * The discounts of the cart and the totals after them. `code`: the discount the shopper's code
 * names; absent when none was given, null when it matched none (refused as unknown; so is a code
 * given for an automatic offer). The code applies first at its full value, then the automatic offer
 * giving the most on what remains: both apply.
 */
export function applyPromotions(
  cart: PromotionCart,
  promotions: { code?: Discount | null; automatic: readonly Discount[] },
  ctx: PromotionContext,
): PromotionsResult {
  assertCart(cart)
  let remaining = fresh(cart)
  const lines: PromotionLine[] = []
  let codeRefusal: DiscountRefusal | null = null
  const code = promotions.code
  if (code !== undefined) {
    if (code === null || code.automatic || code.code === null) {
      codeRefusal = UNKNOWN_CODE
    } else {
      codeRefusal = judge(code, cart, ctx)
      if (!codeRefusal) lines.push(lineOf(code, cart, take(code, cart, remaining)))
    }
  }
  const offer = bestOn(promotions.automatic, cart, ctx, remaining)
  if (offer) {
    lines.push(lineOf(offer.discount, cart, offer.taken))
    remaining = offer.remaining
  }
  return {
    lines,
    applied: lines.map(snapshot),
    codeRefusal,
    totals: totalsAfter(cart, lines, remaining),
  }
}

/** A line as the order keeps it (the why is for the page). */
export function snapshot(line: PromotionLine): AppliedDiscount {
  // A pending line takes nothing; placing an order always knows the address.
  const { discountId, code, kind, label, amountCents, on } = line
  return { discountId, code, kind, label, amountCents, on }
}

function totalsAfter(
  cart: PromotionCart,
  lines: readonly PromotionLine[],
  remaining: Remaining,
): PromotionTotals {
  let itemDiscountCents = 0
  let deliveryDiscountCents = 0
  for (const line of lines) {
    if (line.on === 'items') itemDiscountCents += line.amountCents
    else deliveryDiscountCents += line.amountCents
  }
  const deliveryCents =
    cart.deliveryPriceCents === null ? null : cart.deliveryPriceCents - deliveryDiscountCents
  const totalCents = cart.subtotalCents - itemDiscountCents + (deliveryCents ?? 0)
  return {
    subtotalCents: cart.subtotalCents,
    itemDiscountCents,
    deliveryDiscountCents,
    discountCents: itemDiscountCents + deliveryDiscountCents,
    deliveryCents,
    freeDelivery: remaining.deliveryFree,
    totalCents,
    vatCents: vatIncluded(totalCents),
  }
}
