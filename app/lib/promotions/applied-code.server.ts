import type { Session } from '@remix-run/node'

import { sessionStorage } from '~/lib/cookie-session.server'
import { claimLimits, clientKey, giveBack, minutesFrom } from '~/lib/rate-limit.server'
import type { RequestContext } from '~/lib/request-context.server'

import { discountCode } from './fields'
import { normalizeGiftCardCode, isGiftCardCode } from './gift-cards'
import { availabilityRefusal, evaluateDiscount, UNKNOWN_CODE, type PromotionCart } from './rules'
import type { Discount, DiscountRefusal } from './types'

/*
 * The discount code and the gift card a shopper gave, kept in the cookie session (the one the
 * visitor's cart lives in), one of each at most. The cart and checkout read them on every view and
 * judge them afresh; `GET /discount/{code}` applies a code the same way as the cart's form.
 */

const CODE_KEY = 'discountCode'
const GIFT_CARD_KEY = 'giftCardCode'

/** The Set-Cookie header that saves the session after a change, the way actions answer it. */
export type SessionHeaders = { 'Set-Cookie': string }

async function commit(session: Session): Promise<SessionHeaders> {
  return { 'Set-Cookie': await sessionStorage.commitSession(session) }
}

/** The discount code the shopper applied (upper case), or null. */
export function appliedCodeOf(context: Pick<RequestContext, 'session'>): string | null {
  const raw: unknown = context.session.get(CODE_KEY)
  if (typeof raw !== 'string') return null
  const parsed = discountCode.safeParse(raw)
  return parsed.success ? parsed.data : null
}

export type ApplyCodeResult =
  | { ok: true; discount: Discount; headers: SessionHeaders }
  | { ok: false; refusal: DiscountRefusal }

/**
 * Applies a discount code as the shopper typed it ("save10 "): refused in plain words when it is
 * not a code of ours, is switched off, has not started, has ended, is used up, or (signed in) this
 * customer has used it as often as allowed; with `cart`, also when the cart does not qualify
 * (empty, none of the products it is for, below its minimum spend). Without `cart` (a link), a code
 * the cart does not qualify for yet is kept, and the cart says why it does not apply yet. Applied,
 * it replaces any code applied before; the caller sends `headers`.
 */
export async function applyCode(
  context: Pick<RequestContext, 'session' | 'store' | 'clock' | 'user'>,
  input: string,
  cart?: PromotionCart,
): Promise<ApplyCodeResult> {
  const parsed = discountCode.safeParse(input)
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? UNKNOWN_CODE.message
    return { ok: false, refusal: { reason: 'unknown', message } }
  }
  const found = await context.store.discounts.getByCode(parsed.data)
  // An automatic offer has no code; a code naming one is unknown.
  const discount = found && !found.automatic && found.code !== null ? found : null
  if (!discount) return { ok: false, refusal: UNKNOWN_CODE }
  const user = await context.user()
  const customerUses = user
    ? ((
        await context.store.discounts.customerUses({ userId: user.id, email: user.email }, [
          discount.id,
        ])
      )[discount.id] ?? 0)
    : 0
  const now = context.clock()
  if (cart) {
    const judged = evaluateDiscount(discount, cart, {
      now,
      customerUses: { [discount.id]: customerUses },
    })
    if (!judged.ok)
      return { ok: false, refusal: { reason: judged.reason, message: judged.message } }
  } else {
    const refusal = availabilityRefusal(discount, { now, customerUses })
    if (refusal) return { ok: false, refusal }
  }
  context.session.set(CODE_KEY, discount.code)
  return { ok: true, discount, headers: await commit(context.session) }
}

/**
 * Codes tried per client address (the cart's form and discount links together): an unknown code
 * counts, a code of ours does not (even one refused for its dates or limits), so a shopper is never
 * stopped but nobody can find a private code by trying.
 */
export const DISCOUNT_TRIES = { limit: 20, windowMs: 10 * 60 * 1000 } as const

/** The rate-limit key of one client's discount code tries. */
export function discountTryKey(clientIp: string): string {
  return `discount-try:${clientKey(clientIp)}`
}

/** applyCode's answer, or a refusal because this address tried too many unknown codes. */
export type TryCodeResult = ApplyCodeResult | { ok: false; tooMany: true; message: string }

/** applyCode with one try claimed from the address's limit first, given back unless the code is unknown. */
export async function tryCode(
  context: Pick<RequestContext, 'session' | 'store' | 'clock' | 'user'>,
  input: string,
  clientIp: string,
  cart?: PromotionCart,
): Promise<TryCodeResult> {
  const key = discountTryKey(clientIp)
  const claim = await claimLimits(context.store.rateLimits, [{ key, ...DISCOUNT_TRIES }])
  if (!claim.ok) {
    return {
      ok: false,
      tooMany: true,
      message: `Too many unknown codes tried from here: at most ${DISCOUNT_TRIES.limit} in 10 minutes. Try again in ${minutesFrom(claim.retryAfterMs)}.`,
    }
  }
  const applied = await applyCode(context, input, cart)
  if (applied.ok || applied.refusal.reason !== 'unknown') {
    await giveBack(context.store.rateLimits, claim, [key])
  }
  return applied
}

/** Takes the applied discount code off; the caller sends `headers`. */
export async function removeCode(
  context: Pick<RequestContext, 'session'>,
): Promise<{ headers: SessionHeaders }> {
  context.session.unset(CODE_KEY)
  return { headers: await commit(context.session) }
}

/** The gift card code the shopper gave at checkout (normalised), or null. */
export function appliedGiftCardOf(context: Pick<RequestContext, 'session'>): string | null {
  const raw: unknown = context.session.get(GIFT_CARD_KEY)
  if (typeof raw !== 'string') return null
  const code = normalizeGiftCardCode(raw)
  return isGiftCardCode(code) ? code : null
}

/** Keeps a gift card code (already checked against the store) for checkout; the caller sends `headers`. */
export async function keepGiftCard(
  context: Pick<RequestContext, 'session'>,
  code: string,
): Promise<{ headers: SessionHeaders }> {
  context.session.set(GIFT_CARD_KEY, normalizeGiftCardCode(code))
  return { headers: await commit(context.session) }
}

/** Stops paying with the gift card; the caller sends `headers`. */
export async function removeGiftCard(
  context: Pick<RequestContext, 'session'>,
): Promise<{ headers: SessionHeaders }> {
  context.session.unset(GIFT_CARD_KEY)
  return { headers: await commit(context.session) }
}

/** After an order is placed: the code and the gift card belong to it now; the caller commits. */
export function forgetPromotions(session: Session): void {
  session.unset(CODE_KEY)
  session.unset(GIFT_CARD_KEY)
}

/**
 * After a cancelled payment: the order's code and gift card are applied again, with its lines put
 * back in the cart (its claims were given back, so they are judged afresh at checkout). The caller
 * commits the session.
 */
export function restorePromotions(
  session: Session,
  order: { discounts: readonly { code: string | null }[]; giftCards: readonly { code: string }[] },
): void {
  const code = order.discounts.find((applied) => applied.code !== null)?.code
  if (code) session.set(CODE_KEY, code)
  const card = order.giftCards[0]?.code
  if (card) session.set(GIFT_CARD_KEY, normalizeGiftCardCode(card))
}
