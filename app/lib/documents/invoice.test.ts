import { describe, expect, it } from 'vitest'

import { DEMO_SHOP_DETAILS, type ShopDetails } from '~/lib/legal/shop-details'
import { pendingOrder } from '~/lib/orders/orders.test-helper'

import {
  creditNoteFigures,
  creditNotesOf,
  invoiceFigures,
  invoiceKind,
  type InvoicedOrder,
  type RefundLike,
} from './invoice'
import { documentNumber, isDocumentNumber } from './numbers'

const REGISTERED: ShopDetails = { ...DEMO_SHOP_DETAILS, vatNumber: '4123456789' }
const NOT_REGISTERED: ShopDetails = { ...DEMO_SHOP_DETAILS, vatNumber: null }
const ISSUED = { number: 'INV-000042', issuedAt: '2026-11-20T09:30:00.000Z' }

/** A paid order of R 398,00 (two rooibos, one honey, R 99,00 delivery) with its invoice. */
function paid(overrides: Partial<InvoicedOrder> = {}): InvoicedOrder {
  return { ...pendingOrder(), invoice: ISSUED, ...overrides }
}

describe('document numbers', () => {
  it('pads to six digits and grows past them, never zero or fractions', () => {
    expect(documentNumber('INV', 123)).toBe('INV-000123')
    expect(documentNumber('CN', 7)).toBe('CN-000007')
    expect(documentNumber('INV', 1_234_567)).toBe('INV-1234567')
    expect(() => documentNumber('INV', 0)).toThrow(RangeError)
    expect(() => documentNumber('INV', 1.5)).toThrow(RangeError)
    expect(isDocumentNumber('CN-000007', 'CN')).toBe(true)
    expect(isDocumentNumber('INV-000007', 'CN')).toBe(false)
    expect(isDocumentNumber('cn-000007', 'CN')).toBe(false)
    expect(isDocumentNumber('CN-7', 'CN')).toBe(false)
  })
})

describe('invoice figures', () => {
  it('has none for an order without an invoice (unpaid, or paid before invoices)', () => {
    expect(invoiceFigures(paid({ invoice: null }), REGISTERED)).toBeNull()
  })

  it('lists each line, the delivery and the total with VAT at 15/115, rounded to the cent', () => {
    const figures = invoiceFigures(paid(), REGISTERED)!
    expect(figures).toMatchObject({
      kind: 'abridged',
      title: 'Tax Invoice',
      number: 'INV-000042',
      issuedAt: ISSUED.issuedAt,
      orderId: 'K7M2P9QRTW',
      lines: [
        { description: 'Rooibos tea', quantity: 2, unitPriceCents: 8950, totalCents: 17_900 },
        { description: 'Fynbos honey', quantity: 1, unitPriceCents: 12_000, totalCents: 12_000 },
      ],
      delivery: { description: 'Delivery', cents: 9900 },
      discounts: [],
      totalCents: 39_800,
      // 39 800 x 15 / 115 = 5 191.30...
      vatCents: 5191,
      exclusiveCents: 34_609,
      payments: [{ description: 'Paid online (PayFast)', cents: 39_800 }],
    })
    expect(figures.seller).toMatchObject({ name: 'Karoo & Co. (Pty) Ltd', vatNumber: '4123456789' })
  })

  it.each([
    [115, 15], // exactly 15
    [100, 13], // 13.04: down
    [4, 1], // 0.52: up
    [1, 0], // 0.13
    [999_999, 130_435], // 130 434.65: up
  ])('VAT on a total of %i cents is %i cents, and with the rest makes the total', (total, vat) => {
    const figures = invoiceFigures(paid({ totalCents: total }), REGISTERED)!
    expect(figures.vatCents).toBe(vat)
    expect(figures.vatCents! + figures.exclusiveCents!).toBe(total)
  })

  it('is a full tax invoice above R 5 000 with the buyer named and their VAT number, abridged at R 5 000', () => {
    const atLimit = invoiceFigures(
      paid({ totalCents: 500_000, buyerVatNumber: '4987654321' }),
      REGISTERED,
    )!
    expect(atLimit.kind).toBe('abridged')
    expect(atLimit.buyer.vatNumber).toBeNull()

    const above = invoiceFigures(
      paid({ totalCents: 500_001, buyerVatNumber: '4987654321' }),
      REGISTERED,
    )!
    expect(above).toMatchObject({ kind: 'full', title: 'Tax Invoice' })
    expect(above.buyer).toEqual({
      name: 'Thandi Mokoena',
      address: expect.arrayContaining([pendingOrder().shippingAddress.line1]) as string[],
      email: 'thandi@example.co.za',
      vatNumber: '4987654321',
    })
    // A buyer who gave none: still full, without a VAT number.
    expect(invoiceFigures(paid({ totalCents: 600_000 }), REGISTERED)!.buyer.vatNumber).toBeNull()
  })

  it('is a plain "Invoice" charging no VAT when the shop has no VAT number', () => {
    const figures = invoiceFigures(paid({ totalCents: 900_000 }), NOT_REGISTERED)!
    expect(figures).toMatchObject({
      kind: 'plain',
      title: 'Invoice',
      vatCents: null,
      exclusiveCents: null,
    })
    expect(invoiceKind({ vatNumber: null }, 1)).toBe('plain')
  })

  it('takes discounts off but counts gift cards and store credit as payments of the full total', () => {
    const figures = invoiceFigures(
      paid({
        // R 398,00 less a R 39,80 discount = R 358,20, paid R 100 by card, R 50 by credit.
        totalCents: 35_820,
        discounts: [
          {
            discountId: 'd1',
            code: 'SAVE10',
            kind: 'percent',
            label: 'Code SAVE10: 10% off',
            amountCents: 3980,
            on: 'items',
          },
        ],
        giftCards: [{ giftCardId: 'g1', code: 'ABCD-EFGH-JKLM-NPQR', amountCents: 10_000 }],
        storeCreditCents: 5000,
      }),
      REGISTERED,
    )!
    expect(figures.discounts).toEqual([{ description: 'Code SAVE10: 10% off', cents: 3980 }])
    expect(figures.totalCents).toBe(35_820)
    // VAT on the whole total: the card and credit paid part of it, they did not reduce it.
    expect(figures.vatCents).toBe(Math.round((35_820 * 15) / 115))
    expect(figures.payments).toEqual([
      { description: 'Gift card ending NPQR', cents: 10_000 },
      { description: 'Store credit', cents: 5000 },
      { description: 'Paid online (PayFast)', cents: 20_820 },
    ])
  })

  it('names a line by its options and the delivery by its method', () => {
    const order = pendingOrder()
    const figures = invoiceFigures(
      paid({
        lines: [
          {
            ...order.lines[0]!,
            name: 'Linen shirt',
            options: [
              { name: 'Size', value: 'M' },
              { name: 'Colour', value: 'Sand' },
            ],
          },
        ],
        shipping: {
          id: 'courier',
          kind: 'standard',
          name: 'Courier to your door',
          estimate: null,
          pickupPoint: null,
          serviceCode: null,
          collection: null,
        },
      }),
      REGISTERED,
    )!
    expect(figures.lines[0]!.description).toBe('Linen shirt (Size: M, Colour: Sand)')
    expect(figures.delivery).toEqual({ description: 'Courier to your door', cents: 9900 })
    expect(invoiceFigures(paid({ shippingCents: 0 }), REGISTERED)!.delivery).toBeNull()
  })
})

describe('credit note figures', () => {
  const refund: RefundLike = {
    id: 'refund-1',
    amountCents: 8950,
    reason: 'Damaged in transit',
    at: '2026-11-22T10:00:00.000Z',
    restocked: [{ variantId: 'rooibos', quantity: 1 }],
    creditNote: { number: 'CN-000003', issuedAt: '2026-11-22T10:00:00.000Z' },
  }

  it('names the invoice it adjusts, the amount, its VAT, the reason and the units restocked', () => {
    const order = paid({ refunds: [refund] })
    expect(creditNoteFigures(order, 'CN-000003', REGISTERED)).toMatchObject({
      title: 'Credit Note',
      number: 'CN-000003',
      invoiceNumber: 'INV-000042',
      orderId: 'K7M2P9QRTW',
      reason: 'Damaged in transit',
      amountCents: 8950,
      // 8 950 x 15 / 115 = 1 167.39...
      vatCents: 1167,
      exclusiveCents: 7783,
      restocked: [{ description: 'Rooibos tea', quantity: 1 }],
    })
    expect(creditNotesOf(order)).toEqual([refund.creditNote])
  })

  it('has none for an unknown number, a refund without a note, or a shop without VAT shows no VAT', () => {
    const order = paid({ refunds: [refund, { ...refund, id: 'refund-2', creditNote: null }] })
    expect(creditNoteFigures(order, 'CN-000004', REGISTERED)).toBeNull()
    expect(creditNotesOf(order)).toHaveLength(1)
    expect(creditNoteFigures(order, 'CN-000003', NOT_REGISTERED)).toMatchObject({
      vatCents: null,
      exclusiveCents: null,
    })
  })
})
