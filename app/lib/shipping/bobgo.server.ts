import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

import { remember } from '@epic-web/remember'
import { z } from 'zod'

import { systemClock, type Clock } from '~/lib/clock'
import type { Address, Cents, Order } from '~/lib/data/types'
import { formatSastDate } from '~/lib/dates'
import { env } from '~/lib/env.server'
import { errorSummary, logger } from '~/lib/log.server'
import { centsToRandsString, parseRandsToCents } from '~/lib/money'

import { lookupCache } from './lookup-cache.server'
import type { ShippingOption, TrackedShipment, TrackingEvent } from './types'

/*
 * Bob Go's API (docs/contracts.md "Shipping": Bob Go), as the shop uses it: live courier rates at
 * checkout, orders sent after payment, and the shipments (courier, tracking number and events) read
 * back. Every call sends the key as a Bearer token, JSON both ways, and the shop's APP_URL as
 * `bobgo-channel-identifier`, and gives up after a timeout (AbortSignal). Rates never throw: a
 * failure is a log line (no secrets) and no Bob Go rates, so checkout offers the other methods.
 */

/** Checkout waits at most this long for rates. */
export const RATES_TIMEOUT_MS = 3_000
/** Order sync, fulfilments and the test connection run in the background or for staff. */
export const BACKGROUND_TIMEOUT_MS = 10_000
/** Rates for one request are kept this long... */
export const RATES_CACHE_MS = 15 * 60_000
/** ...and a failure or an empty answer this long, so a checkout's retries do not hammer Bob Go. */
export const RATES_NEGATIVE_CACHE_MS = 30_000
/** Bob Go's spec caps what checkout shows. */
export const MAX_RATES = 20
/** Bob Go's public tracking page, for a shipment that carries no tracking URL of its own. */
export const BOBGO_TRACKING_PAGE = 'https://track.bobgo.co.za'

export type BobgoSettings = {
  apiKey: string
  /** The API base, e.g. https://api.bobgo.co.za (paths add /v2/...). */
  apiUrl: string
  /** APP_URL: how Bob Go knows this shop's channel. */
  channelIdentifier: string
}

export type BobgoClientOptions = BobgoSettings & {
  /** The clock the caches go by; tests pass their own. */
  now?: Clock
  /** Where failures are noted (one line each, no secrets); default the logger, as a warning. */
  log?: (line: string) => void
  ratesTimeoutMs?: number
  backgroundTimeoutMs?: number
}

/** An address as Bob Go's payloads carry it (the shop's collection point has a `name`). */
export type BobgoAddressInput = Address & { name?: string | null; company?: string | null }

/** One line of a cart or an order, with what the couriers rate by. */
export type BobgoItem = {
  description: string
  unitPriceCents: Cents
  quantity: number
  weightGrams: number
  lengthCm?: number | null
  widthCm?: number | null
  heightCm?: number | null
}

export type RatesRequest = {
  /** Where the courier collects: the shop's collection address. */
  collection: BobgoAddressInput
  /** The shopper's delivery address (`local_area` is its suburb). */
  delivery: BobgoAddressInput
  items: readonly BobgoItem[]
  declaredValueCents: Cents
  /** Days the shop takes to hand a parcel over; default 1. */
  handlingTimeDays?: number
}

/** The parcel facts of an order's lines (by variant id), which the order itself does not keep. */
export type BobgoParcelFacts = Pick<BobgoItem, 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'>

export type ConnectionResult =
  | { ok: true; message: string }
  | { ok: false; reason: 'invalid-key' | 'not-enrolled' | 'unreachable' | 'error'; message: string }

/** A Bob Go call that did not succeed: a timeout, a network failure, or an answer we cannot use. */
export class BobgoError extends Error {
  name = 'BobgoError'
  constructor(
    message: string,
    /** The HTTP status Bob Go answered; null when it did not answer. */
    readonly status: number | null,
    /** Whether trying again later may succeed (false: Bob Go refused the payload itself). */
    readonly retryable: boolean,
  ) {
    super(message)
  }
}

export type BobgoClient = {
  /** Bob Go's rates for the cart and address as checkout options (`bobgo:{service_code}`); never throws. */
  ratesAtCheckout(request: RatesRequest): Promise<ShippingOption[]>
  /**
   * Creates the paid order in Bob Go and returns Bob Go's order id. Idempotent on `channel_ref_id`
   * (our order id): Bob Go answers the order it already holds. Throws BobgoError.
   */
  createOrder(order: Order, parcels?: ReadonlyMap<string, BobgoParcelFacts>): Promise<string>
  /** The shipments Bob Go holds for its order (none yet: []). Throws BobgoError. */
  orderFulfillments(bobgoOrderId: string): Promise<TrackedShipment[]>
  /** `GET /v2/webhooks`: whether the key works and the channel is enrolled. Never throws. */
  testConnection(): Promise<ConnectionResult>
}

// --- Payloads -----------------------------------------------------------------------------------

/** Rands as Bob Go's JSON numbers carry them (the one place cents become a decimal). */
const rands = (cents: Cents) => Number(centsToRandsString(cents))
const kilograms = (grams: number) => Math.round(Math.max(0, grams)) / 1000

export function bobgoAddress(address: BobgoAddressInput) {
  return {
    company: (address.company ?? address.name ?? '').trim(),
    street_address: [address.line1, address.line2]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(', '),
    local_area: address.suburb.trim(),
    city: address.city.trim(),
    zone: address.province,
    code: address.postalCode.trim(),
    country: 'ZA',
  }
}

function dimensions(item: Pick<BobgoItem, 'lengthCm' | 'widthCm' | 'heightCm'>) {
  const { lengthCm, widthCm, heightCm } = item
  // All three or none: a parcel with one side missing would be rated as flat.
  return lengthCm && widthCm && heightCm
    ? { length_cm: lengthCm, width_cm: widthCm, height_cm: heightCm }
    : {}
}

/** The body of `POST /v2/rates-at-checkout`. */
export function ratesPayload(request: RatesRequest) {
  return {
    collection_address: bobgoAddress(request.collection),
    delivery_address: bobgoAddress(request.delivery),
    items: request.items.map((item) => ({
      description: item.description,
      price: rands(item.unitPriceCents),
      quantity: item.quantity,
      ...dimensions(item),
      weight_kg: kilograms(item.weightGrams),
    })),
    declared_value: rands(request.declaredValueCents),
    handling_time: request.handlingTimeDays ?? 1,
  }
}

const optionText = (order: Order['lines'][number]) =>
  order.options.length
    ? `${order.name} (${order.options.map((o) => `${o.name}: ${o.value}`).join(', ')})`
    : order.name

/** The body of `POST /v2/orders` for a paid order. */
export function orderPayload(order: Order, parcels?: ReadonlyMap<string, BobgoParcelFacts>) {
  const serviceCode = order.shipping?.kind === 'bobgo' ? order.shipping.serviceCode : null
  return {
    order_number: order.id,
    channel_ref_id: order.id,
    customer: {
      name: `${order.firstName} ${order.lastName}`.trim(),
      email: order.email,
      phone: order.phone,
    },
    shipping_address: bobgoAddress({
      ...order.shippingAddress,
      company: `${order.firstName} ${order.lastName}`.trim(),
    }),
    items: order.lines.map((line, position) => {
      const facts = parcels?.get(line.variantId)
      return {
        order_item_id: `${order.id}-${position + 1}`,
        sku: line.variantId,
        description: optionText(line),
        quantity: line.quantity,
        unit_price: rands(line.unitPriceCents),
        ...(facts ? { weight_kg: kilograms(facts.weightGrams), ...dimensions(facts) } : {}),
      }
    }),
    declared_value: rands(order.subtotalCents),
    ...(serviceCode ? { service_code: serviceCode } : {}),
  }
}

// --- Answers ------------------------------------------------------------------------------------

const text = z.union([z.string(), z.number()]).transform((value) => String(value).trim())
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? null : String(value).trim()))

const rateSchema = z.object({
  service_name: text,
  service_code: text,
  total_price: z.union([z.number(), z.string()]),
  description: optionalText,
  min_delivery_date: optionalText,
  max_delivery_date: optionalText,
})

/** A service code becomes part of a posted form value (`bobgo:{code}`): printable, no spaces. */
const SERVICE_CODE = /^[\w.:-]{1,80}$/

/** "Arrives 12–14 March", "Arrives 30 May – 2 June", "Arrives 12 March"; null without dates. */
export function arrivalEstimate(min: string | null, max: string | null): string | null {
  const valid = [min, max].filter(
    (value): value is string => !!value && !Number.isNaN(Date.parse(value)),
  )
  if (valid.length === 0) return null
  const [first, last] = [valid[0]!, valid[valid.length - 1]!].map((value) =>
    formatSastDate(value).replace(/ \d{4}$/, ''),
  )
  if (first === last) return `Arrives ${first}`
  const [firstDay, firstMonth] = first!.split(' ')
  const [lastDay, lastMonth] = last!.split(' ')
  return firstMonth === lastMonth
    ? `Arrives ${firstDay}–${lastDay} ${lastMonth}`
    : `Arrives ${first} – ${last}`
}

/** Bob Go's answer as checkout options: `{ rates: [...] }` or a bare array; bad entries skipped. */
export function ratesToOptions(answer: unknown, log: (line: string) => void): ShippingOption[] {
  const list = Array.isArray(answer)
    ? answer
    : isRecord(answer) && Array.isArray(answer.rates)
      ? answer.rates
      : null
  if (!list) {
    log('Bob Go rates: the answer holds no rates list; offering the other methods')
    return []
  }
  const options: ShippingOption[] = []
  const seen = new Set<string>()
  let skipped = 0
  for (const entry of list) {
    const parsed = rateSchema.safeParse(entry)
    const priceCents = parsed.success ? parseRandsToCents(String(parsed.data.total_price)) : null
    if (
      !parsed.success ||
      priceCents === null ||
      !parsed.data.service_name ||
      !SERVICE_CODE.test(parsed.data.service_code) ||
      seen.has(parsed.data.service_code)
    ) {
      skipped += 1
      continue
    }
    const rate = parsed.data
    seen.add(rate.service_code)
    options.push({
      id: `bobgo:${rate.service_code}`,
      kind: 'bobgo',
      name: rate.service_name,
      priceCents,
      estimate: arrivalEstimate(rate.min_delivery_date, rate.max_delivery_date),
      serviceCode: rate.service_code,
    })
  }
  if (skipped) log(`Bob Go rates: ${skipped} rate(s) without a usable name, code or price skipped`)
  if (options.length > MAX_RATES) {
    log(`Bob Go rates: ${options.length} rates, showing the first ${MAX_RATES}`)
    return options.slice(0, MAX_RATES)
  }
  return options
}

const eventSchema = z.object({
  timestamp: optionalText,
  status: optionalText,
  message: optionalText,
  location: optionalText,
})

const shipmentSchema = z.object({
  shipment_id: optionalText,
  id: optionalText,
  courier: z
    .union([z.string(), z.object({ name: z.string() }).transform((c) => c.name), z.null()])
    .optional(),
  service_level: optionalText,
  tracking_number: optionalText,
  tracking_url: optionalText,
  status: optionalText,
  tracking_events: z.array(z.unknown()).optional(),
})

/** Wrappers Bob Go has put the fulfilment list under; a bare list and a single shipment also do. */
const LIST_KEYS = ['order_fulfillments', 'fulfillments', 'shipments', 'data'] as const

/** Bob Go's fulfilments as the order keeps them; entries that are not shipments are skipped. */
export function toTrackedShipments(
  answer: unknown,
  trackingPage: string | null,
): TrackedShipment[] {
  let list: unknown[] = []
  if (Array.isArray(answer)) list = answer
  else if (isRecord(answer)) {
    const key = LIST_KEYS.find((name) => Array.isArray(answer[name]))
    list = key ? (answer[key] as unknown[]) : [answer]
  }
  const shipments: TrackedShipment[] = []
  for (const entry of list) {
    const parsed = shipmentSchema.safeParse(entry)
    if (!parsed.success) continue
    const shipment = parsed.data
    const trackingNumber = shipment.tracking_number ?? ''
    const shipmentId = shipment.shipment_id ?? shipment.id
    if (!trackingNumber && !shipmentId) continue
    const events: TrackingEvent[] = []
    for (const raw of shipment.tracking_events ?? []) {
      const event = eventSchema.safeParse(raw)
      if (!event.success || !event.data.timestamp || Number.isNaN(Date.parse(event.data.timestamp)))
        continue
      events.push({
        at: new Date(Date.parse(event.data.timestamp)).toISOString(),
        status: event.data.status ?? '',
        message: event.data.message ?? event.data.status ?? '',
        location: event.data.location || null,
      })
    }
    // Newest first, as the tracking page lists them.
    events.sort((a, b) => b.at.localeCompare(a.at))
    const courier = (shipment.courier ?? '').trim()
    shipments.push({
      courier: [courier, shipment.service_level].filter(Boolean).join(' · ') || 'Courier',
      trackingNumber,
      trackingUrl:
        safeHttpUrl(shipment.tracking_url) ??
        (trackingNumber && trackingPage
          ? `${trackingPage}/${encodeURIComponent(trackingNumber)}`
          : null),
      status: shipment.status,
      events,
      source: 'bobgo',
      shipmentId: shipmentId ?? null,
    })
  }
  return shipments
}

/** Shipments Bob Go keeps after they were called off: they never ship an order. */
export function isLiveShipment(shipment: Pick<TrackedShipment, 'status'>): boolean {
  return !/cancel|fail|reject/i.test(shipment.status ?? '')
}

// --- Webhook signature --------------------------------------------------------------------------

/**
 * Whether `header` (Bobgo-Webhook-Signature) is the base64 HMAC-SHA256 of the raw body with the
 * secret, compared in constant time. No secret, no header, or a malformed one: false.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string | null | undefined,
): boolean {
  if (!secret || !header) return false
  const given = header.trim()
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(given)) return false
  const expected = createHmac('sha256', secret).update(rawBody).digest()
  const received = Buffer.from(given, 'base64')
  return received.length === expected.length && timingSafeEqual(received, expected)
}

// --- The client ---------------------------------------------------------------------------------

export function createBobgoClient(options: BobgoClientOptions): BobgoClient {
  const clock = options.now ?? systemClock
  const log = options.log ?? ((line: string) => logger.warn(line))
  const base = options.apiUrl.replace(/\/+$/, '')
  const ratesTimeoutMs = options.ratesTimeoutMs ?? RATES_TIMEOUT_MS
  const backgroundTimeoutMs = options.backgroundTimeoutMs ?? BACKGROUND_TIMEOUT_MS
  const trackingPage = /^https:\/\/api\.bobgo\.co\.za$/.test(base) ? BOBGO_TRACKING_PAGE : null
  const rates = lookupCache<ShippingOption>({
    clock,
    ttlMs: RATES_CACHE_MS,
    emptyTtlMs: RATES_NEGATIVE_CACHE_MS,
  })

  /** Error text safe for logs and the order's sync state: one line, the key never in it. */
  const describe = (error: unknown) =>
    errorSummary(error).replace(/\s+/g, ' ').split(options.apiKey).join('***').slice(0, 300)

  async function call(
    method: 'GET' | 'POST',
    path: string,
    timeoutMs: number,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'bobgo-channel-identifier': options.channelIdentifier,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      })
    } catch (error) {
      throw networkError(error, timeoutMs)
    }
    let raw: string
    try {
      raw = await response.text()
    } catch (error) {
      throw networkError(error, timeoutMs)
    }
    let json: unknown = null
    try {
      json = raw ? (JSON.parse(raw) as unknown) : null
    } catch {
      if (response.ok) throw new BobgoError(`${method} ${path}: not JSON`, response.status, true)
    }
    return { status: response.status, json }
  }

  function networkError(error: unknown, timeoutMs: number): BobgoError {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    return new BobgoError(
      timedOut ? `no answer within ${timeoutMs} ms` : `unreachable: ${describe(error)}`,
      null,
      true,
    )
  }

  function httpError(what: string, status: number, json: unknown): BobgoError {
    const detail =
      isRecord(json) && typeof json.message === 'string' ? `: ${json.message.slice(0, 200)}` : ''
    // A payload Bob Go refuses stays refused; anything else (auth, enrolment, outages) may heal.
    const retryable = !(status === 400 || status === 422)
    return new BobgoError(`${what}: Bob Go answered ${status}${detail}`, status, retryable)
  }

  async function fetchRates(payload: ReturnType<typeof ratesPayload>): Promise<ShippingOption[]> {
    try {
      const { status, json } = await call('POST', '/v2/rates-at-checkout', ratesTimeoutMs, payload)
      if (status < 200 || status >= 300) throw httpError('rates', status, json)
      return ratesToOptions(json, log)
    } catch (error) {
      log(
        `Bob Go rates unavailable (${error instanceof BobgoError ? error.message : describe(error)}); offering the other methods`,
      )
      return []
    }
  }

  return {
    async ratesAtCheckout(request) {
      let key: string
      let payload: ReturnType<typeof ratesPayload>
      try {
        payload = ratesPayload(request)
        key = createHash('sha256').update(JSON.stringify(payload)).digest('base64url')
      } catch (error) {
        log(`Bob Go rates not asked: ${describe(error)}`)
        return []
      }
      return rates(key, () => fetchRates(payload))
    },

    async createOrder(order, parcels) {
      const { status, json } = await call(
        'POST',
        '/v2/orders',
        backgroundTimeoutMs,
        orderPayload(order, parcels),
      )
      const id = isRecord(json) ? json.id : undefined
      // 409: Bob Go already holds an order for this channel_ref_id (and names it).
      if ((status >= 200 && status < 300) || status === 409) {
        if (typeof id === 'number' || (typeof id === 'string' && id.trim())) return String(id)
        if (status === 409) throw httpError(`order ${order.id}`, status, json)
        throw new BobgoError(`order ${order.id}: Bob Go's answer has no order id`, status, true)
      }
      throw httpError(`order ${order.id}`, status, json)
    },

    async orderFulfillments(bobgoOrderId) {
      const path = `/v2/order-fulfillments?order_id=${encodeURIComponent(bobgoOrderId)}`
      const { status, json } = await call('GET', path, backgroundTimeoutMs)
      if (status < 200 || status >= 300) {
        throw httpError(`fulfilments of Bob Go order ${bobgoOrderId}`, status, json)
      }
      return toTrackedShipments(json, trackingPage)
    },

    async testConnection() {
      try {
        const { status } = await call('GET', '/v2/webhooks', backgroundTimeoutMs)
        if (status >= 200 && status < 300) {
          return { ok: true, message: 'Connected: Bob Go accepts the key for this shop.' }
        }
        if (status === 401 || status === 403) {
          return {
            ok: false,
            reason: 'invalid-key',
            message: 'Bob Go refused the API key (BOBGO_API_KEY): check it in Bob Go.',
          }
        }
        if (status === 404) {
          return {
            ok: false,
            reason: 'not-enrolled',
            message: `The key is valid, but Bob Go has no sales channel for ${options.channelIdentifier}: finish the channel's setup in Bob Go.`,
          }
        }
        return { ok: false, reason: 'error', message: `Bob Go answered ${status}.` }
      } catch (error) {
        return {
          ok: false,
          reason: 'unreachable',
          message: `Couldn't reach Bob Go (${error instanceof BobgoError ? error.message : 'network error'}).`,
        }
      }
    },
  }
}

/**
 * The process's client, from the environment (BOBGO_API_KEY, BOBGO_API_URL, APP_URL); null when
 * Bob Go is off. One per process, so its rate cache serves every request.
 */
export function bobgo(): BobgoClient | null {
  const settings = env.bobgo
  if (!settings) return null
  return remember('bobgo-client', () =>
    createBobgoClient({
      apiKey: settings.apiKey,
      apiUrl: settings.apiUrl,
      channelIdentifier: env.appUrl,
    }),
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function safeHttpUrl(value: string | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}
