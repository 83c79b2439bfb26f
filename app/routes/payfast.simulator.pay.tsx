import type { ActionFunctionArgs, LinksFunction, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData } from '@remix-run/react'

import { env } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { SimulatorError, SimulatorFrame } from '~/components/payfast/simulator-ui'
import { logger } from '~/lib/log.server'
import {
  buildItn,
  checkPaymentRequest,
  deliverItn,
  foreignReturnUrl,
  formPairs,
  type ItnStatus,
  newPfPaymentId,
  shopNotifyUrl,
  shopPath,
} from '~/lib/payfast/simulator.server'
import styles from '~/styles/payfast.css'

// The simulator's pay/cancel step: re-checks the carried request, sends the ITN to notify_url over
// HTTP as PayFast does (to the shop's own /payfast/notify only), then sends the buyer back to the
// path of return_url or cancel_url (pages of APP_URL only).

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction = () => [
  { title: 'PayFast simulator' },
  { name: 'robots', content: 'noindex' },
]

const OUTCOME_FIELD = 'simulator_outcome'
const OUTCOMES: readonly ItnStatus[] = ['COMPLETE', 'CANCELLED']

export async function loader() {
  if (env.payfast.mode !== 'simulator') throw notFound()
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  if (env.payfast.mode !== 'simulator') throw notFound()
  const refuse = (error: string) => data({ error }, { status: 400 })
  const pairs = formPairs(await request.formData())
  if (!pairs) return refuse('A payment request carries text fields only.')
  const outcomes = pairs.filter(([name]) => name === OUTCOME_FIELD).map(([, value]) => value)
  const outcome = OUTCOMES.find((o) => outcomes.length === 1 && outcomes[0] === o)
  if (!outcome) return refuse('Choose "Pay now" or "Cancel payment".')
  const check = checkPaymentRequest(
    pairs.filter(([name]) => name !== OUTCOME_FIELD),
    env.payfast,
  )
  if (!check.ok) return refuse(check.error)
  const foreign = foreignReturnUrl(check.request, env.appUrl)
  if (foreign) return refuse(foreign)

  const { fields } = check.request
  const pfPaymentId = newPfPaymentId()
  if (fields.notify_url) {
    const itn = buildItn(check.request, outcome, {
      pfPaymentId,
      passphrase: env.payfast.passphrase,
    })
    // Only ever the shop's own notify route: the posted notify_url decides whether, not where.
    const delivery = await deliverItn(shopNotifyUrl(env.appUrl), itn)
    // PayFast sends the buyer back whatever the shop answered (and retries the ITN later).
    if (!delivery.delivered) {
      logger.warn(
        `PayFast simulator: ITN for ${fields.m_payment_id ?? '?'} not delivered: ${delivery.detail}`,
      )
    }
  }
  const back = outcome === 'COMPLETE' ? fields.return_url : fields.cancel_url
  const backPath = back ? shopPath(back, env.appUrl) : null
  if (backPath) return redirect(backPath)
  return { outcome, pfPaymentId }
}

export default function SimulatorPay() {
  const result = useActionData<typeof action>()
  if (!result) {
    return (
      <SimulatorFrame title="Nothing to pay">
        <p>The simulator&apos;s payment page posts here. Start from the cart and check out.</p>
        <p>
          <a href="/cart">Go to your cart</a>
        </p>
      </SimulatorFrame>
    )
  }
  if ('error' in result) return <SimulatorError error={result.error} />
  return (
    <SimulatorFrame
      title={result.outcome === 'COMPLETE' ? 'Payment complete' : 'Payment cancelled'}
    >
      <p>
        PayFast reference {result.pfPaymentId}. The shop gave no URL to return to.{' '}
        <a href="/">Back to the shop</a>
      </p>
    </SimulatorFrame>
  )
}
