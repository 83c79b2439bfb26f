import { describe, expect, it } from 'vitest'

import {
  ALL_CREDIT_NOTES,
  ALL_ORDERS,
  fakeReportStore,
  firstMarch,
  lastFebruary,
} from './report-fixture.test-helper'
import { vatSummary } from './reports.server'

// February and March 2026, a two-month VAT period: every invoice and credit note of the fixture
// (four invoices, three credit notes), each in the SAST month it was issued in.
const FEB_MAR = { from: '2026-02-01', to: '2026-03-31' }

describe('the VAT summary', () => {
  it('sums output VAT by month from the invoices and takes off the credit notes issued in each', async () => {
    const summary = await vatSummary(fakeReportStore(), FEB_MAR, {
      vatRegistered: true,
      offset: 0,
      limit: 50,
    })
    expect(summary.months).toEqual([
      {
        month: '2026-02',
        invoices: 1,
        suppliesCents: 39_800,
        outputVatCents: 5_191,
        creditNotes: 0,
        creditedCents: 0,
        creditVatCents: 0,
        netVatCents: 5_191,
      },
      {
        month: '2026-03',
        invoices: 3,
        suppliesCents: 36_810 + 120_000 + 39_800,
        outputVatCents: 4_801 + 15_652 + 5_191,
        creditNotes: 3,
        creditedCents: 5_000 + 3_000 + 10_000,
        creditVatCents: 652 + 391 + 1_304,
        netVatCents: 4_801 + 15_652 + 5_191 - (652 + 391 + 1_304),
      },
    ])
    expect(summary.totals.netVatCents).toBe(
      summary.months.reduce((sum, month) => sum + month.netVatCents, 0),
    )
  })

  it('lists every document once with the same VAT as its own page, a page at a time', async () => {
    const all = await vatSummary(fakeReportStore(), FEB_MAR, {
      vatRegistered: true,
      offset: 0,
      limit: 50,
    })
    expect(all.documentCount).toBe(ALL_ORDERS.length + ALL_CREDIT_NOTES.length)
    expect(all.documents.map((d) => d.number)).toEqual([
      'INV-A00000000A',
      'INV-B00000000B',
      'INV-C00000000C',
      'INV-D00000000D',
      'CN-000001',
      'CN-000002',
      'CN-000003',
    ])
    expect(all.documents[0]).toEqual({
      kind: 'invoice',
      number: lastFebruary.invoice!.number,
      issuedAt: lastFebruary.invoice!.issuedAt,
      orderId: lastFebruary.id,
      invoiceNumber: lastFebruary.invoice!.number,
      totalCents: 39_800,
      vatCents: 5_191,
      exclusiveCents: 39_800 - 5_191,
    })
    expect(all.documents[5]).toMatchObject({
      kind: 'credit-note',
      invoiceNumber: firstMarch.invoice!.number,
      totalCents: 3_000,
      vatCents: 391,
    })
    const second = await vatSummary(fakeReportStore(), FEB_MAR, {
      vatRegistered: true,
      offset: 3,
      limit: 3,
    })
    expect(second.documents.map((d) => d.number)).toEqual([
      'INV-D00000000D',
      'CN-000001',
      'CN-000002',
    ])
    expect(second.totals).toEqual(all.totals)
  })

  it('charges no VAT for a shop without a VAT number, as its plain invoices do', async () => {
    const summary = await vatSummary(fakeReportStore(), FEB_MAR, {
      vatRegistered: false,
      offset: 0,
      limit: 50,
    })
    expect(summary.totals).toMatchObject({ outputVatCents: 0, netVatCents: 0, invoices: 4 })
  })
})
