import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { useIsPending } from '~/components/use-is-pending'
import { unsubscribeAction, unsubscribePage } from '~/lib/customers/unsubscribe.server'
import { requestContext } from '~/lib/request-context.server'
import styles from '~/styles/buying.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction = () => [
  { title: 'Unsubscribe | Karoo & Co.' },
  { name: 'robots', content: 'noindex' },
]

// The token is in the URL: keep it out of caches and out of the Referer of any link followed.
const PRIVATE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
export const headers: HeadersFunction = () => PRIVATE_HEADERS

/** GET /unsubscribe?t=: the confirm button (docs/contracts.md "Customers and privacy"). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requestContext(request)
  const { page, status } = await unsubscribePage(store, new URL(request.url))
  return data(page, { status, headers: PRIVATE_HEADERS })
}

/** POST /unsubscribe (`t` in the query or the body): unsubscribes at once, no sign-in (RFC 8058). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { store } = await requestContext(request)
  const { page, status } = await unsubscribeAction({ request, clientIp: context.clientIp, store })
  return data(page, { status, headers: PRIVATE_HEADERS })
}

const ORDER_MAIL_NOTE =
  'Emails about your orders (confirmation, delivery, returns) still arrive: they are not marketing.'

export default function UnsubscribePage() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const pending = useIsPending()
  const page = posted ?? loaded

  if (page.state === 'done') {
    return (
      <div className="buying-page unsubscribe-page">
        <h1>You are unsubscribed</h1>
        <div className="form-card" role="status">
          <p>
            We will send no more news or offers to{' '}
            <strong style={{ overflowWrap: 'anywhere' }}>{page.email}</strong>.
          </p>
          <p>{ORDER_MAIL_NOTE}</p>
          <p>
            Changed your mind? Tick “Send me news and offers” on{' '}
            <Link to="/account">your account</Link> or at your next checkout.
          </p>
        </div>
      </div>
    )
  }
  if (page.state === 'invalid') {
    return (
      <div className="buying-page unsubscribe-page">
        <h1>This unsubscribe link does not work</h1>
        <div className="form-card" role="alert">
          <p>
            The link is incomplete or was changed on the way. Open it again from the email (if you
            copied it, copy the whole address), or sign in and untick “Send me news and offers” on{' '}
            <Link to="/account">your account</Link>.
          </p>
        </div>
      </div>
    )
  }
  if (page.state === 'limited') {
    return (
      <div className="buying-page unsubscribe-page">
        <h1>Unsubscribe</h1>
        <div className="form-card" role="alert">
          <p>{page.message}.</p>
        </div>
      </div>
    )
  }
  return (
    <div className="buying-page unsubscribe-page">
      <h1>Unsubscribe from news and offers</h1>
      <Form method="post" className="form-card" aria-labelledby="unsubscribe-title">
        <h2 id="unsubscribe-title">Stop marketing emails to {page.email}</h2>
        <p>
          {page.subscribed
            ? 'Press the button and we send this address no more news or offers.'
            : 'This address gets no news or offers from us now. Press the button to make sure.'}
        </p>
        <p>{ORDER_MAIL_NOTE}</p>
        <input type="hidden" name="t" value={page.token} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </div>
      </Form>
    </div>
  )
}
