import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { InvoiceDocument } from '~/components/documents/document-view'
import { loadInvoice } from '~/lib/documents/documents.server'
import styles from '~/styles/documents.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.figures.title} ${data.figures.number} | Karoo & Co.` : 'Invoice' },
  { name: 'robots', content: 'noindex' },
]

/**
 * The order's invoice as a printable page, for whoever may see the order (its customer, the
 * session that placed it, the holder of its link `?key=`) and staff; the 404 page when the order
 * has none (unpaid, or paid before invoices).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadInvoice(request, params.id)
}

export default function OrderInvoice() {
  const { figures, pdfHref } = useLoaderData<typeof loader>()
  return <InvoiceDocument figures={figures} pdfHref={pdfHref} />
}
