import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { paymentFormFor } from '~/lib/checkout/checkout.server'
import { notFound } from '~/lib/http.server'
import { formatRand } from '~/lib/money'
import { isOrderId } from '~/lib/orders/id'
import { payfastAmountCents } from '~/lib/payfast/amount'
import { findVisibleOrder } from '~/lib/orders/customer.server'
import { requestContext } from '~/lib/request-context.server'
import styles from '~/styles/buying.css'

// The hand-over to PayFast: a signed form that submits itself with JS and waits for a press without.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction = () => [
  { title: 'Pay with PayFast | Karoo & Co.' },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id
  if (!isOrderId(id)) throw notFound()
  const found = await findVisibleOrder(await requestContext(request), id)
  if (found.access !== 'full') throw notFound()
  const { order } = found
  // Paid, cancelled or expired meanwhile: the order page tells which.
  if (order.status !== 'pending_payment') throw redirect(`/orders/${order.id}`)
  return {
    orderId: order.id,
    totalCents: order.totalCents,
    payfastCents: payfastAmountCents(order),
    form: paymentFormFor(order),
  }
}

export default function PayPage() {
  const { orderId, totalCents, payfastCents, form } = useLoaderData<typeof loader>()
  const formRef = useRef<HTMLFormElement>(null)
  const submitted = useRef(false)

  useEffect(() => {
    if (submitted.current) return
    submitted.current = true
    formRef.current?.submit()
  }, [])

  return (
    <div className="buying-page pay-page">
      <h1>Pay for order {orderId}</h1>
      <p>
        Your order of <strong>{formatRand(totalCents)}</strong> is reserved for 30 minutes. You pay
        on PayFast&apos;s secure page and come back here afterwards.
      </p>
      {payfastCents !== totalCents ? (
        <p>
          Your gift card and store credit pay {formatRand(totalCents - payfastCents)}: PayFast asks
          you for the rest, <strong>{formatRand(payfastCents)}</strong>.
        </p>
      ) : null}
      <form ref={formRef} method="post" action={form.action} className="pay-form">
        {form.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button">
          Continue to PayFast
        </button>
      </form>
    </div>
  )
}
