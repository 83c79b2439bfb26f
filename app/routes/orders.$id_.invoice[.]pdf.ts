import type { LoaderFunctionArgs } from '@remix-run/node'

import { loadInvoice, pdfResponse } from '~/lib/documents/documents.server'
import { invoicePdf } from '~/lib/documents/pdf.server'

/** The order's invoice as a PDF (application/pdf), for the same people as its page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { figures } = await loadInvoice(request, params.id)
  return pdfResponse(await invoicePdf(figures), figures.number)
}
