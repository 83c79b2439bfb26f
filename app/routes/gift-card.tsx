import type {
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import { ErrorSummary, Field, FormErrors, VALIDATE_ON } from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import { formatRand } from '~/lib/money'
import { giftCardBalance } from '~/lib/promotions/balance.server'
import { giftCardBalanceSchema } from '~/lib/promotions/fields'
import { requestContext } from '~/lib/request-context.server'
import styles from '~/styles/buying.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta: MetaFunction = () => [
  { title: 'Gift card balance | Karoo & Co.' },
  { name: 'robots', content: 'noindex' },
]

// The code is in the URL (a GET form works without JS and can be bookmarked by its owner): keep
// it out of caches and out of the Referer of any link followed from the page.
const PRIVATE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
export const headers: HeadersFunction = () => PRIVATE_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { store } = await requestContext(request)
  const { page, status } = await giftCardBalance({
    url: new URL(request.url),
    clientIp: context.clientIp,
    store,
  })
  return data(page, { status, headers: PRIVATE_HEADERS })
}

const constraint = getZodConstraint(giftCardBalanceSchema)

export default function GiftCardBalancePage() {
  const page = useLoaderData<typeof loader>()
  const pending = useIsPending({ formMethod: 'GET' })
  const [form, fields] = useForm({
    id: 'gift-card-balance',
    lastResult: page.result,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: giftCardBalanceSchema }),
  })
  return (
    <div className="buying-page gift-card-page">
      <h1>Gift card balance</h1>
      <Form
        method="get"
        className="form-card"
        aria-labelledby="gift-card-form-title"
        {...getFormProps(form)}
      >
        <h2 id="gift-card-form-title">Check a gift card</h2>
        <ErrorSummary form={form} />
        <FormErrors form={form} />
        <Field
          meta={fields.code}
          label="Gift card code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint="16 characters from the card or its email, e.g. ABCD-EFGH-JKMN-PQRS."
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Checking…' : 'Check balance'}
          </button>
        </div>
      </Form>
      {page.status === 'found' ? (
        <section
          className="track-result gift-card-result"
          aria-labelledby="gift-card-result-title"
          aria-live="polite"
        >
          <h2 id="gift-card-result-title">Gift card {page.card.maskedCode}</h2>
          <p>
            Balance: <strong>{formatRand(page.card.availableCents)}</strong>
          </p>
          {page.card.heldCents > 0 ? (
            <p>
              {formatRand(page.card.heldCents)} more is held by an order awaiting payment: it comes
              back if that order is not paid.
            </p>
          ) : null}
          <p>
            {page.card.availableCents > 0
              ? 'Enter the code at checkout to pay with it.'
              : 'Nothing is left to spend on this card.'}{' '}
            <Link to="/shop">Browse the shop</Link>
          </p>
        </section>
      ) : null}
    </div>
  )
}
