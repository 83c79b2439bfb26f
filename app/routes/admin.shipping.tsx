import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { ShippingSettingsForm } from '~/components/shipping/shipping-settings-form'
import { adminMeta } from '~/lib/admin/headers'
import { loadShippingSettings, saveShippingSettings } from '~/lib/admin/shipping.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDateTime } from '~/lib/dates'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Shipping')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store } = await requestContext(request)
  return loadShippingSettings(store)
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const { store } = await requestContext(request)
  return saveShippingSettings({ store, formData: await request.formData(), staff })
}

export default function AdminShipping() {
  const { values, updatedAt, updatedBy } = useLoaderData<typeof loader>()
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
        lastResult={actionData?.result}
      />
      {/*
        Bob Go (issue 21, engineer C): the courier integration's status and its "test connection"
        button go in this section; the loader and the action above take their own intents beside
        `save`.
      */}
      <section className="form-card" aria-labelledby="bobgo-title">
        <h2 id="bobgo-title">Bob Go courier rates</h2>
        <p>
          Live courier rates, order sync and tracking through Bob Go are set up with BOBGO_API_KEY
          (see the README).
        </p>
      </section>
    </>
  )
}
