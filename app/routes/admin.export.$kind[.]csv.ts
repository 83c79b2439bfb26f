import type { LoaderFunctionArgs } from '@remix-run/node'

import { ADMIN_HEADERS } from '~/lib/admin/headers'
import { requireStaff } from '~/lib/auth/staff.server'
import { catalogueExporters } from '~/lib/csv/catalogue-exporters.server'
import { csvResponse, type Exporter } from '~/lib/csv/export.server'
import { notFound } from '~/lib/http.server'
import {
  exportCreditNotes,
  exportInvoices,
  exportOrderLines,
  exportOrders,
} from '~/lib/reports/exports.server'
import { sastDay } from '~/lib/reports/period'
import { parsePeriodQuery, periodErrorText } from '~/lib/reports/period-fields'
import { requestContext } from '~/lib/request-context.server'

/** Every `/admin/export/{kind}.csv`: the kind in the URL to the exporter that writes it. */
const EXPORTERS: Readonly<Record<string, Exporter>> = {
  orders: exportOrders,
  'order-lines': exportOrderLines,
  invoices: exportInvoices,
  'credit-notes': exportCreditNotes,
  ...catalogueExporters,
}

/**
 * A CSV download of a period (`?from=&to=` or `?period=`, SAST days; none: this month), streamed
 * from the store a page at a time. An unknown kind is a 404, a bad period a 400 naming the field.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const kind = params.kind ?? ''
  const exporter = Object.hasOwn(EXPORTERS, kind) ? EXPORTERS[kind] : undefined
  if (!exporter) throw notFound()
  const { store, clock } = await requestContext(request)
  const query = parsePeriodQuery(new URL(request.url).searchParams, sastDay(clock()))
  if (!query.ok) {
    return new Response(`${periodErrorText(query.errors)}\n`, {
      status: 400,
      headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  return csvResponse(exporter(store, query.period))
}
