import { remember } from '@epic-web/remember'

import { nowIso } from '~/lib/clock'
import type { Store } from '~/lib/data/store'
import type { Order, OrderRefund, OutboxDraft } from '~/lib/data/types'
import { env } from '~/lib/env.server'
import { logger, messageFirst } from '~/lib/log.server'
import { mailContext, type MailContext } from '~/lib/mail/messages.server'
import { refundTemplate } from '~/lib/mail/templates/refunds.server'
import { formatRand } from '~/lib/money'
import { payfastAmountCents } from '~/lib/payfast/amount'
import {
  requestPayfastRefund,
  type PayfastRefundOutcome,
  type PayfastRefundRequest,
} from '~/lib/payfast/refunds.server'

import { latePaymentNote, secondPaymentNote } from './life'
import { moveOrder } from './move.server'
import { decideRefund, planRefund, type RefundField, type RefundRequest } from './refunds'

/*
 * A refund through the order module: PayFast's Refunds API is called first (the simulator
 * offline), and only when PayFast accepts is the refund recorded, in one transaction
 * (`OrderStore.saveRefund`: the refund entry, status, history, restock, gift cards and store
 * credit, the buyer's mail).
 *
 * If recording fails after PayFast accepted, the refund is logged at error with everything staff
 * need, and PayFast's acceptance is kept in this process under the refund key: the form keeps its
 * key, so submitting it again records the refund without asking PayFast a second time. (Kept in
 * memory only: after a restart the log line is the record, and staff check PayFast's dashboard.)
 */

export type PayfastRefunder = (request: PayfastRefundRequest) => Promise<PayfastRefundOutcome>

/** PayFast's Refunds API as the environment configures it (the simulator offline). */
export function payfastRefunder(): PayfastRefunder {
  return (request) =>
    requestPayfastRefund(
      {
        mode: env.payfast.mode,
        merchantId: env.payfast.merchantId,
        passphrase: env.payfast.passphrase,
        apiUrl: env.payfast.apiUrl,
      },
      request,
      { now: nowIso },
    )
}

export type RefundDeps = {
  store: Pick<Store, 'orders'>
  payfast: PayfastRefunder
  mail?: MailContext
  log?: Pick<Console, 'error' | 'warn'>
}

export type RefundResult =
  | { ok: true; order: Order; refund: OrderRefund; repeated: boolean }
  | { ok: false; field: RefundField | null; message: string; order: Order | null }

type Accepted = { orderId: string; payfastCents: number; reference: string | null }

/** PayFast refunds accepted whose recording failed, by refund key (see above). */
const accepted: Map<string, Accepted> = remember(
  'payfast-refunds-accepted-unrecorded',
  () => new Map<string, Accepted>(),
)

/** The buyer's mail for a refund, keyed by the order and the refund: once only. */
export function refundMail(order: Order, refund: OrderRefund, context: MailContext): OutboxDraft {
  return {
    key: `refund:${order.id}:${refund.id}`,
    to: order.email,
    replyTo: null,
    orderId: order.id,
    ...refundTemplate(order, refund, context),
  }
}

/** Refunds `request.amountCents` of order `orderId` (see the module's comment). */
export async function refundOrder(
  deps: RefundDeps,
  orderId: string,
  request: RefundRequest,
): Promise<RefundResult> {
  const log = deps.log ?? messageFirst(logger)
  const order = await deps.store.orders.get(orderId)
  if (!order) return { ok: false, field: null, message: `There is no order ${orderId}`, order }
  const earlier = order.refunds.find((r) => r.id === request.key)
  if (earlier) return { ok: true, order, refund: earlier, repeated: true }
  const planned = planRefund(order, request)
  if (!planned.ok) return { ok: false, field: planned.field, message: planned.message, order }
  const { payfastCents } = planned.plan

  let payment = accepted.get(request.key) ?? null
  if (payment && (payment.orderId !== orderId || payment.payfastCents !== payfastCents)) {
    return {
      ok: false,
      field: 'amount',
      message: `PayFast already refunded ${formatRand(payment.payfastCents)} under this form; record that amount (submit the form again as it was), or reload the page for a new refund.`,
      order,
    }
  }
  if (!payment && payfastCents > 0) {
    const outcome = await deps.payfast({
      pfPaymentId: order.pfPaymentId!,
      amountCents: payfastCents,
      reason: request.reason,
    })
    if (!outcome.ok) return { ok: false, field: null, message: outcome.message, order }
    payment = { orderId, payfastCents, reference: outcome.reference }
    accepted.set(request.key, payment)
  }
  const reference = payment?.reference ?? null
  const context = deps.mail ?? (await mailContext())
  let saved: Awaited<ReturnType<Store['orders']['saveRefund']>>
  try {
    saved = await deps.store.orders.saveRefund(
      orderId,
      (current, at) => {
        const decision = decideRefund(current, request, at, reference)
        // PayFast paid back what was planned before the call; a refund recorded meanwhile that
        // changes the split must not be written over it.
        if (decision.kind === 'change' && decision.change.refund.payfastCents !== payfastCents) {
          return {
            kind: 'refused',
            field: 'amount',
            reason: `Order ${orderId} changed while PayFast refunded ${formatRand(payfastCents)}: reload the page and check its refunds.`,
          }
        }
        return decision
      },
      (after, change) => [refundMail(after, change.refund, context)],
    )
  } catch (error) {
    log.error(
      `REFUND NOT RECORDED: PayFast accepted a refund of ${formatRand(payfastCents)} for order ${orderId} (refund key ${request.key}, PayFast reference ${reference ?? 'none'}) but storing it failed. Submit the refund form again to record it without refunding twice.`,
      error,
    )
    return {
      ok: false,
      field: null,
      message:
        payfastCents > 0
          ? `PayFast refunded ${formatRand(payfastCents)}, but the shop could not record it. Submit the form again (as it is) to record it: PayFast is not asked a second time.`
          : 'The refund could not be recorded; nothing changed. Try again.',
      order,
    }
  }
  if (!saved)
    return { ok: false, field: null, message: `There is no order ${orderId}`, order: null }
  const { decision } = saved
  if (decision.kind === 'refused') {
    if (payfastCents > 0) {
      log.error(
        `REFUND NOT RECORDED: PayFast accepted a refund of ${formatRand(payfastCents)} for order ${orderId} (refund key ${request.key}, PayFast reference ${reference ?? 'none'}) but the order refused it: ${decision.reason}`,
      )
    }
    return { ok: false, field: decision.field, message: decision.reason, order: saved.order }
  }
  accepted.delete(request.key)
  if (decision.kind === 'unchanged') {
    return { ok: true, order: saved.order, refund: decision.refund, repeated: true }
  }
  const refund = decision.change.refund
  logger.info(
    { orderId, payfastCents: refund.payfastCents, reference },
    `Order ${orderId}: refund of ${formatRand(refund.amountCents)} recorded`,
  )
  return { ok: true, order: saved.order, refund, repeated: false }
}

/**
 * The PayFast reference of a payment the order must give back (a late or second payment), from its
 * history; null when the order is not waiting for such a refund.
 */
export function latePaymentId(order: Pick<Order, 'refundNeeded' | 'history'>): string | null {
  if (!order.refundNeeded) return null
  for (const entry of [...order.history].reverse()) {
    const match = /\(pf_payment_id ([^)]+)\)/.exec(entry.note ?? '')
    if (
      match &&
      (entry.note === latePaymentNote(match[1]!) || entry.note === secondPaymentNote(match[1]!))
    ) {
      return match[1]!
    }
  }
  return null
}

/**
 * Gives back a payment the order could not take (the "refund needed" flag): through PayFast's
 * Refunds API for that payment's reference, then the `refunded` move clears the flag. The amount
 * is what PayFast was asked for the order (an ITN of another amount is refused before it flags).
 */
export async function refundLatePayment(
  deps: RefundDeps,
  orderId: string,
  by: string | null,
): Promise<{ ok: true; order: Order } | { ok: false; message: string }> {
  const order = await deps.store.orders.get(orderId)
  if (!order) return { ok: false, message: `There is no order ${orderId}` }
  const pfPaymentId = latePaymentId(order)
  if (!pfPaymentId) return { ok: false, message: `Order ${orderId} is not waiting for a refund` }
  const amountCents = payfastAmountCents(order)
  const outcome = await deps.payfast({
    pfPaymentId,
    amountCents,
    reason: `Payment ${pfPaymentId} for order ${orderId} could not be taken`,
  })
  if (!outcome.ok) return { ok: false, message: outcome.message }
  const moved = await moveOrder({ orders: deps.store.orders }, orderId, {
    move: 'refunded',
    by,
    note: `payment refunded through PayFast (pf_payment_id ${pfPaymentId}, ${formatRand(amountCents)})`,
  })
  if (moved.outcome === 'refused') {
    const log = deps.log ?? messageFirst(logger)
    log.error(
      `REFUND NOT RECORDED: PayFast refunded ${formatRand(amountCents)} of payment ${pfPaymentId} for order ${orderId} but the order refused it: ${moved.reason}`,
    )
    return { ok: false, message: moved.reason }
  }
  return { ok: true, order: moved.order }
}
