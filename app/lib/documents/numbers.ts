/**
 * The numbers of the documents the shop issues, from gap-free counters (one per kind, advanced in
 * the transaction that issues the document, so a number is never skipped nor given twice):
 * invoices `INV-000123`, credit notes `CN-000007`. Six digits at least; more when the counter
 * outgrows them.
 */
export type DocumentPrefix = 'INV' | 'CN'

/** The counter each kind of document is numbered from. */
export type SequenceName = 'invoice' | 'credit_note'

export function documentNumber(prefix: DocumentPrefix, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Not a document number: ${n}`)
  return `${prefix}-${String(n).padStart(6, '0')}`
}

/** A document number as typed in a URL: INV-000123 or CN-000007 (upper case). */
export const DOCUMENT_NUMBER = /^(INV|CN)-\d{6,}$/

export function isDocumentNumber(value: string, prefix: DocumentPrefix): boolean {
  return DOCUMENT_NUMBER.test(value) && value.startsWith(`${prefix}-`)
}
