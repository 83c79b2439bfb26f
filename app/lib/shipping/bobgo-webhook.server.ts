import { z } from 'zod'

import type { Order } from '~/lib/data/types'
import { logger } from '~/lib/log.server'

import { verifyWebhookSignature } from './bobgo.server'
import { refreshShipments, type BobgoSyncDeps } from './bobgo-sync.server'

/*
 * POST /bobgo/webhook (docs/contracts.md "Shipping": Bob Go): Bob Go tells the shop a fulfilment
 * was created or its tracking moved. The call is a trigger, not data: a signed, new event makes the
 * shop fetch the order's fulfilments from Bob Go and store them (refreshShipments), which also moves
 * the order to shipped once. Nothing is read from an unsigned body.
 */

/** Bob Go's webhooks are small JSON documents; anything near this is not one. */
export const BOBGO_WEBHOOK_BODY_LIMIT = 64 * 1024

/** The topics that carry news of an order's shipments. */
export const SHIPMENT_TOPICS = ['fulfillment/created', 'tracking/updated'] as const
/** Topics Bob Go sends that the shop has nothing to do for (its order is the shop's to change). */
export const IGNORED_TOPICS = ['order/updated'] as const

const id = z
  .union([z.string().trim().min(1).max(200), z.number().int().nonnegative()])
  .transform((value) => String(value))

const fields = z.object({
  event_id: id.optional(),
  topic: z.string().trim().min(1).max(100).optional(),
  order_id: id.optional(),
  channel_ref_id: id.optional(),
})

/** The body: `{ event_id, topic, order_id?, channel_ref_id? }`, the ids possibly inside `data`. */
const eventSchema = fields.extend({ data: fields.optional() }).transform((body, ctx) => {
  const merged = { ...body.data, ...stripUndefined(body) }
  if (!merged.event_id || !merged.topic) {
    ctx.addIssue({ code: 'custom', message: 'event_id and topic are required' })
    return z.NEVER
  }
  return {
    eventId: merged.event_id,
    topic: merged.topic,
    bobgoOrderId: merged.order_id ?? null,
    channelRefId: merged.channel_ref_id ?? null,
  }
})

export type WebhookAnswer = { status: 200 | 400 | 403 | 503; message: string }

export type WebhookDeps = BobgoSyncDeps & {
  /** BOBGO_WEBHOOK_SECRET; null or empty: every call is refused. */
  secret: string | null
  /** Where each call's outcome is noted (with the status answered); default the logger, at info. */
  note?: (line: string) => void
}

/** Handles one webhook call; never throws for anything the caller sends. */
export async function receiveBobgoWebhook(
  call: { rawBody: string; signature: string | null },
  deps: WebhookDeps,
): Promise<WebhookAnswer> {
  const note = deps.note ?? ((line: string) => logger.info(line))
  const answer = (status: WebhookAnswer['status'], message: string): WebhookAnswer => {
    note(`Bob Go webhook: ${status} ${message}`)
    return { status, message }
  }
  if (!verifyWebhookSignature(call.rawBody, call.signature, deps.secret)) {
    return answer(403, 'signature missing or wrong: nothing done')
  }
  let json: unknown
  try {
    json = JSON.parse(call.rawBody) as unknown
  } catch {
    return answer(400, 'the body is not JSON')
  }
  const parsed = eventSchema.safeParse(json)
  if (!parsed.success) return answer(400, 'the body needs an event_id and a topic')
  const event = parsed.data
  const about = `${event.topic} ${event.eventId}`
  if ((IGNORED_TOPICS as readonly string[]).includes(event.topic)) {
    return answer(200, `${about}: nothing to do for this topic`)
  }
  if (!(SHIPMENT_TOPICS as readonly string[]).includes(event.topic)) {
    return answer(400, `${about}: unknown topic`)
  }
  if (!event.bobgoOrderId && !event.channelRefId) {
    return answer(400, `${about}: names no order (order_id or channel_ref_id)`)
  }
  if (!(await deps.store.bobgo.claimEvent(event.eventId, event.topic))) {
    return answer(200, `${about}: already received, nothing done`)
  }
  let order: Order | null = null
  if (event.bobgoOrderId) order = await deps.store.bobgo.findByBobgoOrderId(event.bobgoOrderId)
  if (!order && event.channelRefId) {
    const byRef = await deps.store.orders.get(event.channelRefId)
    // The shop's own id, but only for an order Bob Go holds: the body must not pick any order.
    if (
      byRef?.bobgo?.state === 'synced' &&
      (!event.bobgoOrderId || byRef.bobgo.bobgoOrderId === event.bobgoOrderId)
    ) {
      order = byRef
    }
  }
  if (!order) {
    return answer(
      200,
      `${about}: no order here for Bob Go order ${event.bobgoOrderId ?? '-'} / channel_ref_id ${event.channelRefId ?? '-'}`,
    )
  }
  const result = await refreshShipments(deps, order.id)
  if (result.outcome === 'unavailable') {
    // Not acted on: given back, so Bob Go's retry is.
    await deps.store.bobgo.releaseEvent(event.eventId)
    return answer(
      503,
      `${about}: order ${order.id}: Bob Go's fulfilments unavailable (${result.reason})`,
    )
  }
  if (result.outcome === 'not-synced') {
    return answer(200, `${about}: order ${order.id} is not synced with Bob Go`)
  }
  return answer(
    200,
    `${about}: order ${order.id}: ${result.order.shipments.length} shipment(s) stored${result.shipped ? ', order shipped' : ''}`,
  )
}

function stripUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>
}
