import type { ActionFunctionArgs, LinksFunction, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useNavigation } from '@remix-run/react'

import { ErrorList, Field } from '~/components/forms'
import { getStore } from '~/lib/data/index.server'
import { formatRand } from '~/lib/money'
import { StatusBadge, StatusTimeline } from '~/components/orders/order-view'
import { trackAction, type TrackActionData } from '~/lib/orders/track.server'
import formStyles from '~/styles/forms.css'
import styles from '~/styles/buying.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formStyles },
  { rel: 'stylesheet', href: styles },
]
export const meta: MetaFunction = () => [{ title: 'Track your order | Karoo & Co.' }]

export async function loader() {
  return null
}

// A POST keeps the email out of the URL; the answer renders from the action data, with or without JS.
export async function action({ request, context }: ActionFunctionArgs) {
  return trackAction({ request, clientIp: context.clientIp, store: await getStore() })
}

export default function TrackOrderPage() {
  const result = useActionData<TrackActionData>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const failed = result && !result.ok ? result : undefined
  return (
    <div className="buying-page track-page">
      <h1>Track your order</h1>
      <Form method="post" className="form-card" aria-labelledby="track-title" noValidate>
        <h2 id="track-title">Find your order</h2>
        <ErrorList errors={failed?.errors.form} />
        <Field
          id="track-orderId"
          label="Order number"
          name="orderId"
          autoComplete="off"
          required
          hint="12 characters, from your confirmation page."
          defaultValue={failed?.values.orderId ?? ''}
          errors={failed?.errors.orderId}
        />
        <Field
          id="track-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failed?.values.email ?? ''}
          errors={failed?.errors.email}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Looking…' : 'Track order'}
          </button>
        </div>
      </Form>
      {result?.ok ? (
        <section className="track-result" aria-labelledby="track-result-title">
          <h2 id="track-result-title">Order {result.order.id}</h2>
          <p>
            Status: <StatusBadge status={result.order.status} label={result.order.statusLabel} /> ·{' '}
            {result.order.itemCount} {result.order.itemCount === 1 ? 'item' : 'items'} ·{' '}
            {formatRand(result.order.totalCents)}
          </p>
          <StatusTimeline history={result.order.history} />
        </section>
      ) : null}
    </div>
  )
}
