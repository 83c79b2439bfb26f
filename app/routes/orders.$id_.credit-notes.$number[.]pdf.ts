import type { LoaderFunctionArgs } from '@remix-run/node'

import { loadCreditNote, pdfResponse } from '~/lib/documents/documents.server'
import { creditNotePdf } from '~/lib/documents/pdf.server'

/** One of the order's credit notes as a PDF (application/pdf). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { figures } = await loadCreditNote(request, params.id, params.number)
  return pdfResponse(await creditNotePdf(figures), figures.number)
}
