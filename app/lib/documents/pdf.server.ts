import PDFDocument from 'pdfkit'

import { formatSastDate } from '~/lib/dates'
import { formatRand } from '~/lib/money'

import type { CreditNoteFigures, InvoiceFigures } from './invoice'
import { creditNoteNotes, invoiceNotes } from './wording'

/*
 * The invoice and credit notes as PDF (pdfkit, its built-in Helvetica: no font files to ship).
 * Uncompressed: a page of text is a few kilobytes either way, and its words stay searchable by
 * anything that reads the file (the tests do).
 */

const MARGIN = 50
const A4_WIDTH = 595.28
const WIDTH = A4_WIDTH - 2 * MARGIN
const MUTED = '#4a5560'

type Doc = PDFKit.PDFDocument

function render(title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      compress: false,
      info: { Title: title, Producer: 'Storefront', Creator: 'Storefront' },
    })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    try {
      draw(doc)
      doc.end()
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)))
    }
  })
}

function heading(doc: Doc, title: string, number: string, facts: [string, string][]) {
  doc.font('Helvetica-Bold').fontSize(20).fillColor('black').text(title)
  doc.font('Helvetica').fontSize(11).text(number)
  doc.moveDown(0.5)
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true })
    doc.font('Helvetica').text(value)
  }
  doc.moveDown()
}

function party(doc: Doc, label: string, lines: string[]) {
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(label)
  doc.font('Helvetica').fontSize(10)
  for (const line of lines) doc.text(line)
  doc.moveDown()
}

function sellerLines(seller: InvoiceFigures['seller']): string[] {
  return [
    seller.name,
    ...(seller.tradingName && seller.tradingName !== seller.name
      ? [`Trading as ${seller.tradingName}`]
      : []),
    ...seller.address,
    ...(seller.vatNumber ? [`VAT number: ${seller.vatNumber}`] : []),
    ...(seller.registrationNumber ? [`Registration number: ${seller.registrationNumber}`] : []),
    `${seller.email} · ${seller.phone}`,
  ]
}

function buyerLines(buyer: InvoiceFigures['buyer']): string[] {
  return [
    buyer.name,
    ...buyer.address,
    buyer.email,
    ...(buyer.vatNumber ? [`VAT number: ${buyer.vatNumber}`] : []),
  ]
}

/** Columns: description, quantity, unit price, amount. */
const COLUMNS = [
  { width: WIDTH - 230, align: 'left' },
  { width: 50, align: 'right' },
  { width: 90, align: 'right' },
  { width: 90, align: 'right' },
] as const

function row(doc: Doc, cells: string[], bold = false) {
  const y = doc.y
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
  let x = MARGIN
  let bottom = y
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!
    doc.text(cell, x, y, { width: column.width, align: column.align })
    bottom = Math.max(bottom, doc.y)
    x += column.width
  })
  doc.x = MARGIN
  doc.y = bottom + 4
}

/** A label and an amount, right-aligned under the table. */
function sum(doc: Doc, label: string, amount: string, bold = false) {
  row(doc, [label, '', '', amount], bold)
}

function notes(doc: Doc, paragraphs: string[]) {
  doc.moveDown()
  doc.font('Helvetica').fontSize(9).fillColor(MUTED)
  for (const paragraph of paragraphs) {
    doc.text(paragraph, MARGIN, doc.y, { width: WIDTH })
    doc.moveDown(0.4)
  }
  doc.fillColor('black')
}

export function invoicePdf(figures: InvoiceFigures): Promise<Buffer> {
  return render(`${figures.title} ${figures.number}`, (doc) => {
    heading(doc, figures.title, figures.number, [
      ['Date', formatSastDate(figures.issuedAt)],
      ['Order', figures.orderId],
    ])
    party(doc, 'From', sellerLines(figures.seller))
    party(doc, 'To', buyerLines(figures.buyer))
    row(doc, ['Description', 'Qty', 'Unit price', 'Amount'], true)
    for (const line of figures.lines) {
      row(doc, [
        line.description,
        String(line.quantity),
        formatRand(line.unitPriceCents),
        formatRand(line.totalCents),
      ])
    }
    if (figures.delivery) {
      row(doc, [
        `Delivery: ${figures.delivery.description}`,
        '1',
        '',
        formatRand(figures.delivery.cents),
      ])
    }
    for (const discount of figures.discounts) {
      row(doc, [`Discount: ${discount.description}`, '', '', formatRand(-discount.cents)])
    }
    doc.moveDown(0.5)
    sum(doc, 'Total', formatRand(figures.totalCents), true)
    if (figures.vatCents !== null && figures.exclusiveCents !== null) {
      sum(doc, 'Total excluding VAT', formatRand(figures.exclusiveCents))
      sum(doc, 'VAT at 15% (included in the total)', formatRand(figures.vatCents))
    }
    if (figures.payments.length) {
      doc.moveDown(0.5)
      row(doc, ['Paid by', '', '', ''], true)
      for (const payment of figures.payments) {
        row(doc, [payment.description, '', '', formatRand(payment.cents)])
      }
    }
    notes(doc, invoiceNotes(figures))
  })
}

export function creditNotePdf(figures: CreditNoteFigures): Promise<Buffer> {
  return render(`${figures.title} ${figures.number}`, (doc) => {
    heading(doc, figures.title, figures.number, [
      ['Date', formatSastDate(figures.issuedAt)],
      ['Adjusts invoice', figures.invoiceNumber],
      ['Order', figures.orderId],
    ])
    party(doc, 'From', sellerLines(figures.seller))
    party(doc, 'To', buyerLines(figures.buyer))
    doc.font('Helvetica-Bold').fontSize(10).text('Reason: ', { continued: true })
    doc.font('Helvetica').text(figures.reason)
    doc.moveDown()
    if (figures.restocked.length) {
      row(doc, ['Returned', 'Qty', '', ''], true)
      for (const line of figures.restocked)
        row(doc, [line.description, String(line.quantity), '', ''])
      doc.moveDown(0.5)
    }
    sum(doc, 'Amount credited', formatRand(figures.amountCents), true)
    if (figures.vatCents !== null && figures.exclusiveCents !== null) {
      sum(doc, 'Excluding VAT', formatRand(figures.exclusiveCents))
      sum(doc, 'VAT at 15% (included)', formatRand(figures.vatCents))
    }
    notes(doc, creditNoteNotes(figures))
  })
}
