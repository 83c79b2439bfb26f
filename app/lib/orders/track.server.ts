import { type SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'

import type { Store } from '~/lib/data/index.server'
import { claimLimits, clientKey, minutesFrom } from '~/lib/rate-limit.server'
import { parseSubmission } from '~/lib/submission.server'

import { isOrderId } from './id'
import { trackFormSchema } from './track-schema'
import { expireStalePending, toTrackingView, type TrackingView } from './orders.server'

export const TRACK_LOOKUPS = { limit: 10, windowMs: 10 * 60 * 1000 } as const
export const NO_ORDER_MESSAGE = 'No order found with that id and email'

export { trackFormSchema }

export type TrackActionData =
  { ok: true; order: TrackingView } | { ok: false; result: SubmissionResult<string[]> }

/** The rate-limit key of one client's tracking lookups. */
export function trackLimitKey(clientIp: string): string {
  return `track:${clientKey(clientIp)}`
}

/**
 * POST /track_order: order id + email shows the status timeline. Every wrong pair gets the same
 * answer (no enumeration); at most 10 lookups per IP per 10 minutes.
 */
export async function trackAction({
  request,
  clientIp,
  store,
}: {
  request: Request
  clientIp: string
  store: Pick<Store, 'orders' | 'rateLimits'>
}) {
  const formData = await request.formData()
  const submission = parseSubmission(formData, { schema: trackFormSchema })
  if (submission.status !== 'success') {
    return data<TrackActionData>({ ok: false, result: submission.reply() }, { status: 400 })
  }
  const { orderId, email } = submission.value

  // Claimed before the lookup: a burst of guesses is answered at most the limit.
  const limit = await claimLimits(store.rateLimits, [
    { key: trackLimitKey(clientIp), ...TRACK_LOOKUPS },
  ])
  if (!limit.ok) {
    return data<TrackActionData>(
      {
        ok: false,
        result: submission.reply({
          formErrors: [
            `Too many lookups: at most ${TRACK_LOOKUPS.limit} every 10 minutes. Try again in ${minutesFrom(limit.retryAfterMs)}.`,
          ],
        }),
      },
      { status: 429 },
    )
  }

  await expireStalePending(store)
  const order = isOrderId(orderId) ? await store.orders.get(orderId) : null
  if (!order || order.email.trim().toLowerCase() !== email) {
    return data<TrackActionData>(
      { ok: false, result: submission.reply({ formErrors: [NO_ORDER_MESSAGE] }) },
      { status: 404 },
    )
  }
  return data<TrackActionData>({ ok: true, order: toTrackingView(order) })
}
