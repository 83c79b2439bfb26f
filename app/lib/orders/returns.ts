import type { Order, OrderHistoryEntry } from '~/lib/data/types'
import { formatOptions } from '~/lib/data/variants'
import { formatRand } from '~/lib/money'

import { fulfilmentOf } from './life'

/*
 * Returns (docs/contracts.md "After the sale"): a buyer asks to send back lines of a delivered or
 * collected order within the shop's return window; staff approve or decline it (with a message),
 * mark it received (restocking the lines they choose), then refund it (the refund form, which
 * settles the return) or give store credit. Each return lives on its order (`order.returns`) with
 * its own state and history; the order's status does not change. Pure: the decision is taken here,
 * on the order as the store holds it inside the transaction that writes it
 * (`OrderStore.saveReturn`), so two staff deciding one return at once are judged one after the
 * other and the second is refused.
 */

/** Why the buyer sends it back; `changed-mind` is the ECTA's 7-day cooling-off. */
export const RETURN_REASONS = [
  'wrong-size',
  'damaged',
  'not-as-described',
  'changed-mind',
  'other',
] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  'wrong-size': 'Wrong size or fit',
  damaged: 'Arrived damaged or faulty',
  'not-as-described': 'Not as described',
  'changed-mind': 'Changed my mind (cooling-off)',
  other: 'Other reason',
}

export const RETURN_STATES = ['requested', 'approved', 'declined', 'received', 'refunded'] as const
export type ReturnState = (typeof RETURN_STATES)[number]

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested: waiting for the shop',
  approved: 'Approved: send the items back',
  declined: 'Declined',
  received: 'Received by the shop',
  refunded: 'Refunded',
}

/** Units of one order line (by its variant) in a return. */
export type ReturnLine = { variantId: string; quantity: number }

/** One step of a return's life. */
export type ReturnEvent = {
  state: ReturnState
  at: string
  /** The staff member's email; null for the buyer and the shop. */
  by: string | null
  note: string | null
}

export type OrderReturn = {
  /** "R1", "R2"... in the order, in the order they were asked for. */
  id: string
  /** The request's idempotency key (the form's hidden `returnKey`): a repeat asks nothing twice. */
  key: string | null
  lines: ReturnLine[]
  reason: ReturnReason
  /** The buyer's own words (optional; "other" reasons usually have one). */
  note: string | null
  state: ReturnState
  /** What staff told the buyer when approving or declining; null when nothing. */
  staffMessage: string | null
  /** The lines staff put back into stock when it was received. */
  restocked: ReturnLine[]
  /** The refund (OrderRefund.id) that paid it back; null when none (yet, or store credit). */
  refundId: string | null
  /** What was paid back, by refund or store credit; 0 until refunded. */
  refundedCents: number
  /** How it was paid back; null until refunded. */
  refundedAs: 'refund' | 'store-credit' | null
  requestedAt: string
  updatedAt: string
  /** Oldest first: requested, then each decision. */
  history: ReturnEvent[]
}

/** What a caller asks of an order's returns. */
export type ReturnRequest =
  | {
      move: 'request'
      key: string | null
      lines: ReturnLine[]
      reason: ReturnReason
      note: string | null
      /** The shop's return window in days (RETURN_WINDOW_DAYS). */
      windowDays: number
    }
  | { move: 'approve'; returnId: string; message: string | null; by: string | null }
  | { move: 'decline'; returnId: string; message: string; by: string | null }
  /** `restock`: the variant ids of the return's lines to put back into stock (all their units). */
  | { move: 'receive'; returnId: string; restock: readonly string[]; by: string | null }
  /** Settled by a refund the order records (A's refund form): its id and amount. */
  | { move: 'refund'; returnId: string; refundId: string; amountCents: number; by: string | null }
  | { move: 'credit'; returnId: string; amountCents: number; by: string | null }

export type ReturnMoveName = ReturnRequest['move']

/** The state each move reaches, and the states it starts from. */
const RETURN_MOVES: Record<ReturnMoveName, { from: readonly ReturnState[]; to: ReturnState }> = {
  request: { from: [], to: 'requested' },
  approve: { from: ['requested'], to: 'approved' },
  decline: { from: ['requested'], to: 'declined' },
  receive: { from: ['approved'], to: 'received' },
  refund: { from: ['received'], to: 'refunded' },
  credit: { from: ['received'], to: 'refunded' },
}

/** The staff moves a return in `state` can make (the back office offers only these). */
export function returnMovesFrom(state: ReturnState): ReturnMoveName[] {
  return (Object.keys(RETURN_MOVES) as ReturnMoveName[]).filter((move) =>
    RETURN_MOVES[move].from.includes(state),
  )
}

export type ReturnChange = {
  /** The order's returns after the move. */
  returns: OrderReturn[]
  /** The return the move made or changed. */
  changed: OrderReturn
  /** The order's history line (its status unchanged); the store stamps its time. */
  entry: Omit<OrderHistoryEntry, 'at'>
  /** Units to put back into stock. */
  restock: ReturnLine[]
}

export type ReturnDecision =
  | { kind: 'change'; change: ReturnChange }
  /** A repeat of what the return already records: nothing to write. */
  | { kind: 'unchanged'; changed: OrderReturn | null }
  | { kind: 'refused'; reason: string }

/** The order a return decision needs. */
export type ReturnOrder = Pick<
  Order,
  'id' | 'status' | 'history' | 'lines' | 'shipping' | 'returns' | 'userId'
>

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * When the order reached its buyer: the first delivered or collected line of its history; null
 * while it has not (or for gift cards sent by email, which are not sent back).
 */
export function receivedByBuyerAt(order: Pick<Order, 'history' | 'shipping'>): string | null {
  if (fulfilmentOf(order) === 'email') return null
  const entry = order.history.find((h) => h.status === 'delivered' || h.status === 'collected')
  return entry?.at ?? null
}

/** The last moment a return may be asked for; null when the order has not reached its buyer. */
export function returnWindowClosesAt(
  order: Pick<Order, 'history' | 'shipping'>,
  windowDays: number,
): string | null {
  const from = receivedByBuyerAt(order)
  return from === null ? null : new Date(Date.parse(from) + windowDays * DAY_MS).toISOString()
}

/**
 * Units of each line (by variant id) the buyer may still send back: bought, less those in returns
 * not declined. Lines in the order's order.
 */
export function returnableLines(order: Pick<Order, 'lines' | 'returns'>): ReturnLine[] {
  const taken = new Map<string, number>()
  for (const ret of order.returns) {
    if (ret.state === 'declined') continue
    for (const line of ret.lines) {
      taken.set(line.variantId, (taken.get(line.variantId) ?? 0) + line.quantity)
    }
  }
  const bought = new Map<string, number>()
  for (const line of order.lines) {
    bought.set(line.variantId, (bought.get(line.variantId) ?? 0) + line.quantity)
  }
  return [...bought].map(([variantId, quantity]) => ({
    variantId,
    quantity: Math.max(0, quantity - (taken.get(variantId) ?? 0)),
  }))
}

/** Whether a return may be asked for now: the order reached its buyer and the window is open. */
export function returnWindowState(
  order: Pick<Order, 'history' | 'shipping' | 'status'>,
  at: string,
  windowDays: number,
): { open: true; closesAt: string } | { open: false; reason: string; closesAt: string | null } {
  if (fulfilmentOf(order) === 'email') {
    return { open: false, reason: 'Gift cards sent by email cannot be returned', closesAt: null }
  }
  const closesAt = returnWindowClosesAt(order, windowDays)
  if (order.status === 'refunded') {
    return {
      open: false,
      reason: 'This order was refunded in full: nothing is left to return',
      closesAt,
    }
  }
  if (closesAt === null) {
    return {
      open: false,
      reason: 'A return can be asked for once the order is delivered or collected',
      closesAt: null,
    }
  }
  if (Date.parse(at) > Date.parse(closesAt)) {
    return {
      open: false,
      reason: `The ${windowDays}-day return window closed on ${closesAt.slice(0, 10)}`,
      closesAt,
    }
  }
  return { open: true, closesAt }
}

/** The value of a return's lines at the prices paid for them (what a refund starts from). */
export function returnValueCents(
  order: Pick<Order, 'lines'>,
  lines: readonly ReturnLine[],
): number {
  return lines.reduce((sum, line) => {
    const bought = order.lines.find((l) => l.variantId === line.variantId)
    return sum + (bought ? bought.unitPriceCents * line.quantity : 0)
  }, 0)
}

/** "2 × Mug (Colour: Blue), 1 × Tea" */
export function describeReturnLines(
  order: Pick<Order, 'lines'>,
  lines: readonly ReturnLine[],
): string {
  return lines
    .map((line) => {
      const bought = order.lines.find((l) => l.variantId === line.variantId)
      const name = bought
        ? bought.options.length
          ? `${bought.name} (${formatOptions(bought.options)})`
          : bought.name
        : line.variantId
      return `${line.quantity} × ${name}`
    })
    .join(', ')
}

/** Sums repeated variants and drops empty lines, so "1 + 1 of a mug" is "2 of a mug". */
function mergeLines(lines: readonly ReturnLine[]): ReturnLine[] {
  const merged = new Map<string, number>()
  for (const line of lines) {
    if (line.quantity <= 0) continue
    merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity)
  }
  return [...merged].map(([variantId, quantity]) => ({ variantId, quantity }))
}

/**
 * Checks a buyer's lines against the order: each bought, and no more units than are still
 * returnable; a reason naming the line and the fix, or null when they are fine.
 */
export function checkReturnLines(
  order: Pick<Order, 'lines' | 'returns'>,
  lines: readonly ReturnLine[],
): string | null {
  const wanted = mergeLines(lines)
  if (wanted.length === 0) return 'Tick at least one item to return'
  const left = new Map(returnableLines(order).map((line) => [line.variantId, line.quantity]))
  for (const line of wanted) {
    if (!Number.isInteger(line.quantity)) return 'Quantities are whole numbers'
    const bought = order.lines.find((l) => l.variantId === line.variantId)
    if (!bought) return 'That item is not in this order: choose from the order’s items'
    const free = left.get(line.variantId) ?? 0
    if (line.quantity > free) {
      return free === 0
        ? `${bought.name} is already being returned`
        : `You can return at most ${free} of ${bought.name}`
    }
  }
  return null
}

const nextReturnId = (order: Pick<Order, 'returns'>) => `R${order.returns.length + 1}`

/**
 * Decides `request` on `order` at `at` (the store's clock): refused with a reason for the buyer or
 * staff; unchanged for a repeat (the same request key, or a return already where the move takes
 * it); else the returns after the move, the history line and the units to restock.
 */
export function decideReturn(
  order: ReturnOrder,
  request: ReturnRequest,
  at: string,
): ReturnDecision {
  if (request.move === 'request') {
    if (request.key) {
      const repeat = order.returns.find((ret) => ret.key === request.key)
      if (repeat) return { kind: 'unchanged', changed: repeat }
    }
    const window = returnWindowState(order, at, request.windowDays)
    if (!window.open) return { kind: 'refused', reason: window.reason }
    const problem = checkReturnLines(order, request.lines)
    if (problem) return { kind: 'refused', reason: problem }
    const lines = mergeLines(request.lines)
    const created: OrderReturn = {
      id: nextReturnId(order),
      key: request.key,
      lines,
      reason: request.reason,
      note: request.note,
      state: 'requested',
      staffMessage: null,
      restocked: [],
      refundId: null,
      refundedCents: 0,
      refundedAs: null,
      requestedAt: at,
      updatedAt: at,
      history: [{ state: 'requested', at, by: null, note: request.note }],
    }
    return {
      kind: 'change',
      change: {
        returns: [...order.returns, created],
        changed: created,
        entry: {
          status: order.status,
          note: `Return ${created.id} requested: ${describeReturnLines(order, lines)} (${RETURN_REASON_LABELS[request.reason]})`,
          by: null,
        },
        restock: [],
      },
    }
  }
  const current = order.returns.find((ret) => ret.id === request.returnId)
  if (!current) {
    return { kind: 'refused', reason: `Order ${order.id} has no return ${request.returnId}` }
  }
  const rule = RETURN_MOVES[request.move]
  if (!rule.from.includes(current.state)) {
    if (current.state === rule.to && sameSettlement(current, request)) {
      return { kind: 'unchanged', changed: current }
    }
    return {
      kind: 'refused',
      reason: `Return ${current.id} is ${current.state}: it cannot be ${PAST[request.move]} now`,
    }
  }
  const by = request.by
  let next: OrderReturn = { ...current, state: rule.to, updatedAt: at }
  let note: string
  let restock: ReturnLine[] = []
  let eventNote: string | null = null
  switch (request.move) {
    case 'approve':
      next = { ...next, staffMessage: request.message }
      eventNote = request.message
      note = `Return ${current.id} approved${request.message ? `: ${request.message}` : ''}`
      break
    case 'decline':
      next = { ...next, staffMessage: request.message }
      eventNote = request.message
      note = `Return ${current.id} declined: ${request.message}`
      break
    case 'receive': {
      const chosen = new Set(request.restock)
      restock = current.lines.filter((line) => chosen.has(line.variantId))
      next = { ...next, restocked: restock }
      note = `Return ${current.id} received${
        restock.length
          ? `; back in stock: ${describeReturnLines(order, restock)}`
          : '; nothing restocked'
      }`
      eventNote = restock.length ? `Restocked ${describeReturnLines(order, restock)}` : null
      break
    }
    case 'refund':
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        return { kind: 'refused', reason: 'A refund amount is whole cents above R 0,00' }
      }
      next = {
        ...next,
        refundId: request.refundId,
        refundedCents: request.amountCents,
        refundedAs: 'refund',
      }
      note = `Return ${current.id} refunded: ${formatRand(request.amountCents)} (refund ${request.refundId})`
      eventNote = `Refund ${request.refundId}`
      break
    case 'credit': {
      const value = returnValueCents(order, current.lines)
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        return { kind: 'refused', reason: 'Store credit is whole cents above R 0,00' }
      }
      if (request.amountCents > value) {
        return {
          kind: 'refused',
          reason: `Store credit for return ${current.id} is at most ${formatRand(value)}, what its items cost`,
        }
      }
      if (order.userId === null) {
        return {
          kind: 'refused',
          reason: `Order ${order.id} was placed by a guest: store credit needs an account, so refund it instead`,
        }
      }
      next = { ...next, refundedCents: request.amountCents, refundedAs: 'store-credit' }
      note = `Return ${current.id} paid back as ${formatRand(request.amountCents)} store credit`
      eventNote = 'Store credit'
      break
    }
  }
  next = { ...next, history: [...current.history, { state: rule.to, at, by, note: eventNote }] }
  return {
    kind: 'change',
    change: {
      returns: order.returns.map((ret) => (ret.id === current.id ? next : ret)),
      changed: next,
      entry: { status: order.status, note, by },
      restock,
    },
  }
}

const PAST: Record<ReturnMoveName, string> = {
  request: 'requested',
  approve: 'approved',
  decline: 'declined',
  receive: 'marked received',
  refund: 'refunded',
  credit: 'paid back as store credit',
}

/** A settling move repeated for the same refund is a repeat; approve/decline/receive repeats too. */
function sameSettlement(current: OrderReturn, request: ReturnRequest): boolean {
  if (request.move === 'refund') return current.refundId === request.refundId
  if (request.move === 'credit') return current.refundedAs === 'store-credit'
  return true
}

/**
 * What the refund form starts from for a received return: its lines' value, the lines to restock
 * (none: staff restocked them when it was received) and a reason naming the return. Null when the
 * return is not waiting for its refund.
 */
export function returnRefundPrefill(
  order: Pick<Order, 'lines' | 'returns'>,
  returnId: string,
): { returnId: string; amountCents: number; reason: string } | null {
  const ret = order.returns.find((r) => r.id === returnId)
  if (!ret || ret.state !== 'received') return null
  return {
    returnId: ret.id,
    amountCents: returnValueCents(order, ret.lines),
    reason: `Return ${ret.id}: ${RETURN_REASON_LABELS[ret.reason]}`,
  }
}
