import { orderLinkKey } from '~/lib/orders/order-link.server'

import { creditNotePath, invoicePath } from './links'

/*
 * The documents' own links for mails: they carry the order link's key, so they open for the buyer
 * in one click, signed in or not (as the order's own link does).
 */

export function invoiceLinkPath(orderId: string): string {
  return invoicePath(orderId, orderLinkKey(orderId), 'html')
}

export function creditNoteLinkPath(orderId: string, number: string): string {
  return creditNotePath(orderId, number, orderLinkKey(orderId), 'html')
}
