import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { BobgoStatusPanel } from '~/components/shipping/bobgo-status'
import { ShippingSettingsForm } from '~/components/shipping/shipping-settings-form'
import { ADMIN_HEADERS, adminMeta } from '~/lib/admin/headers'
import { loadShippingSettings, saveShippingSettings } from '~/lib/admin/shipping.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDateTime } from '~/lib/dates'
import { requestContext } from '~/lib/request-context.server'
import {
  BOBGO_TEST_INTENT,
  bobgoStatus,
  testBobgoConnection,
} from '~/lib/shipping/bobgo-admin.server'

export const meta: MetaFunction = () => adminMeta('Shipping')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store } = await requestContext(request)
  return { ...(await loadShippingSettings(store)), bobgo: bobgoStatus() }
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const { store } = await requestContext(request)
  const formData = await request.formData()
  if (formData.get('intent') === BOBGO_TEST_INTENT) {
    return data({ bobgoTest: await testBobgoConnection() }, { headers: ADMIN_HEADERS })
  }
  return saveShippingSettings({ store, formData, staff })
}

export default function AdminShipping() {
  const { values, updatedAt, updatedBy, bobgo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <h1>Shipping</h1>
      <p>
        {updatedAt
          ? `Last saved by ${updatedBy} on ${formatSastDateTime(updatedAt)}.`
          : 'The seeded South African zones: nothing saved yet.'}
      </p>
      <ShippingSettingsForm
        // A save starts the form afresh from what the store now holds.
        key={updatedAt ?? 'seeded'}
        values={values}
        lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
      />
      <BobgoStatusPanel
        status={bobgo}
        test={actionData && 'bobgoTest' in actionData ? actionData.bobgoTest : null}
      />
    </>
  )
}
