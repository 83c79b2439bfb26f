/**
 * Where an order's documents are: its invoice and each credit note, as HTML and as PDF. `key` is
 * the order link's key (`?key=`), which lets a guest without the session that placed the order in.
 */
export type DocumentFormat = 'html' | 'pdf'

const withKey = (path: string, key: string | null) =>
  key ? `${path}?key=${encodeURIComponent(key)}` : path

export function invoicePath(orderId: string, key: string | null, format: DocumentFormat = 'html') {
  const path = `/orders/${encodeURIComponent(orderId)}/invoice${format === 'pdf' ? '.pdf' : ''}`
  return withKey(path, key)
}

export function creditNotePath(
  orderId: string,
  number: string,
  key: string | null,
  format: DocumentFormat = 'html',
) {
  const path = `/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(number)}${
    format === 'pdf' ? '.pdf' : ''
  }`
  return withKey(path, key)
}
