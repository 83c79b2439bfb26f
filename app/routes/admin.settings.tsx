import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { ShopDetailsForm } from '~/components/admin/shop-details-form'
import { adminMeta } from '~/lib/admin/headers'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDateTime } from '~/lib/dates'
import { loadShopDetailsSettings, saveShopDetailsSettings } from '~/lib/legal/settings.server'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Settings')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store } = await requestContext(request)
  return loadShopDetailsSettings(store)
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const { store } = await requestContext(request)
  return saveShopDetailsSettings({ store, formData: await request.formData(), staff })
}

export default function AdminSettings() {
  const { values, origin } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <h1>Settings</h1>
      <p>
        {origin.saved
          ? `Last saved by ${origin.updatedBy} on ${formatSastDateTime(origin.updatedAt)}.`
          : 'Nothing saved yet: these come from SHOP_LEGAL_NAME, SHOP_ADDRESS and SHOP_VAT_NUMBER, or the demo shop.'}
      </p>
      <ShopDetailsForm
        // A save starts the form afresh from what the store now holds.
        key={origin.saved ? origin.updatedAt : 'unsaved'}
        values={values}
        lastResult={actionData?.result}
      />
    </>
  )
}
