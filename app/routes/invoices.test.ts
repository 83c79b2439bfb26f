import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { draft, product } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import { newOrderId } from '~/lib/orders/id.server'
import { answer, get, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as InvoiceRoute from './orders.$id_.invoice'
import type * as InvoicePdfRoute from './orders.$id_.invoice[.]pdf'
import type * as CreditNoteRoute from './orders.$id_.credit-notes.$number'
import type * as CreditNotePdfRoute from './orders.$id_.credit-notes.$number[.]pdf'
import type * as OrderMoves from '~/lib/orders/orders.test-helper'
import type * as OrderLink from '~/lib/orders/order-link.server'

/**
 * The invoice and credit-note pages and PDFs over a real SQLite store: for the buyer (a guest by
 * the order link's key, or the customer signed in) and staff; a stranger is sent to sign in, a
 * signed-in stranger gets the 404 page, and an order without an invoice has none to show.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'invoice-routes-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let routes: {
  invoice: typeof InvoiceRoute
  invoicePdf: typeof InvoicePdfRoute
  creditNote: typeof CreditNoteRoute
  creditNotePdf: typeof CreditNotePdfRoute
}
let orderMoves: typeof OrderMoves.orderMoves
let orderLinkKey: typeof OrderLink.orderLinkKey
const context = { clientIp: '127.0.0.1' }

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  orderMoves = (await import('~/lib/orders/orders.test-helper')).orderMoves
  orderLinkKey = (await import('~/lib/orders/order-link.server')).orderLinkKey
  await store.products.upsertMany([product('tea', { stock: 100 })])
  who = await signInStaffAndCustomer(store)
  routes = {
    invoice: await import('./orders.$id_.invoice'),
    invoicePdf: await import('./orders.$id_.invoice[.]pdf'),
    creditNote: await import('./orders.$id_.credit-notes.$number'),
    creditNotePdf: await import('./orders.$id_.credit-notes.$number[.]pdf'),
  }
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

async function order(buyer: 'guest' | 'customer', paid = true): Promise<Order> {
  const placed = await store.orders.place(
    draft([{ productId: 'tea', quantity: 2 }], buyer === 'customer' ? 'customer-1' : null),
    newOrderId(),
  )
  if (!paid) return placed
  return orderMoves(store.orders).transition(placed.id, 'paid', { pfPaymentId: `pf-${placed.id}` })
}

const invoicePage = (id: string, query = '', cookie?: string) =>
  answer(() =>
    routes.invoice.loader({
      request: get(`/orders/${id}/invoice${query}`, cookie),
      params: { id },
      context,
    }),
  )

/** The words of an uncompressed PDF's text (pdfkit writes them as hex strings in TJ arrays). */
function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1')
  const runs = [...source.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((run) =>
    [...run[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
      .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
      .join(''),
  )
  return runs.join('\n')
}

describe('the invoice page', () => {
  it("opens for a guest by the order link, naming the order, its number and the shop, with the PDF's link keeping the key", async () => {
    const paid = await order('guest')
    const key = orderLinkKey(paid.id)
    const page = await invoicePage(paid.id, `?key=${key}`)
    expect(page.status).toBe(200)
    expect(page.body.figures).toMatchObject({
      title: 'Tax Invoice',
      kind: 'abridged',
      number: paid.invoice!.number,
      orderId: paid.id,
      totalCents: paid.totalCents,
      vatCents: Math.round((paid.totalCents * 15) / 115),
    })
    expect(page.body.figures.lines[0]).toMatchObject({ description: 'Product tea', quantity: 2 })
    expect(page.body.pdfHref).toBe(`/orders/${paid.id}/invoice.pdf?key=${key}`)
  })

  it('opens for the customer signed in and for staff, not for strangers', async () => {
    const paid = await order('customer')
    expect((await invoicePage(paid.id, '', who.customer)).status).toBe(200)
    expect((await invoicePage(paid.id, '', who.staff)).status).toBe(200)
    // A visitor signed out is asked to sign in; a wrong key is no key.
    const signedOut = await invoicePage(paid.id, '?key=not-the-key')
    expect(signedOut.status).toBe(302)
    expect(signedOut.location).toMatch(/^\/auth/)
    // Someone else's guest order, signed in: the 404 page, as for an order that does not exist.
    const guests = await order('guest')
    expect((await invoicePage(guests.id, '', who.customer)).status).toBe(404)
    expect((await invoicePage('NOSUCHORDER1', '', who.customer)).status).toBe(404)
  })

  it('is the 404 page for an order not paid (no invoice), and for a malformed id', async () => {
    const unpaid = await order('guest', false)
    const page = await invoicePage(unpaid.id, `?key=${orderLinkKey(unpaid.id)}`)
    expect(page.status).toBe(404)
    expect((await invoicePage('../../etc', '', who.staff)).status).toBe(404)
  })
})

describe('the invoice PDF', () => {
  it('downloads as application/pdf naming the order, the invoice number and the VAT', async () => {
    const paid = await order('guest')
    const response = (await routes.invoicePdf.loader({
      request: get(`/orders/${paid.id}/invoice.pdf?key=${orderLinkKey(paid.id)}`),
      params: { id: paid.id },
      context,
    })) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toContain(`${paid.invoice!.number}.pdf`)
    expect(response.headers.get('Cache-Control')).toContain('no-store')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toContain('Tax Invoice')
    expect(text).toContain(paid.invoice!.number)
    expect(text).toContain(paid.id)
    expect(text).toContain('Product tea')
    expect(text).toContain('VAT at 15%')
  })

  it('is refused like the page: sign in without the key, nothing for an unpaid order', async () => {
    const paid = await order('guest')
    const signedOut = await answer(() =>
      routes.invoicePdf.loader({
        request: get(`/orders/${paid.id}/invoice.pdf`),
        params: { id: paid.id },
        context,
      }),
    )
    expect(signedOut.status).toBe(302)
    const unpaid = await order('guest', false)
    const none = await answer(() =>
      routes.invoicePdf.loader({
        request: get(`/orders/${unpaid.id}/invoice.pdf?key=${orderLinkKey(unpaid.id)}`),
        params: { id: unpaid.id },
        context,
      }),
    )
    expect(none.status).toBe(404)
  })
})

describe('credit notes', () => {
  it('open for a guest by the order link, page and PDF, naming the refund and the invoice it adjusts', async () => {
    const paid = await order('guest')
    const { refundOrder } = await import('~/lib/orders/refunds.server')
    const refunded = await refundOrder(
      {
        store,
        payfast: async () => ({ ok: true, reference: 'pf-refund-1' }),
        mail: { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' },
        log: { error: () => {}, warn: () => {} },
      },
      paid.id,
      {
        key: 'refund-1',
        amountCents: 5_000,
        reason: 'Damaged in transit',
        restock: ['tea'],
        cardTo: 'card',
        by: 'nomsa@shop.example.co.za',
      },
    )
    if (!refunded.ok) throw new Error(refunded.message)
    const number = refunded.refund.creditNote!.number
    expect(number).toMatch(/^CN-\d{6}$/)
    const key = orderLinkKey(paid.id)

    const page = await answer(() =>
      routes.creditNote.loader({
        request: get(`/orders/${paid.id}/credit-notes/${number}?key=${key}`),
        params: { id: paid.id, number },
        context,
      }),
    )
    expect(page.status).toBe(200)
    expect(page.body.figures).toMatchObject({
      number,
      invoiceNumber: paid.invoice!.number,
      amountCents: 5_000,
      vatCents: 652, // 5 000 x 15 / 115 = 652.17
      reason: 'Damaged in transit',
    })
    expect(page.body.pdfHref).toBe(`/orders/${paid.id}/credit-notes/${number}.pdf?key=${key}`)

    const response = (await routes.creditNotePdf.loader({
      request: get(`/orders/${paid.id}/credit-notes/${number}.pdf?key=${key}`),
      params: { id: paid.id, number },
      context,
    })) as Response
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    const text = pdfText(Buffer.from(await response.arrayBuffer()))
    expect(text).toContain('Credit Note')
    expect(text).toContain(number)
    expect(text).toContain(paid.invoice!.number)
    expect(text).toContain('Damaged in transit')

    // Without the key, signed out: sign in first.
    const stranger = await answer(() =>
      routes.creditNote.loader({
        request: get(`/orders/${paid.id}/credit-notes/${number}`),
        params: { id: paid.id, number },
        context,
      }),
    )
    expect(stranger.status).toBe(302)
  })

  it('are the 404 page for a number the order has not issued, or one that is not a number', async () => {
    const paid = await order('customer')
    for (const number of ['CN-000999', 'INV-000001', 'cn-1', '../x']) {
      const page = await answer(() =>
        routes.creditNote.loader({
          request: get(`/orders/${paid.id}/credit-notes/${number}`, who.customer),
          params: { id: paid.id, number },
          context,
        }),
      )
      expect(page.status, number).toBe(404)
      const pdf = await answer(() =>
        routes.creditNotePdf.loader({
          request: get(`/orders/${paid.id}/credit-notes/${number}.pdf`, who.customer),
          params: { id: paid.id, number },
          context,
        }),
      )
      expect(pdf.status, number).toBe(404)
    }
  })
})
