import type { OptionValue, Order } from '~/lib/data/types'

import {
  RETURN_REASON_LABELS,
  RETURN_STATE_LABELS,
  returnableLines,
  returnMovesFrom,
  returnValueCents,
  returnWindowState,
  type ReturnMoveName,
  type ReturnState,
} from './returns'

/*
 * Returns as the pages show them (pure, plain data for the loaders): the buyer's order page lists
 * each return's state and offers the request form while the window is open; the back office adds
 * what staff may do next.
 */

type ViewLine = { variantId: string; name: string; options: OptionValue[]; quantity: number }

function viewLine(order: Pick<Order, 'lines'>, variantId: string, quantity: number): ViewLine {
  const bought = order.lines.find((line) => line.variantId === variantId)
  return { variantId, name: bought?.name ?? variantId, options: bought?.options ?? [], quantity }
}

export type ReturnView = {
  id: string
  state: ReturnState
  stateLabel: string
  reasonLabel: string
  note: string | null
  staffMessage: string | null
  lines: ViewLine[]
  restocked: ViewLine[]
  valueCents: number
  refundedCents: number
  refundedAs: 'refund' | 'store-credit' | null
  refundId: string | null
  requestedAt: string
  history: { state: ReturnState; label: string; at: string; note: string | null }[]
}

/** The order's returns, oldest first. */
export function returnViews(order: Pick<Order, 'lines' | 'returns'>): ReturnView[] {
  return order.returns.map((ret) => ({
    id: ret.id,
    state: ret.state,
    stateLabel: RETURN_STATE_LABELS[ret.state],
    reasonLabel: RETURN_REASON_LABELS[ret.reason],
    note: ret.note,
    staffMessage: ret.staffMessage,
    lines: ret.lines.map((line) => viewLine(order, line.variantId, line.quantity)),
    restocked: ret.restocked.map((line) => viewLine(order, line.variantId, line.quantity)),
    valueCents: returnValueCents(order, ret.lines),
    refundedCents: ret.refundedCents,
    refundedAs: ret.refundedAs,
    refundId: ret.refundId,
    requestedAt: ret.requestedAt,
    history: ret.history.map((event) => ({
      state: event.state,
      label: RETURN_STATE_LABELS[event.state],
      at: event.at,
      note: event.note,
    })),
  }))
}

export type ReturnFormView =
  | { open: true; closesAt: string; lines: (ViewLine & { unitPriceCents: number })[] }
  | { open: false; reason: string; closesAt: string | null }

/**
 * Whether the buyer may ask for a return at `at` and, when they may, the lines still returnable
 * with how many of each (`quantity` is the most they can send back).
 */
export function returnFormView(
  order: Pick<Order, 'lines' | 'returns' | 'history' | 'shipping' | 'status'>,
  at: string,
  windowDays: number,
): ReturnFormView {
  const window = returnWindowState(order, at, windowDays)
  if (!window.open) return window
  const lines = returnableLines(order)
    .filter((line) => line.quantity > 0)
    .map((line) => ({
      ...viewLine(order, line.variantId, line.quantity),
      unitPriceCents: order.lines.find((l) => l.variantId === line.variantId)?.unitPriceCents ?? 0,
    }))
  if (lines.length === 0) {
    return {
      open: false,
      reason: 'Every item of this order is already in a return',
      closesAt: window.closesAt,
    }
  }
  return { open: true, closesAt: window.closesAt, lines }
}

/** A refund of the order staff may settle a return with (A's refunds: id and amount). */
export type RefundChoice = { id: string; amountCents: number; at: string }

export type AdminReturnView = ReturnView & {
  /** The staff moves from where it is now. */
  moves: ReturnMoveName[]
  /** Store credit needs the buyer's account: guests' returns are refunded. */
  canCredit: boolean
}

/** The back office's returns: each with the moves staff may make now. */
export function adminReturnViews(order: Pick<Order, 'lines' | 'returns' | 'userId'>) {
  const views = returnViews(order)
  return views.map((view): AdminReturnView => ({
    ...view,
    moves: returnMovesFrom(view.state),
    canCredit: order.userId !== null,
  }))
}

/**
 * The order's refunds staff may settle a received return with, newest first. Read loosely: an
 * order stored before refunds existed has none.
 */
export function refundChoices(order: Order): RefundChoice[] {
  const refunds = (order as { refunds?: readonly Partial<RefundChoice>[] }).refunds ?? []
  const settled = new Set(order.returns.map((ret) => ret.refundId).filter(Boolean))
  return refunds
    .filter(
      (refund): refund is RefundChoice =>
        typeof refund.id === 'string' &&
        typeof refund.amountCents === 'number' &&
        typeof refund.at === 'string',
    )
    .filter((refund) => !settled.has(refund.id))
    .map((refund) => ({ id: refund.id, amountCents: refund.amountCents, at: refund.at }))
    .reverse()
}
