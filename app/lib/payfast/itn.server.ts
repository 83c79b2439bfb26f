import type { OrderStatus } from '~/lib/data/types'
import type { Store } from '~/lib/data/index.server'
import type { OrderStore } from '~/lib/data/store'
import { env } from '~/lib/env.server'
import { logger, messageFirst } from '~/lib/log.server'
import { mailForOrderMove } from '~/lib/mail/messages.server'
import { metrics } from '~/lib/metrics/metrics.server'
import { centsToRandsString, randsStringToCents } from '~/lib/money'
import type { OrderMoveName } from '~/lib/orders/life'
import { moveOrder, type OrderMailComposer, type OrderMoveDeps } from '~/lib/orders/move.server'
import { giftCardsAfterPayment } from '~/lib/orders/gift-card-products.server'
import { bobgoAfterItn } from '~/lib/shipping/bobgo-sync.server'

import { payfastAmountCents } from './amount'
import { type PayfastConfig, validateUrl } from './config'
import { ipMatcher } from './ip.server'
import {
  itnParamString,
  type PayfastPair,
  signaturesMatch,
  signParamString,
} from './signature.server'

/** The ITN as the notify route received it: `await request.text()` and `context.clientIp`. */
export type ItnInput = { body: string; sourceIp: string }

/** Where ITN outcomes are written: the process's logger by default (~/lib/log.server's messageFirst). */
export type ItnLog = {
  info(message: string, details?: Record<string, unknown>): void
  warn(message: string, details?: Record<string, unknown>): void
  error(message: string, details?: Record<string, unknown>): void
}

export type ItnDeps = {
  config: Pick<PayfastConfig, 'merchantId' | 'passphrase' | 'baseUrl' | 'validIps'>
  orders: Pick<OrderStore, 'get' | 'saveMove'>
  /** Server confirmation of the parameter string; defaults to a POST to `{base}/eng/query/validate`. */
  validate?: (paramString: string) => Promise<boolean>
  log?: ItnLog
  /**
   * The mail the settling move causes (paid, cancelled, payment failed), written by the store in
   * the same transaction as the move; none when absent.
   */
  mail?: OrderMailComposer
}

export type ItnResult = {
  /**
   * accepted: the order changed; flagged: a payment the order cannot take (no longer payable, or
   * already paid under another pf_payment_id), marked for a refund; ignored: a genuine ITN that
   * changes nothing; rejected: a check failed.
   */
  outcome: 'accepted' | 'flagged' | 'ignored' | 'rejected'
  reason: string
  orderId?: string
  status?: OrderStatus
}

/** An ITN is a few hundred bytes; anything near this is not PayFast. */
const MAX_BODY_LENGTH = 16_384
const VALIDATE_TIMEOUT_MS = 10_000

const SETTLING_MOVE: Partial<Record<string, OrderMoveName>> = {
  COMPLETE: 'pay',
  CANCELLED: 'cancel',
  FAILED: 'fail',
}

/**
 * The notify route's entry: handles the ITN against `store` (the request's) and the process's
 * PayFast settings. Never throws (see handleItn and bobgoAfterItn).
 */
export async function receiveItn(
  store: Pick<Store, 'orders' | 'bobgo' | 'products' | 'giftCards'>,
  input: ItnInput,
): Promise<ItnResult> {
  const result = await handleItn(input, {
    config: env.payfast,
    orders: store.orders,
    mail: mailForOrderMove,
  })
  // A paid order going by courier waits for the Bob Go sync job (a store write; never a call to
  // Bob Go from here). Never throws.
  await bobgoAfterItn(store, result)
  // Gift cards the order bought: issued once paid (a repeat of the ITN issues only what is
  // missing). Never throws.
  await giftCardsAfterPayment(store, result)
  return result
}

/**
 * Handles one PayFast ITN (instant transaction notification). Checks, in order: the signature, the
 * source IP, the merchant id, the order and its amount, then PayFast's server confirmation. Any
 * failed check changes nothing. An order that is no longer pending payment keeps its status, so a
 * replayed ITN is a no-op; a COMPLETE under a new pf_payment_id for one that was cancelled, failed
 * or already paid is money to give back: it is noted and the order flagged for a refund. Never
 * throws: every outcome is logged and returned; the route answers 200 whatever the outcome.
 */
export async function handleItn(input: ItnInput, deps: ItnDeps): Promise<ItnResult> {
  const log = deps.log ?? messageFirst(logger)
  let result: ItnResult
  try {
    result = await processItn(input, deps)
  } catch (error) {
    log.error('PayFast ITN could not be processed', { sourceIp: input.sourceIp, error })
    metrics.itns.inc({ outcome: 'rejected' })
    return { outcome: 'rejected', reason: `internal error: ${String(error)}` }
  }
  metrics.itns.inc({ outcome: result.outcome })
  const details = {
    sourceIp: input.sourceIp,
    orderId: result.orderId,
    status: result.status,
    reason: result.reason,
  }
  if (result.outcome === 'rejected') log.warn(`PayFast ITN rejected: ${result.reason}`, details)
  else if (result.outcome === 'flagged') log.warn(`PayFast ITN flagged: ${result.reason}`, details)
  else log.info(`PayFast ITN ${result.outcome}: ${result.reason}`, details)
  return result
}

async function processItn(input: ItnInput, deps: ItnDeps): Promise<ItnResult> {
  const reject = (reason: string, orderId?: string): ItnResult => ({
    outcome: 'rejected',
    reason,
    ...(orderId ? { orderId } : {}),
  })

  const pairs = parseFormBody(input.body)
  if (!pairs) return reject('malformed body')
  const fields = new Map(pairs)

  const received = fields.get('signature')
  if (!received) return reject('missing signature')
  const params = itnParamString(pairs)
  if (!signaturesMatch(signParamString(params, deps.config.passphrase), received)) {
    return reject('signature mismatch')
  }

  let allowed: (address: string) => boolean
  try {
    allowed = ipMatcher(deps.config.validIps)
  } catch (error) {
    return reject(`valid IP list unusable: ${String(error)}`)
  }
  if (!allowed(input.sourceIp)) return reject(`source IP ${input.sourceIp || '(none)'} not allowed`)

  if (fields.get('merchant_id') !== deps.config.merchantId) {
    return reject(`merchant_id ${JSON.stringify(fields.get('merchant_id') ?? null)} is not ours`)
  }

  const orderId = fields.get('m_payment_id') ?? ''
  if (!orderId || orderId.length > 100) return reject('missing m_payment_id')
  const order = await deps.orders.get(orderId)
  if (!order) return reject(`unknown order ${JSON.stringify(orderId)}`)

  const gross = randsStringToCents(fields.get('amount_gross') ?? '')
  if (gross === null) return reject('malformed amount_gross', orderId)
  // PayFast was asked for the rest once gift cards and store credit paid their part.
  const due = payfastAmountCents(order)
  if (gross !== due) {
    return reject(
      due === order.totalCents
        ? `amount_gross ${centsToRandsString(gross)} differs from the order total ${centsToRandsString(order.totalCents)}`
        : `amount_gross ${centsToRandsString(gross)} differs from the ${centsToRandsString(due)} left to pay by PayFast (order total ${centsToRandsString(order.totalCents)})`,
      orderId,
    )
  }

  const validate = deps.validate ?? confirmWithPayfast(deps.config)
  let confirmed: boolean
  try {
    confirmed = await validate(params)
  } catch (error) {
    return reject(`server confirmation failed: ${String(error)}`, orderId)
  }
  if (!confirmed) return reject('server confirmation did not answer VALID', orderId)

  const pfPaymentId = fields.get('pf_payment_id') ?? ''
  const paymentStatus = fields.get('payment_status') ?? ''
  const moves: OrderMoveDeps = {
    orders: deps.orders,
    ...(deps.mail ? { mail: deps.mail } : {}),
  }
  if (order.status !== 'pending_payment') {
    // A buyer who pressed "Pay now" twice paid twice: each payment has its own pf_payment_id.
    if (paymentStatus === 'COMPLETE') return flagExtraPayment(orderId, pfPaymentId, moves)
    return {
      outcome: 'ignored',
      reason: `order already ${order.status}; ${paymentStatus} for pf_payment_id ${pfPaymentId || '(none)'} not applied`,
      orderId,
      status: order.status,
    }
  }

  const move = SETTLING_MOVE[paymentStatus]
  if (!move) {
    return {
      outcome: 'ignored',
      reason: `payment_status ${JSON.stringify(paymentStatus)} does not settle an order`,
      orderId,
      status: order.status,
    }
  }
  if (move === 'pay' && !/^\d{1,32}$/.test(pfPaymentId)) {
    return reject('COMPLETE without a pf_payment_id', orderId)
  }

  const result = await moveOrder(moves, orderId, {
    move,
    note: `PayFast ${paymentStatus}${pfPaymentId ? ` (pf_payment_id ${pfPaymentId})` : ''}`,
    ...(move === 'pay' ? { pfPaymentId } : {}),
  })
  if (result.outcome === 'moved') {
    return {
      outcome: 'accepted',
      reason: `${paymentStatus}: order ${result.order.status}`,
      orderId,
      status: result.order.status,
    }
  }
  // Two ITNs for one order raced, or the expiry sweep cancelled it meanwhile: the other settled it
  // first. A losing payment is still money received (unless it is the winner's replay).
  if (move === 'pay' && result.order && result.order.status !== 'pending_payment') {
    return flagExtraPayment(orderId, pfPaymentId, moves)
  }
  const why = result.outcome === 'refused' ? result.reason : 'nothing to change'
  return { outcome: 'ignored', reason: `order settled meanwhile: ${why}`, orderId }
}

/**
 * A genuine COMPLETE the order cannot take: it is no longer payable (cancelled, expired, payment
 * failed: the goods are released) or already paid under another pf_payment_id. The money arrived,
 * so the order keeps its status, notes the payment and is flagged for a refund. A repeat of a
 * pf_payment_id already recorded (the one that paid it, or one flagged before) changes nothing.
 */
async function flagExtraPayment(
  orderId: string,
  pfPaymentId: string,
  moves: OrderMoveDeps,
): Promise<ItnResult> {
  if (!/^\d{1,32}$/.test(pfPaymentId)) {
    return { outcome: 'rejected', reason: 'COMPLETE without a pf_payment_id', orderId }
  }
  const result = await moveOrder(moves, orderId, { move: 'flag-payment', pfPaymentId })
  if (result.outcome === 'refused') {
    return { outcome: 'ignored', reason: result.reason, orderId }
  }
  const { order } = result
  return {
    outcome: result.outcome === 'moved' ? 'flagged' : 'ignored',
    reason:
      result.outcome === 'moved'
        ? `COMPLETE (pf_payment_id ${pfPaymentId}) for an order already ${order.status}: refund needed`
        : `replay of pf_payment_id ${pfPaymentId}: already recorded on the order (${order.status})`,
    orderId,
    status: order.status,
  }
}

/**
 * An x-www-form-urlencoded body as ordered pairs; null when it is malformed (bad escapes, no `=`,
 * a repeated field, too long). Repeats are refused because PHP and we would disagree on which
 * value was signed.
 */
export function parseFormBody(body: string): PayfastPair[] | null {
  if (body.length > MAX_BODY_LENGTH) return null
  const pairs: PayfastPair[] = []
  const seen = new Set<string>()
  for (const part of body.split('&')) {
    if (part === '') continue
    const at = part.indexOf('=')
    if (at <= 0) return null
    let name: string
    let value: string
    try {
      name = decodeURIComponent(part.slice(0, at).replace(/\+/g, ' '))
      value = decodeURIComponent(part.slice(at + 1).replace(/\+/g, ' '))
    } catch {
      return null
    }
    if (seen.has(name)) return null
    seen.add(name)
    pairs.push([name, value])
  }
  return pairs.length ? pairs : null
}

/**
 * PayFast's server confirmation: POSTs the parameter string to `{base}/eng/query/validate` and is
 * true only when the answer is `VALID` (10 s timeout).
 */
export function confirmWithPayfast(
  config: Pick<PayfastConfig, 'baseUrl'>,
  fetchImpl: typeof fetch = fetch,
): (paramString: string) => Promise<boolean> {
  return async (paramString) => {
    const response = await fetchImpl(validateUrl(config), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: paramString,
      signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS),
    })
    const text = await response.text()
    return response.ok && text.trim() === 'VALID'
  }
}
