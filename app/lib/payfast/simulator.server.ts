import { randomInt } from 'node:crypto'

import { remember } from '@epic-web/remember'

import { safeRedirect } from '~/lib/http.server'
import { centsToRandsString, randsStringToCents } from '~/lib/money'

import type { PayfastConfig } from './config'
import {
  itnParamString,
  paramString,
  type PayfastPair,
  phpUrlencode,
  signature,
  signaturesMatch,
  signParamString,
} from './signature.server'

/**
 * The built-in PayFast simulator's logic (PAYFAST_MODE=simulator): it checks a payment request as
 * PayFast does, sends the ITN and answers server confirmations. The routes under
 * app/routes/payfast.simulator.* only parse requests and render.
 */

/** The payment request fields PayFast accepts, in the documented order it signs them in. */
export const PAYMENT_REQUEST_FIELDS = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'payment_method',
] as const
type RequestField = (typeof PAYMENT_REQUEST_FIELDS)[number]
const FIELD_RANK = new Map<string, number>(PAYMENT_REQUEST_FIELDS.map((name, i) => [name, i]))

/** Custom fields PayFast echoes in every ITN, blank when the request left them out. */
const ECHOED_CUSTOM_FIELDS = [
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
] as const

/** A payment request that passed PayFast's checks. */
export type PaymentRequest = {
  /** The fields exactly as posted (signature included), to carry through the pay/cancel form. */
  pairs: PayfastPair[]
  fields: Partial<Record<RequestField, string>>
  amountCents: number
}

export type PaymentRequestCheck =
  { ok: true; request: PaymentRequest } | { ok: false; error: string }

/**
 * Checks posted payment fields as PayFast's `/eng/process` would: only known fields, none twice,
 * our merchant id and key, an amount, an item name, http(s) URLs, and a signature computed over the
 * fields in PayFast's documented order (a form that signs another order fails, as on PayFast).
 */
export function checkPaymentRequest(
  pairs: readonly PayfastPair[],
  config: Pick<PayfastConfig, 'merchantId' | 'merchantKey' | 'passphrase'>,
): PaymentRequestCheck {
  const fail = (error: string): PaymentRequestCheck => ({ ok: false, error })
  const fields: Partial<Record<RequestField, string>> = {}
  let received: string | undefined
  const seen = new Set<string>()
  for (const [name, value] of pairs) {
    if (seen.has(name)) return fail(`The field ${name} was sent more than once.`)
    seen.add(name)
    if (name === 'signature') received = value
    else if (FIELD_RANK.has(name)) fields[name as RequestField] = value.trim()
    else return fail(`The field ${name} is not a PayFast payment field.`)
  }

  if (!fields.merchant_id || !fields.merchant_key) {
    return fail('The merchant_id and merchant_key fields are required.')
  }
  if (fields.merchant_id !== config.merchantId || fields.merchant_key !== config.merchantKey) {
    return fail(
      `The merchant ${fields.merchant_id} / ${fields.merchant_key} is not known to this gateway.`,
    )
  }
  const amountCents = randsStringToCents(fields.amount ?? '')
  if (amountCents === null || amountCents <= 0) {
    return fail(
      `The amount ${JSON.stringify(fields.amount ?? '')} is not a positive amount such as 123.45.`,
    )
  }
  if (!fields.item_name) return fail('The item_name field is required.')
  if ([...fields.item_name].length > 100)
    return fail('The item_name is longer than 100 characters.')
  for (const name of ['return_url', 'cancel_url', 'notify_url'] as const) {
    const url = fields[name]
    if (url && !isHttpUrl(url))
      return fail(`The ${name} ${JSON.stringify(url)} is not an http(s) URL.`)
  }
  if (!received) return fail('The signature field is missing.')

  const documented = pairs
    .filter(([name]) => name !== 'signature')
    .sort(([a], [b]) => (FIELD_RANK.get(a) ?? 0) - (FIELD_RANK.get(b) ?? 0))
  if (!signaturesMatch(signature(documented, config.passphrase), received)) {
    const inOrder = documented.every(
      ([name], i) => pairs.filter(([n]) => n !== 'signature')[i]?.[0] === name,
    )
    return fail(
      `The signature does not match. PayFast signs "${paramString(documented)}" (plus the passphrase, if one is set)` +
        (inOrder ? '.' : '; the fields were not posted in its documented order.'),
    )
  }
  return { ok: true, request: { pairs: [...pairs], fields, amountCents } }
}

/**
 * The path of a return_url or cancel_url on the shop itself (APP_URL's origin, under its path), or
 * null when it points anywhere else: the simulator sends buyers back only into the shop, so a signed
 * request cannot turn it into an open redirect.
 */
export function shopPath(url: string, appUrl: string): string | null {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return null
  }
  const shop = new URL(appUrl)
  const prefix = shop.pathname.replace(/\/+$/, '')
  if (target.origin !== shop.origin) return null
  if (prefix && target.pathname !== prefix && !target.pathname.startsWith(`${prefix}/`)) return null
  const path = safeRedirect(`${target.pathname}${target.search}${target.hash}`, '')
  return path || null
}

/** Refuses a checked request whose return_url or cancel_url leaves the shop; null when both stay. */
export function foreignReturnUrl(request: PaymentRequest, appUrl: string): string | null {
  for (const name of ['return_url', 'cancel_url'] as const) {
    const url = request.fields[name]
    if (url && shopPath(url, appUrl) === null) {
      return `The ${name} ${JSON.stringify(url)} is not a page of this shop (${appUrl}): the simulator returns buyers only to the shop.`
    }
  }
  return null
}

/**
 * Where the simulator sends every ITN: the shop's own notify route under APP_URL, whatever host the
 * posted notify_url names, so a signed request cannot make the server POST anywhere else.
 */
export function shopNotifyUrl(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, '')}/payfast/notify`
}

export type ItnStatus = 'COMPLETE' | 'CANCELLED'

export type Itn = {
  pairs: PayfastPair[]
  /** What PayFast signs and what `/eng/query/validate` is asked about. */
  paramString: string
  /** The x-www-form-urlencoded body to POST to notify_url. */
  body: string
}

/** PayFast's fee on a payment, made up: 3.5% plus R2.00, rounded to the cent. */
export function simulatedFeeCents(grossCents: number): number {
  return Math.floor((grossCents * 35 + 500) / 1000) + 200
}

/** The ITN PayFast would send for a checked payment request, fields in PayFast's order. */
export function buildItn(
  request: PaymentRequest,
  status: ItnStatus,
  options: { pfPaymentId: string; passphrase?: string | undefined },
): Itn {
  const f = request.fields
  const fee = simulatedFeeCents(request.amountCents)
  const unsigned: PayfastPair[] = [
    ['m_payment_id', f.m_payment_id ?? ''],
    ['pf_payment_id', options.pfPaymentId],
    ['payment_status', status],
    ['item_name', f.item_name ?? ''],
    ['item_description', f.item_description ?? ''],
    ['amount_gross', centsToRandsString(request.amountCents)],
    ['amount_fee', centsToRandsString(-fee)],
    ['amount_net', centsToRandsString(request.amountCents - fee)],
    ...ECHOED_CUSTOM_FIELDS.map((name): PayfastPair => [name, f[name] ?? '']),
    ['name_first', f.name_first ?? ''],
    ['name_last', f.name_last ?? ''],
    ['email_address', f.email_address ?? ''],
    ['merchant_id', f.merchant_id ?? ''],
  ]
  const params = itnParamString(unsigned)
  const sig = signParamString(params, options.passphrase)
  return {
    pairs: [...unsigned, ['signature', sig]],
    paramString: params,
    body: `${params}&signature=${phpUrlencode(sig)}`,
  }
}

/** A PayFast-like payment reference: seven random digits. */
export function newPfPaymentId(): string {
  return String(randomInt(1_000_000, 10_000_000))
}

/**
 * The parameter strings of ITNs the simulator sent, newest last, at most `capacity` of them, so
 * `/eng/query/validate` confirms exactly those. NOTE: one process only; a second server instance
 * would answer INVALID for the first one's ITNs (the simulator is a development tool).
 */
export class SentItns {
  private readonly sent = new Set<string>()
  constructor(private readonly capacity = 500) {}

  remember(paramString: string): void {
    this.sent.delete(paramString)
    this.sent.add(paramString)
    while (this.sent.size > this.capacity) {
      const oldest = this.sent.values().next().value
      if (oldest === undefined) break
      this.sent.delete(oldest)
    }
  }

  /** `VALID` for a parameter string this simulator sent, `INVALID` for anything else. */
  answer(paramString: string): 'VALID' | 'INVALID' {
    return this.sent.has(paramString) ? 'VALID' : 'INVALID'
  }

  get size(): number {
    return this.sent.size
  }
}

/**
 * The simulator's memory of sent ITNs for this process, remembered so a development rebuild, which
 * re-imports the server bundle, keeps it.
 */
export const sentItns: SentItns = remember('payfast-simulator-sent-itns', () => new SentItns())

export type ItnDelivery = { delivered: boolean; detail: string }

/**
 * Sends an ITN to notify_url over HTTP and waits for the answer, remembering its parameter string
 * first (the shop confirms it with `/eng/query/validate` while this request is still open).
 */
export async function deliverItn(
  notifyUrl: string,
  itn: Itn,
  options: { memory?: SentItns; fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<ItnDelivery> {
  const memory = options.memory ?? sentItns
  memory.remember(itn.paramString)
  try {
    const response = await (options.fetchImpl ?? fetch)(notifyUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'PayFast simulator',
      },
      body: itn.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    await response.arrayBuffer()
    return { delivered: response.status === 200, detail: `notify_url answered ${response.status}` }
  } catch (error) {
    return { delivered: false, detail: `notify_url unreachable: ${String(error)}` }
  }
}

/** Form data as ordered string pairs; null when a value is a file. */
export function formPairs(formData: FormData): PayfastPair[] | null {
  const pairs: PayfastPair[] = []
  for (const [name, value] of formData.entries()) {
    if (typeof value !== 'string') return null
    pairs.push([name, value])
  }
  return pairs
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
