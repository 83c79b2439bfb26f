import { redirect } from '@remix-run/node'

import { signInUrl } from '~/lib/auth/user.server'
import { notFound } from '~/lib/http.server'
import { loadShopDetails } from '~/lib/legal/shop-details.server'
import { findVisibleOrder } from '~/lib/orders/customer.server'
import { isOrderId } from '~/lib/orders/id'
import { requestContext } from '~/lib/request-context.server'

import {
  creditNoteFigures,
  invoiceFigures,
  type CreditNoteFigures,
  type InvoicedOrder,
  type InvoiceFigures,
} from './invoice'
import { creditNotePath, invoicePath } from './links'
import { isDocumentNumber } from './numbers'

/**
 * An order's documents as the routes serve them: to whoever may see the order (its customer, the
 * session that placed it, the holder of its link `?key=`) and to staff; anyone else gets what the
 * order's page gives them (signed out: sign in; signed in: the 404 page), so a stranger cannot tell
 * which orders exist.
 */
async function documentOrder(request: Request, id: string | undefined) {
  if (!isOrderId(id)) throw notFound()
  const context = await requestContext(request)
  const key = new URL(request.url).searchParams.get('key')
  const { access, order, userId } = await findVisibleOrder(context, id, key)
  if (order && (access === 'full' || access === 'link')) {
    return { order, key: access === 'link' ? key : null, context }
  }
  const user = userId ? await context.user() : null
  if (order && user?.staff) return { order, key: null, context }
  if (userId) throw notFound()
  throw redirect(signInUrl(request))
}

type DocumentPage<F> = {
  figures: F
  /** The same document as HTML and as PDF, for the links (a guest's carry the key). */
  htmlHref: string
  pdfHref: string
}

/** The order's invoice, or the 404 page when it has none (unpaid, or paid before invoices). */
export async function loadInvoice(
  request: Request,
  id: string | undefined,
): Promise<DocumentPage<InvoiceFigures>> {
  const { order, key, context } = await documentOrder(request, id)
  const figures = invoiceFigures(order as InvoicedOrder, await loadShopDetails(context.store))
  if (!figures) throw notFound(`Order ${order.id} has no invoice`)
  return {
    figures,
    htmlHref: invoicePath(order.id, key, 'html'),
    pdfHref: invoicePath(order.id, key, 'pdf'),
  }
}

/** The order's credit note `number`, or the 404 page when it has none by that number. */
export async function loadCreditNote(
  request: Request,
  id: string | undefined,
  number: string | undefined,
): Promise<DocumentPage<CreditNoteFigures>> {
  if (!number || !isDocumentNumber(number, 'CN')) throw notFound()
  const { order, key, context } = await documentOrder(request, id)
  const figures = creditNoteFigures(
    order as InvoicedOrder,
    number,
    await loadShopDetails(context.store),
  )
  if (!figures) throw notFound(`Order ${order.id} has no credit note ${number}`)
  return {
    figures,
    htmlHref: creditNotePath(order.id, number, key, 'html'),
    pdfHref: creditNotePath(order.id, number, key, 'pdf'),
  }
}

/** A PDF answer: shown in the browser's viewer, saved under the document's number. */
export function pdfResponse(pdf: Buffer, number: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${number}.pdf"`,
      'Content-Length': String(pdf.byteLength),
      // The buyer's details: never kept by a shared cache.
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
