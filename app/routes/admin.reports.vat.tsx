import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { PeriodForm } from '~/components/reports/period-form'
import { VatSummaryView } from '~/components/reports/vat-summary'
import { adminMeta } from '~/lib/admin/headers'
import { pageParam } from '~/lib/admin/paging'
import { requireStaff } from '~/lib/auth/staff.server'
import { describePeriod } from '~/lib/reports/period'
import { loadVatSummary } from '~/lib/reports/pages.server'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('VAT summary')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store, clock } = await requestContext(request)
  const url = new URL(request.url)
  return loadVatSummary(store, clock, url, pageParam(url.searchParams))
}

/**
 * A VAT period's output VAT from its tax invoices and the credit notes' adjustments, by month, for
 * the VAT201 return; below, every document of the period, a page at a time.
 */
export default function AdminVatSummary() {
  const loaded = useLoaderData<typeof loader>()
  if (!loaded.ok) {
    return (
      <>
        <h1>VAT summary</h1>
        <PeriodForm
          action="/admin/reports/vat"
          values={loaded.values}
          preset={null}
          errors={loaded.errors}
        />
      </>
    )
  }
  const { summary, preset, values, period, page, pageCount } = loaded
  const query = `from=${period.from}&to=${period.to}`
  return (
    <>
      <h1>VAT summary</h1>
      <PeriodForm action="/admin/reports/vat" values={values} preset={preset} />
      <p>
        <Link to={`/admin/reports?${query}`}>Sales report for {describePeriod(period)}</Link> ·{' '}
        <a href={`/admin/export/invoices.csv?${query}`} download>
          Invoices (CSV)
        </a>{' '}
        ·{' '}
        <a href={`/admin/export/credit-notes.csv?${query}`} download>
          Credit notes (CSV)
        </a>
      </p>
      <VatSummaryView summary={summary} />
      <Pagination
        page={page}
        pageCount={pageCount}
        label="Pages of documents"
        summary={`Page ${page} of ${pageCount} · ${summary.documentCount} ${summary.documentCount === 1 ? 'document' : 'documents'}`}
        className="admin-pager"
      />
    </>
  )
}
