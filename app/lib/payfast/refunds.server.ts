import { createHash } from 'node:crypto'

import { remember } from '@epic-web/remember'

import { centsToRandsString, formatRand } from '~/lib/money'

import { phpUrlencode } from './signature.server'

/*
 * PayFast's Refunds API (`POST {PAYFAST_API_URL}/refunds/{pf_payment_id}`), signed with the merchant
 * headers as PayFast's API documents and its PHP SDK does (Auth::generateApiSignature): the headers
 * `merchant-id`, `version`, `timestamp` and the body's fields, with `passphrase` when one is set,
 * sorted by name, joined as a query string (PHP's urlencode) and hashed with MD5. Sandbox adds
 * `?testing=true`. In simulator mode nothing leaves the machine: the refund is kept in the
 * simulator's memory and listed at /payfast/simulator/refunds.
 *
 * Errors are values: a refusal, a 5xx, a timeout or an answer we cannot read changes nothing and
 * gives a message staff can act on.
 */

export type RefundApiConfig = {
  mode: 'simulator' | 'sandbox' | 'live'
  merchantId: string
  passphrase?: string | undefined
  /** PayFast's API host without a trailing slash (PAYFAST_API_URL). */
  apiUrl: string
}

export type PayfastRefundRequest = {
  pfPaymentId: string
  amountCents: number
  reason: string
}

export type PayfastRefundOutcome =
  { ok: true; reference: string | null } | { ok: false; message: string }

/** The API version PayFast's merchant headers name. */
export const PAYFAST_API_VERSION = 'v1'
export const REFUND_TIMEOUT_MS = 10_000

/**
 * The signature of an API call: every header and body field plus `passphrase` (when set), sorted by
 * name, `name=value` joined by `&` with PHP's urlencode (as `http_build_query`), MD5 in hex.
 */
export function apiSignature(
  fields: Readonly<Record<string, string>>,
  passphrase?: string | null,
): string {
  const all: Record<string, string> = { ...fields }
  delete all.signature
  const secret = passphrase?.trim()
  if (secret) all.passphrase = secret
  const query = Object.keys(all)
    .sort()
    .map((name) => `${phpUrlencode(name)}=${phpUrlencode(all[name] ?? '')}`)
    .join('&')
  return createHash('md5').update(query, 'utf8').digest('hex')
}

/** The body PayFast is sent: the amount in cents, the reason, and no mail from PayFast. */
export function refundBody(request: PayfastRefundRequest): Record<string, string> {
  return {
    amount: String(request.amountCents),
    reason: request.reason.slice(0, 255),
    notify_buyer: '0',
  }
}

/** A refund the simulator was asked for (PAYFAST_MODE=simulator). */
export type SimulatedRefund = {
  pfPaymentId: string
  amountCents: number
  reason: string
  at: string
  reference: string
}

/** The simulator's refunds for this process, newest first (kept across development rebuilds). */
export const simulatedRefunds: SimulatedRefund[] = remember(
  'payfast-simulator-refunds',
  (): SimulatedRefund[] => [],
)

type Deps = {
  fetch?: typeof fetch
  timeoutMs?: number
  /** ISO 8601 for the timestamp header. */
  now: () => string
}

function readReference(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null
  const data = (body as { data?: { response?: { id?: unknown } } }).data
  const id = data?.response?.id
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null
}

function readStatus(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null
  const status = (body as { status?: unknown }).status
  return typeof status === 'string' ? status : null
}

function readMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null
  const b = body as { data?: { message?: unknown; response?: unknown }; message?: unknown }
  for (const value of [b.data?.message, b.message, b.data?.response]) {
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 300)
  }
  return null
}

/**
 * Asks PayFast to refund `amountCents` of the payment `pfPaymentId`. Never throws: a refusal, an
 * error status, a timeout or an unreadable answer come back as `{ ok: false, message }`.
 */
export async function requestPayfastRefund(
  config: RefundApiConfig,
  request: PayfastRefundRequest,
  deps: Deps,
): Promise<PayfastRefundOutcome> {
  const amount = formatRand(request.amountCents)
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
    return { ok: false, message: `A refund through PayFast must be more than R 0,00.` }
  }
  if (config.mode === 'simulator') {
    const reference = `SIM-REFUND-${simulatedRefunds.length + 1}`
    simulatedRefunds.unshift({
      pfPaymentId: request.pfPaymentId,
      amountCents: request.amountCents,
      reason: request.reason,
      at: deps.now(),
      reference,
    })
    return { ok: true, reference }
  }
  const body = refundBody(request)
  const headers: Record<string, string> = {
    'merchant-id': config.merchantId,
    version: PAYFAST_API_VERSION,
    timestamp: deps.now(),
  }
  headers.signature = apiSignature({ ...headers, ...body }, config.passphrase)
  const url = `${config.apiUrl}/refunds/${encodeURIComponent(request.pfPaymentId)}${
    config.mode === 'sandbox' ? '?testing=true' : ''
  }`
  const doFetch = deps.fetch ?? fetch
  let response: Response
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(deps.timeoutMs ?? REFUND_TIMEOUT_MS),
    })
  } catch (error) {
    const timedOut =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    return {
      ok: false,
      message: timedOut
        ? `PayFast did not answer within ${Math.round((deps.timeoutMs ?? REFUND_TIMEOUT_MS) / 1000)} seconds, so nothing was refunded or recorded. Check the payment in PayFast's dashboard before trying again.`
        : `PayFast could not be reached (${error instanceof Error ? error.message : 'network error'}), so nothing was refunded. Try again in a minute.`,
    }
  }
  let parsed: unknown = null
  try {
    parsed = await response.json()
  } catch {
    parsed = null
  }
  const said = readMessage(parsed)
  if (response.status >= 500) {
    return {
      ok: false,
      message: `PayFast had a problem (HTTP ${response.status}${said ? `: ${said}` : ''}), so nothing was refunded. Try again later, or check the payment in PayFast's dashboard.`,
    }
  }
  if (response.status >= 400) {
    return {
      ok: false,
      message: `PayFast refused the refund of ${amount} (HTTP ${response.status}${said ? `: ${said}` : ''}). Nothing was refunded: check the amount and the payment ${request.pfPaymentId} in PayFast's dashboard.`,
    }
  }
  const status = readStatus(parsed)
  if (!response.ok || parsed === null || (status !== null && status.toLowerCase() !== 'success')) {
    return {
      ok: false,
      message: `PayFast's answer to the refund of ${amount} could not be read as a success${said ? ` (${said})` : ''}. Check payment ${request.pfPaymentId} in PayFast's dashboard before trying again.`,
    }
  }
  return { ok: true, reference: readReference(parsed) }
}

/** `12345` -> `123.45`, as PayFast shows a refund's amount. */
export const refundAmountText = (cents: number) => centsToRandsString(cents)
