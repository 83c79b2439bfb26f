import type { ActionFunctionArgs, LinksFunction, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData } from '@remix-run/react'

import { env } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { SimulatorError, SimulatorFrame } from '~/components/payfast/simulator-ui'
import { centsToRandsString } from '~/lib/money'
import { checkPaymentRequest, foreignReturnUrl, formPairs } from '~/lib/payfast/simulator.server'
import styles from '~/styles/payfast.css'

// The simulator's stand-in for PayFast's `/eng/process`: the shop's checkout form posts here.

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction = () => [
  { title: 'PayFast simulator' },
  { name: 'robots', content: 'noindex' },
]

/** Where the pay/cancel buttons post (app/routes/payfast.simulator.pay.tsx). */
const PAY_PATH = '/payfast/simulator/pay'

export async function loader() {
  if (env.payfast.mode !== 'simulator') throw notFound()
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  if (env.payfast.mode !== 'simulator') throw notFound()
  const pairs = formPairs(await request.formData())
  const check = pairs
    ? checkPaymentRequest(pairs, env.payfast)
    : ({ ok: false, error: 'A payment request carries text fields only.' } as const)
  if (!check.ok) return data({ ok: false as const, error: check.error }, { status: 400 })
  const foreign = foreignReturnUrl(check.request, env.appUrl)
  if (foreign) return data({ ok: false as const, error: foreign }, { status: 400 })
  const { fields, amountCents, pairs: carried } = check.request
  return {
    ok: true as const,
    merchantId: fields.merchant_id ?? '',
    itemName: fields.item_name ?? '',
    itemDescription: fields.item_description ?? '',
    buyer: [fields.name_first, fields.name_last].filter(Boolean).join(' '),
    email: fields.email_address ?? '',
    amount: centsToRandsString(amountCents),
    fields: carried,
  }
}

export default function SimulatorProcess() {
  const result = useActionData<typeof action>()
  if (!result) {
    return (
      <SimulatorFrame title="Nothing to pay">
        <p>
          This page takes a payment request POSTed by the shop&apos;s checkout, as PayFast&apos;s
          <code> /eng/process</code> does. Start from the cart and check out to reach it.
        </p>
        <p>
          <a href="/cart">Go to your cart</a>
        </p>
      </SimulatorFrame>
    )
  }
  if (!result.ok) return <SimulatorError error={result.error} />
  return (
    <SimulatorFrame title="Confirm your payment">
      <dl className="pf-sim__summary">
        <dt>Merchant</dt>
        <dd>{result.merchantId}</dd>
        <dt>Item</dt>
        <dd>{result.itemName}</dd>
        {result.itemDescription ? (
          <>
            <dt>Description</dt>
            <dd>{result.itemDescription}</dd>
          </>
        ) : null}
        {result.buyer || result.email ? (
          <>
            <dt>Buyer</dt>
            <dd>{[result.buyer, result.email].filter(Boolean).join(', ')}</dd>
          </>
        ) : null}
        <dt>Amount</dt>
        <dd className="pf-sim__amount">R {result.amount}</dd>
      </dl>
      <form method="post" action={PAY_PATH} className="pf-sim__actions">
        {result.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="simulator_outcome" value="COMPLETE" className="pf-sim__pay">
          Pay now
        </button>
        <button type="submit" name="simulator_outcome" value="CANCELLED" className="pf-sim__cancel">
          Cancel payment
        </button>
      </form>
    </SimulatorFrame>
  )
}
