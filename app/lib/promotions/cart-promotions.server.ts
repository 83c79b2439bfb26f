import { type SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'

import { loadCart } from '~/lib/cart/cart.server'
import type { DiscountCustomer, Store } from '~/lib/data/store'
import { formatRand } from '~/lib/money'
import { claimLimits, clientKey, giveBack, minutesFrom } from '~/lib/rate-limit.server'
import type { RequestContext } from '~/lib/request-context.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { createToastHeaders } from '~/lib/toast.server'

import {
  appliedCodeOf,
  appliedGiftCardOf,
  keepGiftCard,
  removeCode,
  removeGiftCard,
  tryCode,
  type SessionHeaders,
} from './applied-code.server'
import { promotionFormSchema } from './fields'
import { availableCents, checkGiftCard, maskGiftCardCode } from './gift-cards'
import { discountLabel } from './rules'
import { forBrowser, promotionCartOf, type PaymentSources, type PromotionInputs } from './summary'

/*
 * The shopper's side of promotions on the cart and checkout pages: what the rules judge the cart
 * against (the applied code's discount, the automatic offers, this shopper's uses), what pays
 * besides PayFast (the gift card given, the customer's store credit), and the forms that apply and
 * take off a code or a card.
 */

/**
 * The code applied and the offers for this shopper, read from the store now. `email`: the buyer's
 * email at checkout (a guest's uses are counted by it); a signed-in customer's account and email
 * count anyway.
 */
export async function promotionInputs(
  context: Pick<RequestContext, 'session' | 'store' | 'clock' | 'user'>,
  { email = null }: { email?: string | null } = {},
): Promise<PromotionInputs> {
  const code = appliedCodeOf(context)
  const [found, automatic, user] = await Promise.all([
    code ? context.store.discounts.getByCode(code) : Promise.resolve(null),
    context.store.discounts.listAutomatic(),
    context.user(),
  ])
  const codeDiscount = found && !found.automatic && found.code !== null ? found : null
  const customer: DiscountCustomer | null = user
    ? { userId: user.id, email: email ?? user.email }
    : email
      ? { userId: null, email }
      : null
  const ids = [...(codeDiscount ? [codeDiscount.id] : []), ...automatic.map((d) => d.id)]
  const customerUses =
    customer && ids.length ? await context.store.discounts.customerUses(customer, ids) : {}
  return {
    now: context.clock().toISOString(),
    code,
    codeDiscount: codeDiscount ? forBrowser(codeDiscount) : null,
    automatic: automatic.map(forBrowser),
    customerUses,
  }
}

/** What pays besides PayFast, and the gift card's code (kept on the server) and refusal. */
export type PaymentSourcesRead = {
  sources: PaymentSources
  /** The gift card given, normalised, when it can pay now; null otherwise. */
  giftCardCode: string | null
  /** Why the gift card given cannot pay ("Gift card ••••-PQRS: This gift card has no balance left"). */
  giftCardRefusal: string | null
}

/**
 * What pays besides PayFast: the gift card kept in the session when it can pay now (else why not),
 * and the signed-in customer's store credit (applied automatically; 0 for guests).
 */
export async function paymentSources(
  context: Pick<RequestContext, 'session' | 'store' | 'userId'>,
): Promise<PaymentSourcesRead> {
  const code = appliedGiftCardOf(context)
  const [card, userId] = await Promise.all([
    code ? context.store.giftCards.getByCode(code) : Promise.resolve(null),
    context.userId(),
  ])
  const credit = userId ? await context.store.storeCredit.get(userId) : null
  const checked = code ? checkGiftCard(card) : null
  const usable = code !== null && checked?.ok === true
  return {
    sources: {
      giftCard:
        usable && checked.ok
          ? { maskedCode: maskGiftCardCode(code), availableCents: checked.availableCents }
          : null,
      storeCreditCents: credit ? availableCents(credit) : 0,
    },
    giftCardCode: usable ? code : null,
    giftCardRefusal:
      code && checked && !checked.ok
        ? `Gift card ${maskGiftCardCode(code)}: ${checked.message}`
        : null,
  }
}

/** Gift card tries at checkout per client address: a wrong code counts, a right one does not. */
export const GIFT_CARD_TRIES = { limit: 10, windowMs: 10 * 60 * 1000 } as const

/** The rate-limit key of one client's gift card tries at checkout. */
export function giftCardTryKey(clientIp: string): string {
  return `gift-card-try:${clientKey(clientIp)}`
}

export type PromotionIntent =
  'apply-discount' | 'remove-discount' | 'apply-gift-card' | 'remove-gift-card'

/** What /cart and /checkout answer a promotion form: conform's result, and what was done. */
export type PromotionActionData = {
  form: 'promotion'
  intent: string
  result: SubmissionResult<string[]>
  /** Said in the form's status region after a change (with JavaScript). */
  done?: string
}

const INTENTS: readonly string[] = [
  'apply-discount',
  'remove-discount',
  'apply-gift-card',
  'remove-gift-card',
] satisfies PromotionIntent[]

/** Whether a post to /cart or /checkout is one of the promotion forms'. */
export function isPromotionPost(formData: FormData): boolean {
  return INTENTS.includes(String(formData.get('intent') ?? ''))
}

/**
 * POST /cart or /checkout with a promotion intent: applies or takes off a discount code (both
 * pages) or a gift card (checkout). A refused code or card answers 400 with the reason on its field
 * (`code`, `giftCardCode`); unknown codes and wrong gift cards are limited per address (429). Done, a fetcher (the
 * form with JavaScript, `fetcher=1`) gets the message; a plain post goes back to the page with it
 * as a flash message.
 */
export async function promotionAction({
  request,
  formData,
  clientIp,
  page,
}: {
  request: Request
  formData: FormData
  clientIp: string
  page: '/cart' | '/checkout'
}) {
  const submission = parseSubmission(formData, { schema: promotionFormSchema })
  const intent = String(formData.get('intent') ?? '')
  const answer = (
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } | undefined,
    status: number,
  ) =>
    data<PromotionActionData>(
      { form: 'promotion', intent, result: submission.reply(errors) },
      { status },
    )
  if (submission.status !== 'success') return answer(undefined, 400)
  const form = submission.value
  if (
    page === '/cart' &&
    (form.intent === 'apply-gift-card' || form.intent === 'remove-gift-card')
  ) {
    return answer({ formErrors: ['Give your gift card at checkout, on the next page'] }, 400)
  }

  const context = await requestContext(request)
  let done: { message: string; headers: SessionHeaders }
  switch (form.intent) {
    case 'apply-discount': {
      const cart = await loadCart(context)
      const applied = await tryCode(context, form.code, clientIp, promotionCartOf(cart.lines, null))
      if (!applied.ok && 'tooMany' in applied) {
        return answer({ fieldErrors: { code: [applied.message] } }, 429)
      }
      if (!applied.ok) return answer({ fieldErrors: { code: [applied.refusal.message] } }, 400)
      done = { message: `${discountLabel(applied.discount)} applied`, headers: applied.headers }
      break
    }
    case 'remove-discount': {
      const code = appliedCodeOf(context)
      const removed = await removeCode(context)
      done = {
        message: code ? `Code ${code} removed` : 'No discount code was applied',
        headers: removed.headers,
      }
      break
    }
    case 'apply-gift-card': {
      const tried = await tryGiftCard(context.store, form.giftCardCode, clientIp)
      if (!tried.ok) return answer({ fieldErrors: { giftCardCode: [tried.message] } }, tried.status)
      const kept = await keepGiftCard(context, form.giftCardCode)
      done = {
        message: `Gift card ${maskGiftCardCode(form.giftCardCode)} applied: ${formatRand(tried.availableCents)} to spend`,
        headers: kept.headers,
      }
      break
    }
    case 'remove-gift-card': {
      const removed = await removeGiftCard(context)
      done = { message: 'Gift card removed', headers: removed.headers }
      break
    }
  }
  if (formData.get('fetcher') === '1') {
    return data<PromotionActionData>(
      {
        form: 'promotion',
        intent,
        result: submission.reply({ resetForm: true }),
        done: done.message,
      },
      { headers: done.headers },
    )
  }
  const headers = await createToastHeaders({ type: 'success', title: done.message }, done.headers)
  return redirect(page, { headers })
}

/**
 * Looks a gift card up for checkout, one try claimed from the address's limit first; a card that
 * can pay gives its try back, so only wrong codes count toward the limit.
 */
async function tryGiftCard(
  store: Pick<Store, 'giftCards' | 'rateLimits'>,
  code: string,
  clientIp: string,
): Promise<{ ok: true; availableCents: number } | { ok: false; status: number; message: string }> {
  const key = giftCardTryKey(clientIp)
  const claim = await claimLimits(store.rateLimits, [{ key, ...GIFT_CARD_TRIES }])
  if (!claim.ok) {
    return {
      ok: false,
      status: 429,
      message: `Too many gift card codes tried from here: at most ${GIFT_CARD_TRIES.limit} wrong ones in 10 minutes. Try again in ${minutesFrom(claim.retryAfterMs)}.`,
    }
  }
  const checked = checkGiftCard(await store.giftCards.getByCode(code))
  if (!checked.ok) return { ok: false, status: 400, message: checked.message }
  await giveBack(store.rateLimits, claim, [key])
  return { ok: true, availableCents: checked.availableCents }
}
