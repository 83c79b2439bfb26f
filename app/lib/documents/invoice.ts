import type { Address, IssuedDocument, Order } from '~/lib/data/types'
import type { ShopDetails } from '~/lib/legal/shop-details'
import { vatIncluded } from '~/lib/money'

/*
 * The figures of an order's invoice and of its credit notes (VAT Act s20 and s21), without side
 * effects: the routes render them as HTML and as a PDF. Money in integer cents; VAT is 15/115 of
 * the VAT-inclusive total, rounded once (app/lib/money.ts vatIncluded).
 */

/** Above R 5 000 a tax invoice is a full one (the buyer's name, address and VAT number). */
export const FULL_INVOICE_ABOVE_CENTS = 500_000

/**
 * `full` and `abridged`: a VAT-registered shop's "Tax Invoice" (full above R 5 000); `plain`: a
 * shop without a VAT number issues an "Invoice" that charges no VAT.
 */
export type InvoiceKind = 'full' | 'abridged' | 'plain'

export type InvoiceParty = {
  name: string
  address: string[]
  /** The buyer's: only on a full tax invoice, when given at checkout. */
  vatNumber: string | null
}

export type InvoiceLine = {
  description: string
  quantity: number
  unitPriceCents: number
  totalCents: number
}

export type InvoiceFigures = {
  kind: InvoiceKind
  title: 'Tax Invoice' | 'Invoice'
  number: string
  issuedAt: string
  orderId: string
  seller: InvoiceParty & {
    tradingName: string
    email: string
    phone: string
    registrationNumber: string | null
  }
  buyer: InvoiceParty & { email: string }
  lines: InvoiceLine[]
  /** The delivery charged (a line of its own), null when none was charged. */
  delivery: { description: string; cents: number } | null
  /** Each discount as a positive amount taken off. */
  discounts: { description: string; cents: number }[]
  /** What the buyer owes, VAT included: discounts off, gift cards and store credit not. */
  totalCents: number
  /** 15/115 of the total; null on a plain invoice (no VAT charged). */
  vatCents: number | null
  /** The total less VAT; null on a plain invoice. */
  exclusiveCents: number | null
  /** How the total was paid: gift cards and store credit are payments, not discounts. */
  payments: { description: string; cents: number }[]
}

/** The order as an invoice needs it; fields added after invoices (VAT number, refunds) optional. */
export type InvoicedOrder = Pick<
  Order,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'shippingAddress'
  | 'lines'
  | 'shippingCents'
  | 'shipping'
  | 'totalCents'
  | 'discounts'
  | 'giftCards'
  | 'storeCreditCents'
  | 'invoice'
> & { buyerVatNumber?: string | null; refunds?: readonly RefundLike[] }

/** A refund as a credit note needs it (Order['refunds'][number] carries at least these). */
export type RefundLike = {
  id: string
  amountCents: number
  reason: string
  at: string
  restocked: readonly { variantId: string; quantity: number }[]
  creditNote: IssuedDocument | null
}

export function addressLinesOf(address: Address): string[] {
  return [
    address.line1,
    address.line2,
    address.suburb,
    `${address.city} ${address.postalCode}`,
    address.province,
  ].filter((line): line is string => Boolean(line && line.trim()))
}

export function invoiceKind(shop: Pick<ShopDetails, 'vatNumber'>, totalCents: number): InvoiceKind {
  if (!shop.vatNumber) return 'plain'
  return totalCents > FULL_INVOICE_ABOVE_CENTS ? 'full' : 'abridged'
}

function lineDescription(line: Order['lines'][number]): string {
  const options = line.options.map((option) => `${option.name}: ${option.value}`).join(', ')
  return options ? `${line.name} (${options})` : line.name
}

function seller(shop: ShopDetails): InvoiceFigures['seller'] {
  return {
    name: shop.legalName,
    tradingName: shop.tradingName,
    address: [...shop.address],
    vatNumber: shop.vatNumber,
    email: shop.email,
    phone: shop.phone,
    registrationNumber: shop.registrationNumber,
  }
}

function buyer(order: InvoicedOrder, kind: InvoiceKind): InvoiceFigures['buyer'] {
  return {
    name: `${order.firstName} ${order.lastName}`.trim(),
    address: addressLinesOf(order.shippingAddress),
    email: order.email,
    vatNumber: kind === 'full' ? (order.buyerVatNumber ?? null) : null,
  }
}

/** The last four characters of a gift card's code: enough to recognise it, not to spend it. */
const cardEnding = (code: string) => code.replace(/[^A-Z0-9]/gi, '').slice(-4)

/** The invoice of `order` from the shop's details; null when the order has none. */
export function invoiceFigures(order: InvoicedOrder, shop: ShopDetails): InvoiceFigures | null {
  if (!order.invoice) return null
  const kind = invoiceKind(shop, order.totalCents)
  const vatCents = kind === 'plain' ? null : vatIncluded(order.totalCents)
  const giftCardCents = order.giftCards.reduce((sum, card) => sum + card.amountCents, 0)
  const paidByPayfast = order.totalCents - giftCardCents - order.storeCreditCents
  const payments = [
    ...order.giftCards.map((card) => ({
      description: `Gift card ending ${cardEnding(card.code)}`,
      cents: card.amountCents,
    })),
    ...(order.storeCreditCents > 0
      ? [{ description: 'Store credit', cents: order.storeCreditCents }]
      : []),
    ...(paidByPayfast > 0 ? [{ description: 'Paid online (PayFast)', cents: paidByPayfast }] : []),
  ]
  return {
    kind,
    title: kind === 'plain' ? 'Invoice' : 'Tax Invoice',
    number: order.invoice.number,
    issuedAt: order.invoice.issuedAt,
    orderId: order.id,
    seller: seller(shop),
    buyer: buyer(order, kind),
    lines: order.lines.map((line) => ({
      description: lineDescription(line),
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.unitPriceCents * line.quantity,
    })),
    delivery:
      order.shippingCents > 0
        ? { description: order.shipping?.name ?? 'Delivery', cents: order.shippingCents }
        : null,
    discounts: order.discounts
      .filter((discount) => discount.amountCents > 0)
      .map((discount) => ({ description: discount.label, cents: discount.amountCents })),
    totalCents: order.totalCents,
    vatCents,
    exclusiveCents: vatCents === null ? null : order.totalCents - vatCents,
    payments,
  }
}

export type CreditNoteFigures = {
  /** "Credit Note" always; a VAT-registered shop's shows the VAT it gives back. */
  title: 'Credit Note'
  number: string
  issuedAt: string
  /** The invoice it adjusts. */
  invoiceNumber: string
  orderId: string
  seller: InvoiceFigures['seller']
  buyer: InvoiceFigures['buyer']
  reason: string
  /** What was paid back, VAT included. */
  amountCents: number
  /** 15/115 of it; null when the shop is not VAT registered. */
  vatCents: number | null
  exclusiveCents: number | null
  /** The units that went back into stock. */
  restocked: { description: string; quantity: number }[]
}

/** The credit note numbered `number` on `order`; null when the order has no such note or no invoice. */
export function creditNoteFigures(
  order: InvoicedOrder,
  number: string,
  shop: ShopDetails,
): CreditNoteFigures | null {
  const refund = (order.refunds ?? []).find((r) => r.creditNote?.number === number)
  if (!refund?.creditNote || !order.invoice) return null
  const kind = invoiceKind(shop, order.totalCents)
  const vatCents = kind === 'plain' ? null : vatIncluded(refund.amountCents)
  return {
    title: 'Credit Note',
    number: refund.creditNote.number,
    issuedAt: refund.creditNote.issuedAt,
    invoiceNumber: order.invoice.number,
    orderId: order.id,
    seller: seller(shop),
    buyer: buyer(order, kind),
    reason: refund.reason,
    amountCents: refund.amountCents,
    vatCents,
    exclusiveCents: vatCents === null ? null : refund.amountCents - vatCents,
    restocked: refund.restocked.map((r) => {
      const line = order.lines.find((l) => l.variantId === r.variantId)
      return { description: line ? lineDescription(line) : r.variantId, quantity: r.quantity }
    }),
  }
}

/** The credit notes issued on `order`, oldest first. */
export function creditNotesOf(order: Pick<InvoicedOrder, 'refunds'>): IssuedDocument[] {
  return (order.refunds ?? []).flatMap((refund) => (refund.creditNote ? [refund.creditNote] : []))
}
