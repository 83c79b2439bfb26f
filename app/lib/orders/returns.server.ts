import type { Store } from '~/lib/data/index.server'
import type { Order, OutboxDraft } from '~/lib/data/types'
import { env } from '~/lib/env.server'
import { mailContext, type MailContext } from '~/lib/mail/messages.server'
import { returnRequestedShopTemplate, returnTemplate } from '~/lib/mail/templates/returns.server'
import { formatRand } from '~/lib/money'

import type { ReturnDecisionForm } from './return-fields'
import {
  decideReturn,
  type OrderReturn,
  type ReturnLine,
  type ReturnReason,
  type ReturnRequest,
} from './returns'

/*
 * Returns through the order module: every return move is decided by ./returns.ts on the order as
 * the store holds it inside the transaction that writes it (`OrderStore.saveReturn`), with its
 * history line and its mail to the buyer (keyed by the return and the state reached: once only).
 */

/** Days after delivery or collection a buyer may ask for a return (RETURN_WINDOW_DAYS, default 30). */
export function returnWindowDays(): number {
  return env.returnWindowDays
}

/** The buyer's mail for a return that reached its state, keyed by the order, return and state. */
export function returnMail(
  order: Pick<Order, 'id' | 'email' | 'firstName' | 'lines'>,
  ret: OrderReturn,
  context: MailContext,
): OutboxDraft {
  return {
    key: `return-${ret.state}:${order.id}:${ret.id}`,
    to: order.email,
    replyTo: null,
    orderId: order.id,
    ...returnTemplate(order, ret, context),
  }
}

/**
 * The shop's copy of a new request (to SHOP_EMAIL), so staff hear of it; keyed like the buyer's
 * with `:shop`.
 */
export function returnRequestedShopMail(
  order: Pick<Order, 'id' | 'email' | 'firstName' | 'lastName' | 'lines'>,
  ret: OrderReturn,
  context: MailContext,
  shopEmail: string = env.mail.shopEmail,
): OutboxDraft {
  return {
    key: `return-requested:${order.id}:${ret.id}:shop`,
    to: shopEmail,
    // Staff answering it write to the buyer.
    replyTo: order.email,
    orderId: order.id,
    ...returnRequestedShopTemplate(order, ret, context),
  }
}

export type ReturnOutcome =
  | {
      ok: true
      order: Order
      /** The return made or moved (the one found, for a repeat). */
      ret: OrderReturn | null
      /** Nothing was written: the request or decision had been made already. */
      repeated: boolean
    }
  | { ok: false; message: string; order: Order | null }

/** One return move through the store; `mail` defaults to the shop's (its name and APP_URL). */
async function moveReturn(
  store: Pick<Store, 'orders'>,
  orderId: string,
  request: ReturnRequest,
  mail?: MailContext,
): Promise<ReturnOutcome> {
  const context = mail ?? (await mailContext())
  const saved = await store.orders.saveReturn(
    orderId,
    (order, at) => decideReturn(order, request, at),
    (order, change) => [
      returnMail(order, change.changed, context),
      ...(request.move === 'request'
        ? [returnRequestedShopMail(order, change.changed, context)]
        : []),
    ],
  )
  if (!saved) return { ok: false, message: `There is no order ${orderId}`, order: null }
  const { decision, order } = saved
  if (decision.kind === 'refused') return { ok: false, message: decision.reason, order }
  if (decision.kind === 'unchanged') {
    return { ok: true, order, ret: decision.changed, repeated: true }
  }
  const ret = order.returns.find((r) => r.id === decision.change.changed.id) ?? null
  return { ok: true, order, ret, repeated: false }
}

/**
 * The buyer asks to return `lines` of their order: refused (with the reason to show) outside the
 * return window, for lines not bought, or more units than are still returnable.
 */
export async function requestReturn(
  store: Pick<Store, 'orders'>,
  orderId: string,
  input: { key: string | null; lines: ReturnLine[]; reason: ReturnReason; note: string | null },
  options: { windowDays?: number; mail?: MailContext } = {},
): Promise<ReturnOutcome> {
  return moveReturn(
    store,
    orderId,
    { move: 'request', ...input, windowDays: options.windowDays ?? returnWindowDays() },
    options.mail,
  )
}

/**
 * A received return paid back by a refund the order records (the refund form's `returnId`): the
 * return is marked refunded with the refund's id and amount, once.
 */
export async function settleReturnByRefund(
  store: Pick<Store, 'orders'>,
  orderId: string,
  returnId: string,
  refund: { refundId: string; amountCents: number; by: string | null },
  mail?: MailContext,
): Promise<ReturnOutcome> {
  return moveReturn(store, orderId, { move: 'refund', returnId, ...refund }, mail)
}

/** A staff decision as the back office's form gives it (the lines to restock may be read-only). */
export type StaffReturnDecision =
  | Exclude<ReturnDecisionForm, { intent: 'return-received' }>
  | { intent: 'return-received'; returnId: string; restock: readonly string[] }

/** What each staff decision did, for the toast. */
function doneMessage(form: StaffReturnDecision, ret: OrderReturn | null): string {
  const id = ret?.id ?? form.returnId
  switch (form.intent) {
    case 'return-approve':
      return `Return ${id} approved, the buyer mailed`
    case 'return-decline':
      return `Return ${id} declined, the buyer mailed`
    case 'return-received':
      return ret?.restocked.length
        ? `Return ${id} received, its items back in stock`
        : `Return ${id} received, nothing restocked`
    case 'return-credit':
      return `Return ${id} paid back as ${formatRand(ret?.refundedCents ?? 0)} store credit`
    case 'return-refunded':
      return `Return ${id} marked refunded`
  }
}

/**
 * A staff decision on one of the order's returns (/admin/orders/{id}): approve or decline with a
 * message, mark received (restocking the chosen lines), pay back as store credit (granted once,
 * after the return is marked, so two clicks grant once), or settle by a refund the order records.
 */
export async function staffReturnMove(
  store: Pick<Store, 'orders' | 'storeCredit'>,
  order: Order,
  form: StaffReturnDecision,
  by: string,
  mail?: MailContext,
): Promise<{ ok: true; done: string } | { ok: false; message: string }> {
  let request: ReturnRequest
  switch (form.intent) {
    case 'return-approve':
      request = { move: 'approve', returnId: form.returnId, message: form.message, by }
      break
    case 'return-decline':
      request = { move: 'decline', returnId: form.returnId, message: form.message, by }
      break
    case 'return-received':
      request = { move: 'receive', returnId: form.returnId, restock: form.restock, by }
      break
    case 'return-credit':
      request = { move: 'credit', returnId: form.returnId, amountCents: form.amount, by }
      break
    case 'return-refunded': {
      const refund = refundOf(order, form.refundId)
      if (!refund) {
        return {
          ok: false,
          message: `Order ${order.id} has no refund ${form.refundId}: refund it first, then choose that refund`,
        }
      }
      request = {
        move: 'refund',
        returnId: form.returnId,
        refundId: refund.id,
        amountCents: refund.amountCents,
        by,
      }
      break
    }
  }
  const outcome = await moveReturn(store, order.id, request, mail)
  if (!outcome.ok) return outcome
  if (request.move === 'credit' && !outcome.repeated && outcome.order.userId) {
    await store.storeCredit.grant(outcome.order.userId, request.amountCents, {
      by,
      note: `Return ${request.returnId} of order ${order.id}`,
    })
  }
  return { ok: true, done: doneMessage(form, outcome.ret) }
}

/** The order's refund with this id (A's OrderRefund), read loosely. */
function refundOf(order: Order, refundId: string): { id: string; amountCents: number } | null {
  const refunds = (order as { refunds?: readonly { id?: unknown; amountCents?: unknown }[] })
    .refunds
  const found = refunds?.find((refund) => refund.id === refundId)
  return found && typeof found.amountCents === 'number'
    ? { id: refundId, amountCents: found.amountCents }
    : null
}
