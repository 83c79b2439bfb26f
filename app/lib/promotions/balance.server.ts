import { type SubmissionResult } from '@conform-to/react'

import type { Store } from '~/lib/data/store'
import type { Cents } from '~/lib/data/types'
import { claimLimits, clientKey, minutesFrom } from '~/lib/rate-limit.server'
import { parseSubmission } from '~/lib/submission.server'

import { availableCents, maskGiftCardCode } from './gift-cards'
import { giftCardBalanceSchema } from './fields'

/** `/gift-card`: at most this many balance looks per client address (docs/contracts.md). */
export const BALANCE_LOOKS = { limit: 10, windowMs: 10 * 60 * 1000 } as const

export const UNKNOWN_CARD_MESSAGE =
  'We do not know that gift card code: check the 16 characters on your card or email and try again'
export const CANCELLED_CARD_MESSAGE =
  'This gift card has been cancelled and cannot pay for anything: contact us if you think that is wrong'

/** The rate-limit key of one client's balance looks. */
export function balanceLimitKey(clientIp: string): string {
  return `gift-card-balance:${clientKey(clientIp)}`
}

/**
 * What the page shows of a card: never more than its balance and whether it can pay (no recipient,
 * message, order or history). The code is masked: the visitor typed it, the page need not repeat it.
 */
export type BalanceView = {
  maskedCode: string
  /** What the card can pay now. */
  availableCents: Cents
  /** Part of the balance held by an order awaiting payment (0 when none). */
  heldCents: Cents
}

export type BalancePage =
  | { status: 'ask'; result: null; card: null }
  | { status: 'found'; result: null; card: BalanceView }
  | { status: 'refused'; result: SubmissionResult<string[]>; card: null }

/**
 * GET /gift-card?code=...: the card's balance. A code not shaped like ours is refused without a
 * look; each real look is claimed first (10 per 10 minutes per address, so codes cannot be
 * guessed), and an unknown and a cancelled card each say so plainly. Returns the page and its
 * HTTP status.
 */
export async function giftCardBalance({
  url,
  clientIp,
  store,
}: {
  url: URL
  clientIp: string
  store: Pick<Store, 'giftCards' | 'rateLimits'>
}): Promise<{ page: BalancePage; status: number }> {
  if (!url.searchParams.has('code'))
    return { page: { status: 'ask', result: null, card: null }, status: 200 }
  const form = new FormData()
  // Only the first `code`: the page has one field.
  form.set('code', url.searchParams.get('code') ?? '')
  const submission = parseSubmission(form, { schema: giftCardBalanceSchema })
  if (submission.status !== 'success') {
    return { page: { status: 'refused', result: submission.reply(), card: null }, status: 400 }
  }
  const limit = await claimLimits(store.rateLimits, [
    { key: balanceLimitKey(clientIp), ...BALANCE_LOOKS },
  ])
  if (!limit.ok) {
    const result = submission.reply({
      formErrors: [
        `Too many balance checks from here: at most ${BALANCE_LOOKS.limit} every 10 minutes. Try again in ${minutesFrom(limit.retryAfterMs)}.`,
      ],
    })
    return { page: { status: 'refused', result, card: null }, status: 429 }
  }
  const card = await store.giftCards.getByCode(submission.value.code)
  if (!card || !card.active) {
    const result = submission.reply({
      fieldErrors: { code: [card ? CANCELLED_CARD_MESSAGE : UNKNOWN_CARD_MESSAGE] },
    })
    return { page: { status: 'refused', result, card: null }, status: card ? 200 : 404 }
  }
  return {
    page: {
      status: 'found',
      result: null,
      card: {
        maskedCode: maskGiftCardCode(card.code),
        availableCents: availableCents(card),
        heldCents: Math.min(card.heldCents, card.balanceCents),
      },
    },
    status: 200,
  }
}
