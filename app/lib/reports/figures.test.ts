import { describe, expect, it } from 'vitest'

import { change, salesTally } from './figures'
import {
  MARCH_1_2,
  fakeReportStore,
  firstMarch,
  lastMarch2,
  refundOfFebruary,
} from './report-fixture.test-helper'
import { salesReport } from './reports.server'

// Figures worked by hand from the fixture (report-fixture.test-helper.ts): 1 March's order
// (R 368,10 after SAVE10's R 29,90, R 99 delivery) and 2 March's (R 1 200 of honey, delivery free
// by an offer), both paid inside midnight SAST; February's and 3 March's just outside.
const report = () => salesReport(fakeReportStore(), MARCH_1_2, { vatRegistered: true })

describe('the sales report', () => {
  it('counts the orders paid in the period by South African midnight, not those a millisecond outside', async () => {
    const { totals, previousTotals, previous } = await report()
    expect(totals.orders).toBe(2)
    expect(totals.units).toBe(3 + 10)
    // The same length just before: 27–28 February, where 23:59:59.999 on the 28th belongs.
    expect(previous).toEqual({ from: '2026-02-27', to: '2026-02-28' })
    expect(previousTotals).toMatchObject({ orders: 1, grossCents: 29_900, deliveryCents: 9_900 })
  })

  it('reads gross sales, discounts and delivery from the orders as placed', async () => {
    const { totals } = await report()
    expect(totals.grossCents).toBe(29_900 + 120_000)
    // SAVE10 on the items; the free-delivery offer lowers delivery charged, not the items.
    expect(totals.discountCents).toBe(2_990)
    expect(totals.deliveryCents).toBe(9_900 + 0)
  })

  it('takes off refunds made in the period, whenever their order was paid, and none made after it', async () => {
    const { totals } = await report()
    // R 50 back on February's order on 1 March, R 30 on 1 March's order; not 3 March's R 100.
    expect(totals.refundCents).toBe(5_000 + 3_000)
    expect(totals.netCents).toBe(149_900 - 2_990 - 8_000)
    expect(totals.totalCents).toBe(totals.netCents + totals.deliveryCents)
    expect(totals.totalCents).toBe(36_810 + 120_000 - 8_000)
  })

  it('counts gift cards and store credit as payments: they lower no sale', async () => {
    const { totals, payments } = await report()
    expect(payments).toEqual({
      giftCardOrders: 1,
      giftCardCents: 10_000,
      storeCreditOrders: 1,
      storeCreditCents: 5_000,
    })
    expect(totals.averageOrderCents).toBe(Math.round((36_810 + 120_000) / 2))
  })

  it('shows VAT as each invoice does (15/115 of its total) less what the credit notes give back', async () => {
    const { totals } = await report()
    // round(36810·15/115) + round(120000·15/115) − round(5000·15/115) − round(3000·15/115)
    expect(totals.vatCents).toBe(4_801 + 15_652 - 652 - 391)
    const unregistered = await salesReport(fakeReportStore(), MARCH_1_2, { vatRegistered: false })
    expect(unregistered.totals.vatCents).toBe(0)
  })

  it('gives each South African day its sales, refunds and net', async () => {
    expect((await report()).days).toEqual([
      { day: '2026-03-01', orders: 1, salesCents: 36_810, refundCents: 5_000, netCents: 31_810 },
      { day: '2026-03-02', orders: 1, salesCents: 120_000, refundCents: 3_000, netCents: 117_000 },
    ])
  })

  it('ranks best sellers and categories by sales at the prices paid', async () => {
    const { products, categories } = await report()
    expect(products).toEqual([
      { productId: 'honey', name: 'Fynbos honey', units: 11, salesCents: 132_000 },
      { productId: 'rooibos', name: 'Rooibos tea', units: 2, salesCents: 17_900 },
    ])
    expect(categories).toEqual([
      { category: 'pantry', name: 'Pantry', units: 11, salesCents: 132_000 },
      { category: 'tea', name: 'Tea', units: 2, salesCents: 17_900 },
    ])
  })

  it('puts a product since deleted under "Uncategorised"', async () => {
    const store = fakeReportStore(undefined, undefined, {})
    const { categories } = await salesReport(store, MARCH_1_2, { vatRegistered: true })
    expect(categories).toEqual([
      { category: '', name: 'Uncategorised', units: 13, salesCents: 149_900 },
    ])
  })

  it('lists each code and offer with its orders and what it took off', async () => {
    expect((await report()).discounts).toEqual([
      { name: 'Offer: free delivery', automatic: true, orders: 1, discountCents: 9_900 },
      { name: 'SAVE10', automatic: false, orders: 1, discountCents: 2_990 },
    ])
  })

  it('tells new customers from those who bought before the period, whatever the case of their email', async () => {
    const store = fakeReportStore([
      {
        ...lastMarch2,
        id: 'OLD0000000',
        email: 'regular@example.co.za',
        invoice: { number: 'INV-0', issuedAt: '2026-01-05T10:00:00.000Z' },
      },
      firstMarch,
      lastMarch2,
    ])
    const { customers } = await salesReport(store, MARCH_1_2, { vatRegistered: true })
    expect(customers).toEqual({ customers: 2, new: 1, returning: 1 })
  })

  it('counts a refund in a period without sales, and an average of nothing as zero', async () => {
    const tally = salesTally(MARCH_1_2, { vatRegistered: true })
    tally.addCreditNote(refundOfFebruary)
    expect(tally.totals()).toMatchObject({ refundCents: 5_000, orders: 0, averageOrderCents: 0 })
  })
})

describe('the change against the previous period', () => {
  it('is a percentage to one decimal, and none when the previous period had nothing', () => {
    expect(change(150, 100)).toBe(50)
    expect(change(50, 150)).toBe(-66.7)
    expect(change(10, 0)).toBeNull()
  })
})
