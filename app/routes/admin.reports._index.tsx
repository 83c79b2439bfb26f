import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { Link } from '~/components/link'
import { PeriodForm } from '~/components/reports/period-form'
import { ReportDownloads, SalesReportView } from '~/components/reports/sales-report'
import { adminMeta } from '~/lib/admin/headers'
import { requireStaff } from '~/lib/auth/staff.server'
import { describePeriod } from '~/lib/reports/period'
import { loadSalesReport } from '~/lib/reports/pages.server'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Reports')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store, clock } = await requestContext(request)
  return loadSalesReport(store, clock, new URL(request.url))
}

/**
 * How the shop is doing over a period (SAST days) beside the period before: sales, refunds, VAT,
 * orders, a chart and table by day, best sellers, codes, gift cards and customers; the period's
 * CSV downloads and its VAT summary.
 */
export default function AdminReports() {
  const loaded = useLoaderData<typeof loader>()
  if (!loaded.ok) {
    return (
      <>
        <h1>Reports</h1>
        <PeriodForm
          action="/admin/reports"
          values={loaded.values}
          preset={null}
          errors={loaded.errors}
        />
      </>
    )
  }
  const { report, preset, values, period } = loaded
  const query = `from=${period.from}&to=${period.to}`
  return (
    <>
      <h1>Reports</h1>
      <PeriodForm action="/admin/reports" values={values} preset={preset} />
      <p>
        <Link to={`/admin/reports/vat?${query}`}>VAT summary for {describePeriod(period)}</Link>
      </p>
      <SalesReportView report={report} />
      <ReportDownloads query={query} />
    </>
  )
}
