import { product } from '~/lib/data/contract.suite'
import type {
  IssuedCreditNote,
  OrderStore,
  PeriodPageRequest,
  ProductStore,
  Store,
} from '~/lib/data/store'
import type { Order, OrderRefund } from '~/lib/data/types'
import { pendingOrder } from '~/lib/orders/orders.test-helper'

/*
 * The reports' fixture: orders paid either side of midnight SAST (UTC+2) at the edges of the
 * period 1–2 March 2026, with a discount code, a free-delivery offer, a gift card, store credit
 * and partial refunds (one after a return) made in a later period than their order's payment.
 */

export const MARCH_1_2 = { from: '2026-03-01', to: '2026-03-02' }

const honey = (quantity: number) => ({
  productId: 'honey',
  variantId: 'honey',
  options: [],
  name: 'Fynbos honey',
  unitPriceCents: 12_000,
  quantity,
  imageUrl: null,
})

function paid(id: string, at: string, overrides: Partial<Order> = {}): Order {
  return pendingOrder({
    id,
    status: 'paid',
    invoice: { number: `INV-${id}`, issuedAt: at },
    ...overrides,
  })
}

/** 23:59:59.999 on 28 February in South Africa: the period before. R 398,00, delivery R 99,00. */
export const lastFebruary = paid('A00000000A', '2026-02-28T21:59:59.999Z')

/** 00:00 on 1 March SAST: 10% off the items with SAVE10 (R 29,90), R 100 paid by gift card. */
export const firstMarch = paid('B00000000B', '2026-02-28T22:00:00.000Z', {
  discounts: [
    {
      discountId: 'd-save10',
      code: 'SAVE10',
      kind: 'percent',
      label: 'Code SAVE10: 10% off',
      amountCents: 2_990,
      on: 'items',
    },
  ],
  totalCents: 36_810,
  giftCards: [{ giftCardId: 'g1', code: 'ABCD-EFGH-JKLM-NPQR', amountCents: 10_000 }],
})

/** 23:59 on 2 March SAST, by a customer who bought before: 10 honey, delivery free by an offer. */
export const lastMarch2 = paid('C00000000C', '2026-03-02T21:59:00.000Z', {
  email: 'Regular@Example.co.za',
  lines: [honey(10)],
  subtotalCents: 120_000,
  shippingCents: 9_900,
  discounts: [
    {
      discountId: 'd-free',
      code: null,
      kind: 'free_shipping',
      label: 'Offer: free delivery',
      amountCents: 9_900,
      on: 'delivery',
    },
  ],
  totalCents: 120_000,
  storeCreditCents: 5_000,
})

/** 00:00 on 3 March SAST: the period after. */
export const thirdMarch = paid('D00000000D', '2026-03-02T22:00:00.000Z')

function refund(id: string, at: string, amountCents: number, number: string) {
  const made: OrderRefund & { creditNote: { number: string; issuedAt: string } } = {
    id,
    amountCents,
    reason: 'Returned',
    at,
    by: 'staff@shop.example.co.za',
    payfastCents: amountCents,
    giftCardCents: 0,
    toCards: [],
    storeCreditCents: 0,
    payfastReference: 'pf-1',
    restocked: [],
    creditNote: { number, issuedAt: at },
  }
  return made
}

/** R 50 back on February's order (a returned jar), on 1 March: counts in March. */
export const refundOfFebruary: IssuedCreditNote = {
  order: lastFebruary,
  refund: { ...refund('r1', '2026-03-01T10:00:00.000Z', 5_000, 'CN-000001') },
}
/** R 30 back on 1 March's order, on 2 March. */
export const refundOfFirstMarch: IssuedCreditNote = {
  order: firstMarch,
  refund: refund('r2', '2026-03-02T08:00:00.000Z', 3_000, 'CN-000002'),
}
/** R 100 back on 2 March's order at 00:00 on 3 March SAST: the period after. */
export const refundOnThirdMarch: IssuedCreditNote = {
  order: lastMarch2,
  refund: refund('r3', '2026-03-02T22:00:00.000Z', 10_000, 'CN-000003'),
}

export const ALL_ORDERS = [lastFebruary, firstMarch, lastMarch2, thirdMarch]
export const ALL_CREDIT_NOTES = [refundOfFebruary, refundOfFirstMarch, refundOnThirdMarch]

/**
 * The store's reads as the contract (app/lib/data/contract-reports.suite.ts) has them, over
 * arrays: `from` included, `to` not, oldest first, paged by the cursor.
 */
export function fakeReportStore(
  orders: readonly Order[] = ALL_ORDERS,
  notes: readonly IssuedCreditNote[] = ALL_CREDIT_NOTES,
  categories: Record<string, { category: string; categoryName: string }> = {
    honey: { category: 'pantry', categoryName: 'Pantry' },
    rooibos: { category: 'tea', categoryName: 'Tea' },
  },
): Store {
  const page = <T>(
    items: readonly T[],
    at: (item: T) => string,
    key: (item: T) => string,
    query: PeriodPageRequest,
  ) => {
    const sorted = items
      .filter((item) => at(item) >= query.from && at(item) < query.to)
      .sort((a, b) => at(a).localeCompare(at(b)) || key(a).localeCompare(key(b)))
    const start = query.after
      ? sorted.findIndex((item) => `${at(item)}|${key(item)}` === query.after) + 1
      : 0
    const slice = sorted.slice(start, start + query.limit)
    const last = slice.at(-1)
    return {
      items: slice,
      next: slice.length === query.limit && last ? `${at(last)}|${key(last)}` : null,
    }
  }
  const orderStore: Pick<OrderStore, 'listInvoiced' | 'listCreditNotes' | 'emailsInvoicedBefore'> =
    {
      listInvoiced: async (query) =>
        page(
          orders,
          (o) => o.invoice!.issuedAt,
          (o) => o.id,
          query,
        ),
      listCreditNotes: async (query) =>
        page(
          notes,
          (n) => n.refund.creditNote.issuedAt,
          (n) => n.refund.creditNote.number,
          query,
        ),
      emailsInvoicedBefore: async (emails, before) => {
        const keys = new Set(emails.map((email) => email.toLowerCase()))
        return new Set(
          orders
            .filter((o) => o.invoice && o.invoice.issuedAt < before)
            .map((o) => o.email.toLowerCase())
            .filter((email) => keys.has(email)),
        )
      },
    }
  const productStore: Pick<ProductStore, 'getMany'> = {
    getMany: async (ids) =>
      ids.flatMap((id) => {
        const found = categories[id]
        return found ? [product(id, found)] : []
      }),
  }
  return { orders: orderStore, products: productStore } as unknown as Store
}
