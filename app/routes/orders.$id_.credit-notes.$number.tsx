import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { CreditNoteDocument } from '~/components/documents/document-view'
import { loadCreditNote } from '~/lib/documents/documents.server'
import styles from '~/styles/documents.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Credit Note ${data.figures.number} | Karoo & Co.` : 'Credit note' },
  { name: 'robots', content: 'noindex' },
]

/** One of the order's credit notes (one per refund) as a printable page; access as the invoice's. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCreditNote(request, params.id, params.number)
}

export default function OrderCreditNote() {
  const { figures, pdfHref } = useLoaderData<typeof loader>()
  return <CreditNoteDocument figures={figures} pdfHref={pdfHref} />
}
