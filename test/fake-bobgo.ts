import { createHmac } from 'node:crypto'

import { startFakeHttpServer, type FakeHttpMode, type FakeHttpRequest } from './fake-http-server'

/**
 * A fake of Bob Go's API (v2) on loopback, speaking the endpoints of Bob Go's channel integration
 * spec that the shop uses:
 *
 * - `GET /v2/webhooks` (the "test connection" call): 200 for a known key and an enrolled channel,
 *   401 for another key, 404 for a channel Bob Go does not know;
 * - `POST /v2/rates-at-checkout`: `{ "rates": [...] }` (or a bare array, `ratesShape`);
 * - `POST /v2/orders`: creates an order with Bob Go's `id`; idempotent on `channel_ref_id` (the same
 *   value answers the order it created, never a second one);
 * - `GET /v2/order-fulfillments?order_id=`: the shipments staff set for that order (`[]` for none).
 *
 * Every request is recorded (method, path, query, headers, parsed body). Outages are programmable:
 * `failNext(500, ...)` answers the next requests with those statuses, `mode` `hang` accepts and
 * never answers, `error` answers everything 500.
 */

export type FakeBobgoRequest = FakeHttpRequest

export type FakeBobgoRate = {
  service_name: string
  service_code: string
  total_price: number | string
  description?: string
  min_delivery_date?: string
  max_delivery_date?: string
}

export type FakeBobgoShipment = {
  shipment_id: string | number
  courier: string
  service_level?: string
  tracking_number: string
  tracking_url?: string | null
  status: string
  tracking_events: {
    timestamp: string
    status: string
    message: string
    location?: string | null
  }[]
}

export type FakeBobgoOrder = {
  id: number
  channel_ref_id: string
  payload: Record<string, unknown>
}

export type FakeBobgoMode = FakeHttpMode

export const FAKE_BOBGO_KEY = 'fake-bobgo-key'
export const FAKE_BOBGO_WEBHOOK_SECRET = 'fake-bobgo-webhook-secret'

/** The Bobgo-Webhook-Signature of a body: base64 HMAC-SHA256 with the secret, as Bob Go signs. */
export function signBobgoWebhook(body: string, secret = FAKE_BOBGO_WEBHOOK_SECRET): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64')
}

export async function startFakeBobgo(
  options: { apiKey?: string; channels?: readonly string[] } = {},
) {
  const apiKey = options.apiKey ?? FAKE_BOBGO_KEY
  /** Channel identifiers Bob Go knows; empty: any channel is enrolled. */
  const channels = new Set(options.channels ?? [])
  const orders = new Map<string, FakeBobgoOrder>()
  const fulfillments = new Map<string, FakeBobgoShipment[]>()
  let nextOrderId = 5001
  let rates: FakeBobgoRate[] = []
  let ratesShape: 'object' | 'array' = 'object'
  let fulfillmentsShape: 'array' | 'object' = 'array'

  const http = await startFakeHttpServer(({ method, path, query, headers, body }, { json }) => {
    if (headers.authorization !== `Bearer ${apiKey}`) {
      return json(401, { message: 'Unauthorized' })
    }
    const channel = headers['bobgo-channel-identifier']
    if (typeof channel !== 'string' || (channels.size > 0 && !channels.has(channel))) {
      return json(404, { message: 'Channel not found' })
    }
    const route = `${method} ${path}`
    if (route === 'GET /v2/webhooks') return json(200, [])
    if (route === 'POST /v2/rates-at-checkout') {
      if (!isRecord(body) || !isRecord(body.delivery_address) || !Array.isArray(body.items)) {
        return json(400, { message: 'delivery_address and items are required' })
      }
      return json(200, ratesShape === 'array' ? rates : { rates })
    }
    if (route === 'POST /v2/orders') {
      if (!isRecord(body) || typeof body.channel_ref_id !== 'string' || !body.channel_ref_id) {
        return json(400, { message: 'channel_ref_id is required' })
      }
      const known = orders.get(body.channel_ref_id)
      if (known) return json(200, { id: known.id, channel_ref_id: known.channel_ref_id })
      const order = { id: nextOrderId++, channel_ref_id: body.channel_ref_id, payload: body }
      orders.set(order.channel_ref_id, order)
      return json(201, { id: order.id, channel_ref_id: order.channel_ref_id })
    }
    if (route === 'GET /v2/order-fulfillments') {
      const orderId = query.get('order_id') ?? ''
      if (![...orders.values()].some((order) => String(order.id) === orderId)) {
        return json(404, { message: `Order ${orderId} not found` })
      }
      const shipments = fulfillments.get(orderId) ?? []
      return json(200, fulfillmentsShape === 'array' ? shipments : { fulfillments: shipments })
    }
    json(404, { message: `No route ${route}` })
  })

  return {
    /** BOBGO_API_URL for the client: the fake's base (paths add /v2/...). */
    url: http.url,
    apiKey,
    requests: http.requests,
    /** Requests to one route, e.g. `calls('POST', '/v2/orders')`. */
    calls: http.calls,
    /** The orders Bob Go holds, one per channel_ref_id. */
    orders,
    setRates(next: FakeBobgoRate[], shape: 'object' | 'array' = 'object') {
      rates = structuredClone(next)
      ratesShape = shape
    },
    /** The shipments Bob Go reports for its order id (as a bare array, or `{ fulfillments }`). */
    setFulfillments(
      bobgoOrderId: string | number,
      next: FakeBobgoShipment[],
      shape: 'array' | 'object' = 'array',
    ) {
      fulfillments.set(String(bobgoOrderId), structuredClone(next))
      fulfillmentsShape = shape
    },
    /** The next requests answer these statuses, in order. */
    failNext: http.failNext,
    /** Forgets orders, shipments, rates, forced statuses and recorded requests; answers again. */
    reset() {
      orders.clear()
      fulfillments.clear()
      rates = []
      nextOrderId = 5001
      http.reset()
    },
    setMode: (next: FakeBobgoMode) => http.setMode(next),
    close: http.close,
  }
}

export type FakeBobgo = Awaited<ReturnType<typeof startFakeBobgo>>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
