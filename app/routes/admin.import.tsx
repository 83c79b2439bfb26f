import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'

import { CsvImportForm, CsvImportPreview } from '~/components/admin/csv-import'
import { adminMeta } from '~/lib/admin/headers'
import { requireStaff } from '~/lib/auth/staff.server'
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '~/lib/csv/import-read.server'
import { importAction } from '~/lib/csv/import.server'
import { PRODUCT_COLUMNS, REQUIRED_PRODUCT_COLUMNS } from '~/lib/csv/product-columns'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Import')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  return {
    maxMegabytes: MAX_IMPORT_BYTES / 1024 / 1024,
    maxRows: MAX_IMPORT_ROWS,
    columns: PRODUCT_COLUMNS,
    required: REQUIRED_PRODUCT_COLUMNS,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const { store, clock } = await requestContext(request)
  return importAction({ request, store, staff, now: clock().toISOString() })
}

export default function AdminImport() {
  const { maxMegabytes, maxRows, columns, required } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const preview = actionData?.preview ?? null
  return (
    <>
      <h1>Import products and stock</h1>
      <p>
        Upload a CSV file: first a dry run shows what it would create and update and names every
        invalid row; nothing changes until you apply it. Importing the same file again changes
        nothing.
      </p>
      <ul>
        <li>
          <strong>Products</strong>: the columns of the{' '}
          <Link to="/admin/export/products.csv" reloadDocument>
            products export
          </Link>{' '}
          (one row per variant; {required.join(', ')} required; a column left out keeps what is
          stored): <code>{columns.join(',')}</code>. Stock is the units on hand, those held by
          unpaid orders included.
        </li>
        <li>
          <strong>Stock only</strong>: two columns, <code>sku,stock</code>.
        </li>
        <li>
          Up to {maxRows.toLocaleString('en')} rows. Pictures are not imported: add them on each
          product&rsquo;s page.
        </li>
      </ul>
      <CsvImportForm
        lastResult={actionData?.result}
        preview={preview}
        maxMegabytes={maxMegabytes}
      />
      {preview ? <CsvImportPreview preview={preview} /> : null}
    </>
  )
}
