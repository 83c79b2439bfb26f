import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { ErrorList, Field, SelectField } from '~/components/forms'
import { Link } from '~/components/link'
import { optionalUser } from '~/lib/auth/session.server'
import { loadCart } from '~/lib/cart/cart.server'
import { requireCartItems } from '~/lib/cart/guard.server'
import {
  checkoutAction,
  checkoutPrefill,
  type CheckoutActionData,
} from '~/lib/checkout/checkout.server'
import { PROVINCES } from '~/lib/data/types'
import { formatRand } from '~/lib/money'
import { TotalsList } from '~/components/orders/totals-view'
import formStyles from '~/styles/forms.css'
import styles from '~/styles/buying.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formStyles },
  { rel: 'stylesheet', href: styles },
]

export const meta: MetaFunction = () => [{ title: 'Checkout | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCartItems(request)
  const [user, cart] = await Promise.all([optionalUser(request), loadCart(request)])
  return {
    signedIn: user !== null,
    prefill: checkoutPrefill(user),
    lines: cart.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      lineTotalCents: l.lineTotalCents,
      problem: l.problem,
    })),
    totals: cart.totals,
    hasProblems: cart.hasProblems,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireCartItems(request)
  return checkoutAction({ request })
}

export default function CheckoutPage() {
  const { signedIn, prefill, lines, totals, hasProblems } = useLoaderData<typeof loader>()
  const actionData = useActionData<CheckoutActionData>()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const errors = actionData?.errors ?? {}
  const value = (name: keyof typeof prefill) => actionData?.values[name] ?? prefill[name]

  return (
    <div className="buying-page checkout-page">
      <h1>Checkout</h1>
      <div className="checkout-layout">
        <Form
          method="post"
          className="form-card"
          aria-labelledby="checkout-details-title"
          noValidate
        >
          <h2 id="checkout-details-title">Your details</h2>
          <ErrorList errors={errors.form} />
          {!signedIn ? (
            <p className="field__hint">
              Checking out as a guest. <Link to="/auth?redirectTo=/checkout">Sign in</Link> to keep
              the order in your account.
            </p>
          ) : null}
          <Field
            id="checkout-email"
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={value('email')}
            errors={errors.email}
          />
          <Field
            id="checkout-firstName"
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            defaultValue={value('firstName')}
            errors={errors.firstName}
          />
          <Field
            id="checkout-lastName"
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            defaultValue={value('lastName')}
            errors={errors.lastName}
          />
          <Field
            id="checkout-phone"
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            hint="A South African number, e.g. 082 123 4567."
            defaultValue={value('phone')}
            errors={errors.phone}
          />
          <h2>Delivery address</h2>
          <Field
            id="checkout-line1"
            label="Street address"
            name="line1"
            autoComplete="address-line1"
            required
            defaultValue={value('line1')}
            errors={errors.line1}
          />
          <Field
            id="checkout-line2"
            label="Address line 2 (optional)"
            name="line2"
            autoComplete="address-line2"
            defaultValue={value('line2')}
            errors={errors.line2}
          />
          <Field
            id="checkout-suburb"
            label="Suburb"
            name="suburb"
            required
            defaultValue={value('suburb')}
            errors={errors.suburb}
          />
          <Field
            id="checkout-city"
            label="City or town"
            name="city"
            autoComplete="address-level2"
            required
            defaultValue={value('city')}
            errors={errors.city}
          />
          <SelectField
            id="checkout-province"
            label="Province"
            name="province"
            required
            options={PROVINCES}
            placeholder="Choose a province"
            defaultValue={value('province')}
            errors={errors.province}
          />
          <Field
            id="checkout-postalCode"
            label="Postal code"
            name="postalCode"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            maxLength={4}
            defaultValue={value('postalCode')}
            errors={errors.postalCode}
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={submitting || hasProblems}>
              {submitting ? 'Placing your order…' : 'Pay with PayFast'}
            </button>
          </div>
          <p className="field__hint">
            You will pay on PayFast&apos;s secure page and come back here afterwards.
          </p>
        </Form>

        <section className="summary-card" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">Order summary</h2>
          <ul className="summary-lines">
            {lines.map((line) => (
              <li key={line.productId}>
                <span>
                  {line.quantity} × {line.name}
                </span>
                <span>{formatRand(line.lineTotalCents)}</span>
                {line.problem ? (
                  <span className="cart-line__problem" role="alert">
                    {line.problem}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <TotalsList totals={totals} />
          <p className="field__hint">Shipping is R 99,00 per order, free from R 1 000,00.</p>
          {hasProblems ? (
            <p className="summary-card__problem">
              Some items are no longer available as ordered.{' '}
              <Link to="/cart">Change your cart</Link> first.
            </p>
          ) : (
            <p>
              <Link to="/cart">Change your cart</Link>
            </p>
          )}
        </section>
      </div>
    </div>
  )
}
