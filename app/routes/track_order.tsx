import type { ActionFunctionArgs, LinksFunction, MetaFunction } from '@remix-run/node'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData } from '@remix-run/react'

import { Field, ErrorSummary, FormErrors, VALIDATE_ON } from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import { formatRand } from '~/lib/money'
import { PromotionsUsed } from '~/components/orders/order-totals'
import { ShipmentNote, StatusBadge, StatusTimeline } from '~/components/orders/order-view'
import { DeliveryMethod } from '~/components/shipping/delivery-method'
import { ShipmentTracking } from '~/components/shipping/tracking'
import { trackFormSchema } from '~/lib/orders/track-schema'
import { trackAction } from '~/lib/orders/track.server'
import { requestContext } from '~/lib/request-context.server'
import styles from '~/styles/buying.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction = () => [{ title: 'Track your order | Karoo & Co.' }]

export async function loader() {
  return null
}

// A POST keeps the email out of the URL; the answer renders from the action data, with or without JS.
export async function action({ request, context }: ActionFunctionArgs) {
  const { store } = await requestContext(request)
  return trackAction({ request, clientIp: context.clientIp, store })
}

const constraint = getZodConstraint(trackFormSchema)

export default function TrackOrderPage() {
  const result = useActionData<typeof action>()
  const pending = useIsPending()
  const [form, fields] = useForm({
    id: 'track',
    lastResult: result && !result.ok ? result.result : undefined,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: trackFormSchema }),
  })
  return (
    <div className="buying-page track-page">
      <h1>Track your order</h1>
      <Form
        method="post"
        className="form-card"
        aria-labelledby="track-title"
        {...getFormProps(form)}
      >
        <h2 id="track-title">Find your order</h2>
        <ErrorSummary form={form} />
        <FormErrors form={form} />
        <Field
          meta={fields.orderId}
          label="Order number"
          autoComplete="off"
          hint="12 characters, from your confirmation page."
        />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Looking…' : 'Track order'}
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
          <PromotionsUsed
            promotions={result.order.promotions}
            payfastLabel={
              result.order.status === 'pending_payment'
                ? 'To pay with PayFast'
                : 'Paid with PayFast'
            }
            showPayments={
              result.order.status !== 'cancelled' && result.order.status !== 'payment_failed'
            }
          />
          <ShipmentNote shipment={result.order.shipment} />
          <DeliveryMethod
            shipping={result.order.shipping}
            titleId="track-delivery-title"
            level={3}
          />
          <ShipmentTracking
            shipments={result.order.tracking}
            titleId="track-parcels-title"
            level={3}
          />
          <StatusTimeline history={result.order.history} />
        </section>
      ) : null}
    </div>
  )
}
