import type { Order, OrderHistoryEntry, OrderRefund, OrderStatus } from '~/lib/data/types'
import { formatRand } from '~/lib/money'
import { payfastAmountCents } from '~/lib/payfast/amount'

/*
 * Refunds, decided without side effects: what is left to refund (never more than paid less earlier
 * refunds), how a refund splits between PayFast, the gift cards and store credit, the status it
 * reaches, the stock it gives back. The store persists a decision atomically
 * (`OrderStore.saveRefund`), deciding again on the order as it holds it inside the transaction.
 */

/** The statuses an order can be refunded from (it was paid and is not wholly refunded). */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = [
  'paid',
  'processing',
  'shipped',
  'delivered',
  'ready_for_collection',
  'collected',
  'partially_refunded',
]

/** Where the part of a refund that the gift cards paid goes: back to the cards, or store credit. */
export type CardRefundTarget = 'card' | 'store-credit'

export type RefundRequest = {
  /** The form's hidden `refundKey`: the refund's id; a repeat records nothing. */
  key: string
  amountCents: number
  reason: string
  /** Variant ids of the lines whose units go back into stock. */
  restock: readonly string[]
  cardTo: CardRefundTarget
  by: string | null
}

type RefundedOrder = Pick<
  Order,
  | 'id'
  | 'status'
  | 'userId'
  | 'totalCents'
  | 'giftCards'
  | 'storeCreditCents'
  | 'lines'
  | 'refunds'
  | 'pfPaymentId'
  | 'invoice'
>

export type Refundable = {
  /** What the buyer paid, all sources. */
  paidCents: number
  refundedCents: number
  /** What may still be refunded. */
  leftCents: number
  /** Of it, what PayFast took and has not paid back. */
  payfastLeftCents: number
  /** Of it, what the gift cards and store credit paid and has not gone back. */
  balanceLeftCents: number
  /** Each gift card's part not yet put back on it. */
  cardsLeft: { giftCardId: string; code: string; cents: number }[]
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

/** What `order` may still be refunded, by source. */
export function refundable(order: RefundedOrder): Refundable {
  const refunds = order.refunds ?? []
  const payfastPaid = payfastAmountCents(order)
  const balancePaid = order.totalCents - payfastPaid
  const payfastLeftCents = Math.max(0, payfastPaid - sum(refunds.map((r) => r.payfastCents)))
  const balanceLeftCents = Math.max(
    0,
    balancePaid - sum(refunds.map((r) => r.giftCardCents + r.storeCreditCents)),
  )
  const cardsLeft = (order.giftCards ?? []).map((card) => ({
    giftCardId: card.giftCardId,
    code: card.code,
    cents: Math.max(
      0,
      card.amountCents -
        sum(
          refunds.flatMap((r) =>
            (r.toCards ?? []).filter((c) => c.giftCardId === card.giftCardId).map((c) => c.cents),
          ),
        ),
    ),
  }))
  const refundedCents = sum(refunds.map((r) => r.amountCents))
  return {
    paidCents: order.totalCents,
    refundedCents,
    leftCents: payfastLeftCents + balanceLeftCents,
    payfastLeftCents,
    balanceLeftCents,
    cardsLeft,
  }
}

/** Whether staff may refund `order` now (paid, something left). */
export function canRefund(order: RefundedOrder): boolean {
  return REFUNDABLE_STATUSES.includes(order.status) && refundable(order).leftCents > 0
}

/** How a refund's amount is paid back, and what goes back into stock. */
export type RefundPlan = Pick<
  OrderRefund,
  'payfastCents' | 'giftCardCents' | 'storeCreditCents' | 'toCards' | 'restocked'
>

export type RefundField = 'amount' | 'reason' | 'restock' | 'cardTo' | 'refundKey'

export type PlanResult =
  { ok: true; plan: RefundPlan } | { ok: false; field: RefundField | null; message: string }

/**
 * Splits `request.amountCents` of `order`: PayFast's part first, then what the gift cards and store
 * credit paid (back to the cards when staff choose it and a card has room, else store credit, which
 * only an account can hold). Refused with the field and the fix when it cannot be made.
 */
export function planRefund(order: RefundedOrder, request: RefundRequest): PlanResult {
  if (!REFUNDABLE_STATUSES.includes(order.status)) {
    return {
      ok: false,
      field: null,
      message: `Order ${order.id} cannot be refunded while ${order.status.replace(/_/g, ' ')}: only a paid order can.`,
    }
  }
  if (!request.reason.trim()) {
    return {
      ok: false,
      field: 'reason',
      message: 'Reason: say why you refund, e.g. "Damaged in transit".',
    }
  }
  const left = refundable(order)
  const amount = request.amountCents
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    return { ok: false, field: 'amount', message: 'Amount: enter more than R 0,00, e.g. 150.00.' }
  }
  if (amount > left.leftCents) {
    return {
      ok: false,
      field: 'amount',
      message:
        left.leftCents === 0
          ? `Amount: order ${order.id} is refunded in full already; nothing is left to refund.`
          : `Amount: at most ${formatRand(left.leftCents)} is left to refund (paid ${formatRand(left.paidCents)}, refunded ${formatRand(left.refundedCents)}).`,
    }
  }
  const payfastCents = Math.min(amount, left.payfastLeftCents)
  if (payfastCents > 0 && !order.pfPaymentId) {
    return {
      ok: false,
      field: null,
      message: `Order ${order.id} has no PayFast payment reference, so PayFast cannot refund it: refund it in PayFast's dashboard.`,
    }
  }
  let rest = amount - payfastCents
  const toCards: RefundPlan['toCards'] = []
  if (request.cardTo === 'card') {
    for (const card of left.cardsLeft) {
      const cents = Math.min(rest, card.cents)
      if (cents > 0) toCards.push({ giftCardId: card.giftCardId, cents })
      rest -= cents
    }
  }
  const storeCreditCents = rest
  if (storeCreditCents > 0 && !order.userId) {
    return {
      ok: false,
      field: 'cardTo',
      message: `Gift card part: a guest has no account to hold ${formatRand(storeCreditCents)} of store credit; choose "back to the gift card".`,
    }
  }
  const restocked: RefundPlan['restocked'] = []
  for (const variantId of new Set(request.restock)) {
    const bought = sum(order.lines.filter((l) => l.variantId === variantId).map((l) => l.quantity))
    const back = sum(
      (order.refunds ?? []).flatMap((r) =>
        r.restocked.filter((x) => x.variantId === variantId).map((x) => x.quantity),
      ),
    )
    const name = order.lines.find((l) => l.variantId === variantId)?.name
    if (bought === 0 || !name) {
      return {
        ok: false,
        field: 'restock',
        message: 'Restock: tick only lines of this order.',
      }
    }
    if (bought - back <= 0) {
      return {
        ok: false,
        field: 'restock',
        message: `Restock: ${name} is back in stock already; untick it.`,
      }
    }
    restocked.push({ variantId, quantity: bought - back })
  }
  return {
    ok: true,
    plan: {
      payfastCents,
      giftCardCents: sum(toCards.map((c) => c.cents)),
      storeCreditCents,
      toCards,
      restocked,
    },
  }
}

/** What a decided refund changes, as the store persists it in one transaction. */
export type RefundChange = {
  refund: OrderRefund
  /** The order's refunds after it. */
  refunds: OrderRefund[]
  status: OrderStatus
  entry: Omit<OrderHistoryEntry, 'at'>
  restock: OrderRefund['restocked']
  toCards: OrderRefund['toCards']
  /** Store credit granted to the buyer's account. */
  storeCredit: { userId: string; cents: number } | null
  /**
   * The store numbers the refund's credit note (`CN-000045`, the gap-free `credit_note` counter,
   * in the refund's transaction): when the order has a tax invoice for it to adjust.
   */
  issueCreditNote: boolean
}

export type RefundDecision =
  | { kind: 'change'; change: RefundChange }
  /** A refund with this key is recorded already: nothing written. */
  | { kind: 'unchanged'; refund: OrderRefund }
  | { kind: 'refused'; field: RefundField | null; reason: string }

/** The history note of a refund. */
export function refundNote(refund: OrderRefund): string {
  const parts = [
    refund.payfastCents > 0 ? `PayFast ${formatRand(refund.payfastCents)}` : null,
    refund.giftCardCents > 0 ? `gift card ${formatRand(refund.giftCardCents)}` : null,
    refund.storeCreditCents > 0 ? `store credit ${formatRand(refund.storeCreditCents)}` : null,
  ].filter(Boolean)
  const restocked = refund.restocked.length
    ? `; ${sum(refund.restocked.map((r) => r.quantity))} unit(s) back in stock`
    : ''
  return `Refunded ${formatRand(refund.amountCents)} (${parts.join(', ')}): ${refund.reason}${restocked}`
}

/**
 * Decides a refund on `order` as stored, at `at`: unchanged when its key is recorded already;
 * refused when the plan is (see planRefund); else the refund entry, status, history, restock and
 * balances. `payfastReference` is PayFast's answer to the API call made before.
 */
export function decideRefund(
  order: RefundedOrder,
  request: RefundRequest,
  at: string,
  payfastReference: string | null,
  creditNote: OrderRefund['creditNote'] = null,
): RefundDecision {
  const refunds = order.refunds ?? []
  const earlier = refunds.find((r) => r.id === request.key)
  if (earlier) return { kind: 'unchanged', refund: earlier }
  const planned = planRefund(order, request)
  if (!planned.ok) return { kind: 'refused', field: planned.field, reason: planned.message }
  const { plan } = planned
  const refund: OrderRefund = {
    id: request.key,
    amountCents: request.amountCents,
    reason: request.reason.trim(),
    at,
    by: request.by,
    ...plan,
    payfastReference: plan.payfastCents > 0 ? payfastReference : null,
    creditNote,
  }
  const after = [...refunds, refund]
  const status: OrderStatus =
    sum(after.map((r) => r.amountCents)) >= order.totalCents ? 'refunded' : 'partially_refunded'
  return {
    kind: 'change',
    change: {
      refund,
      refunds: after,
      status,
      entry: { status, note: refundNote(refund), by: request.by },
      restock: plan.restocked,
      toCards: plan.toCards,
      storeCredit:
        plan.storeCreditCents > 0 && order.userId
          ? { userId: order.userId, cents: plan.storeCreditCents }
          : null,
      issueCreditNote: (order.invoice ?? null) !== null,
    },
  }
}
