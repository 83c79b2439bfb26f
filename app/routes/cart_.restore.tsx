import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { useIsPending } from '~/components/use-is-pending'
import { restoreAction, restorePage } from '~/lib/win-back/cart-restore.server'

export const meta: MetaFunction = () => [
  { title: 'Back to your cart | Karoo & Co.' },
  { name: 'robots', content: 'noindex' },
]

/** GET /cart/restore?t=: the reminder's lines and the button that puts them back. */
export async function loader({ request }: LoaderFunctionArgs) {
  return restorePage(request)
}

/** POST /cart/restore (`t`): the lines go into this visitor's cart; on to /cart. */
export async function action({ request }: ActionFunctionArgs) {
  return restoreAction(request)
}

export default function RestoreCartPage() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  const pending = useIsPending()
  const page = posted ?? loaded
  if (page.state === 'invalid') {
    return (
      <div className="buying-page">
        <h1>This cart link does not work</h1>
        <div className="form-card" role="alert">
          <p>
            The link is incomplete or was changed on the way. Open it again from the email (if you
            copied it, copy the whole address), or{' '}
            <Link to="/shop">find the products in the shop</Link>.
          </p>
        </div>
      </div>
    )
  }
  return (
    <div className="buying-page">
      <h1>Back to your cart</h1>
      <Form method="post" className="form-card" aria-labelledby="restore-title">
        <h2 id="restore-title">Your cart held</h2>
        {page.lines.length ? (
          <ul>
            {page.lines.map((line) => (
              <li key={line.name}>
                {line.quantity} × {line.name}
              </li>
            ))}
          </ul>
        ) : (
          <p>None of these products is in the shop now.</p>
        )}
        <p>They join what is in your cart now, as far as stock allows.</p>
        <input type="hidden" name="t" value={page.token} />
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Putting them back…' : 'Put them in my cart'}
        </button>
      </Form>
    </div>
  )
}
