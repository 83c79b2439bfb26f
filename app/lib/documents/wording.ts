import type { CreditNoteFigures, InvoiceFigures } from './invoice'

/** The notes under an invoice, the same on its page and in its PDF. */
export function invoiceNotes(figures: InvoiceFigures): string[] {
  const notes: string[] = []
  if (figures.kind === 'plain') {
    notes.push(`${figures.seller.name} is not registered for VAT: no VAT is charged.`)
  } else {
    notes.push('Prices include VAT at 15%; the VAT is 15/115 of the total.')
    if (figures.kind === 'abridged') {
      notes.push('An abridged tax invoice (a total of R 5 000 or less).')
    }
  }
  if (figures.payments.some((p) => !p.description.startsWith('Paid online'))) {
    notes.push(
      'Gift cards and store credit are payments, not discounts: they do not reduce the total or its VAT.',
    )
  }
  return notes
}

/** The notes under a credit note. */
export function creditNoteNotes(figures: CreditNoteFigures): string[] {
  return [
    `This credit note adjusts invoice ${figures.invoiceNumber} for order ${figures.orderId}.`,
    figures.vatCents === null
      ? `${figures.seller.name} is not registered for VAT: no VAT is credited.`
      : 'The amount includes VAT at 15%; the VAT is 15/115 of it.',
  ]
}
