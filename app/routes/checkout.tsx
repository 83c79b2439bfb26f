import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import type { z } from 'zod'

import { Field, ErrorSummary, FormErrors, VALIDATE_ON } from '~/components/forms'
import { SavedAddressPicker } from '~/components/shipping/saved-address-picker'
import { useIsPending } from '~/components/use-is-pending'
import { Link } from '~/components/link'
import { optionalUser } from '~/lib/auth/user.server'
import { loadCart } from '~/lib/cart/cart.server'
import { requireCartItems } from '~/lib/cart/guard.server'
import {
  checkoutAction,
  checkoutPrefill,
  newCheckoutKey,
  openingDeliveryQuote,
  retriedOrder,
} from '~/lib/checkout/checkout.server'
import { selectedOption, totalsWith } from '~/lib/checkout/delivery'
import { checkoutFormSchema } from '~/lib/checkout/schema'
import { formatRand } from '~/lib/money'
import { requestContext } from '~/lib/request-context.server'
import { addressCard } from '~/lib/shipping/address-view'
import { ADDRESS_BOOK_MAX } from '~/lib/shipping/types'
import { DeliveryOptions } from '~/components/shipping/delivery-options'
import { useDeliveryQuote } from '~/components/shipping/use-delivery-quote'
import { LineOptions } from '~/components/line-options'
import { CodeForm } from '~/components/promotions/code-form'
import { PromotionTotals } from '~/components/promotions/promotion-totals'
import { CheckoutTerms } from '~/components/legal/checkout-terms'
import { MarketingOptIn } from '~/components/customers/marketing-opt-in'
import { paymentSources, promotionInputs } from '~/lib/promotions/cart-promotions.server'
import { promotionCartOf, summarize } from '~/lib/promotions/summary'
import addressStyles from '~/styles/addresses.css'
import promotionStyles from '~/styles/promotions.css'
import styles from '~/styles/buying.css'
import shippingStyles from '~/styles/shipping.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: addressStyles },
  { rel: 'stylesheet', href: shippingStyles },
  { rel: 'stylesheet', href: promotionStyles },
]

export const meta: MetaFunction = () => [{ title: 'Checkout | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCartItems(request)
  const context = await requestContext(request)
  const { store } = context
  const [user, cart, retried, paying, inputs] = await Promise.all([
    optionalUser(request),
    loadCart(request),
    // Back from "Cancel payment" at PayFast: the details the order was placed with, kept.
    retriedOrder(context, request),
    paymentSources(context),
    // A signed-in customer's uses count by account and email; a guest's email is judged at placing.
    promotionInputs(context),
  ])
  const savedAddresses = user ? await store.addresses.list(user.id) : []
  const prefill = checkoutPrefill(user, savedAddresses, retried)
  return {
    signedIn: user !== null,
    prefill,
    delivery: await openingDeliveryQuote(store, cart, prefill.addressId, savedAddresses, retried),
    savedAddresses: savedAddresses.map(addressCard),
    canSaveAddress: user !== null && savedAddresses.length < ADDRESS_BOOK_MAX,
    lines: cart.lines.map((l) => ({
      variantId: l.variantId,
      name: l.name,
      options: l.options,
      quantity: l.quantity,
      lineTotalCents: l.lineTotalCents,
      problem: l.problem,
    })),
    totals: cart.totals,
    hasProblems: cart.hasProblems,
    checkoutKey: newCheckoutKey(),
    // The summary is worked out in the browser too, as the delivery method changes.
    promotions: {
      inputs,
      cartLines: promotionCartOf(cart.lines, null).lines,
      sources: paying.sources,
      giftCardRefusal: paying.giftCardRefusal,
    },
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The cartCheck guard runs inside checkoutAction, after a repeated post of an already placed
  // checkout (whose cart is empty by then) is sent on to its order.
  return checkoutAction({ request, clientIp: context.clientIp ?? '' })
}

const constraint = getZodConstraint(checkoutFormSchema)

export default function CheckoutPage() {
  const {
    signedIn,
    prefill,
    savedAddresses,
    canSaveAddress,
    lines,
    totals,
    hasProblems,
    checkoutKey,
    delivery,
    promotions,
  } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  // A code's or card's answer (a post without JavaScript) belongs to its form, not to this one.
  const promotionData = answer && 'form' in answer ? answer : null
  const actionData = answer && !('form' in answer) ? answer : undefined
  const shipping = useDeliveryQuote(delivery, actionData?.delivery)
  const method = selectedOption(shipping.quote, shipping.checked)
  const deliveryTotals = totalsWith(totals.subtotalCents, method)
  const summary = summarize(
    {
      lines: promotions.cartLines,
      subtotalCents: totals.subtotalCents,
      deliveryPriceCents: deliveryTotals.deliveryKnown ? deliveryTotals.shippingCents : null,
      province: shipping.quote.province ?? null,
    },
    promotions.inputs,
    promotions.sources,
  )
  const payfastCents = summary.payment.payfastCents
  const paidOtherwise = summary.payment.giftCardCents + summary.payment.storeCreditCents
  // Nothing left for PayFast once the delivery is priced: the order is placed and paid at once.
  // Before the address prices it (a guest without JavaScript), a card or credit that already pays
  // for every item is placed first too: PayFast is asked only for a delivery it does not cover.
  const paidInFull = deliveryTotals.deliveryKnown && payfastCents === 0
  const itemsPaid = !deliveryTotals.deliveryKnown && paidOtherwise > 0 && payfastCents === 0
  const submitting = useIsPending()
  const [form, fields] = useForm<
    z.input<typeof checkoutFormSchema>,
    z.output<typeof checkoutFormSchema>
  >({
    id: 'checkout',
    lastResult: actionData?.result,
    defaultValue: prefill,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutFormSchema }),
  })

  return (
    <div className="buying-page checkout-page">
      <h1>Checkout</h1>
      <div className="checkout-layout">
        <div className="checkout-main">
          {/* Before the details: without JS, applying reloads the page and would lose what was typed. */}
          <section className="form-card checkout-codes" aria-labelledby="checkout-codes-title">
            <h2 id="checkout-codes-title">Discount code and gift card</h2>
            <CodeForm
              kind="discount"
              action="/checkout"
              applied={promotions.inputs.code ? `Code ${promotions.inputs.code}` : null}
              actionData={promotionData}
            />
            <CodeForm
              kind="gift-card"
              action="/checkout"
              applied={
                promotions.sources.giftCard
                  ? `Gift card ${promotions.sources.giftCard.maskedCode} (${formatRand(promotions.sources.giftCard.availableCents)} to spend)`
                  : null
              }
              actionData={promotionData}
            />
            {promotions.giftCardRefusal ? (
              <p className="totals__refusal">{promotions.giftCardRefusal}</p>
            ) : null}
            {promotions.sources.storeCreditCents > 0 ? (
              <p className="field__hint">
                Your store credit of {formatRand(promotions.sources.storeCreditCents)} is used
                automatically.
              </p>
            ) : null}
          </section>
          <Form
            method="post"
            className="form-card"
            aria-labelledby="checkout-details-title"
            {...getFormProps(form)}
            onChange={shipping.onFormChange}
          >
            <h2 id="checkout-details-title">Your details</h2>
            <ErrorSummary form={form} />
            <FormErrors form={form} />
            <input type="hidden" name="checkoutKey" value={checkoutKey} />
            {!signedIn ? (
              <p className="field__hint">
                Checking out as a guest. <Link to="/auth?redirectTo=/checkout">Sign in</Link> to
                keep the order in your account.
              </p>
            ) : null}
            <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
            <Field meta={fields.firstName} label="First name" autoComplete="given-name" />
            <Field meta={fields.lastName} label="Last name" autoComplete="family-name" />
            <Field
              meta={fields.phone}
              label="Phone"
              type="tel"
              autoComplete="tel"
              hint="A South African number, e.g. 082 123 4567."
            />
            <SavedAddressPicker
              addresses={savedAddresses}
              fields={fields}
              canSave={canSaveAddress}
            />
            <DeliveryOptions
              quote={shipping.quote}
              checked={shipping.checked}
              onChoose={shipping.choose}
              meta={fields.shippingMethod}
              quoting={shipping.quoting}
            />
            <CheckoutTerms acceptTerms={fields.acceptTerms} vatNumber={fields.vatNumber} />
            <MarketingOptIn
              meta={fields.marketingOptIn}
              hint="Now and then, by email. Unsubscribe in one click from any of them."
            />
            <div className="form-actions">
              <button type="submit" className="button" disabled={submitting || hasProblems}>
                {submitting
                  ? 'Placing your order…'
                  : paidInFull || itemsPaid
                    ? 'Place order'
                    : 'Pay with PayFast'}
              </button>
            </div>
            <p className="field__hint">
              {paidInFull
                ? summary.totals.totalCents === 0
                  ? 'Nothing is left to pay.'
                  : 'Your gift card and store credit pay for all of it: nothing is left to pay with PayFast.'
                : itemsPaid
                  ? 'Your gift card and store credit pay for your items; any delivery they do not cover is paid with PayFast after you place the order.'
                  : "You will pay on PayFast's secure page and come back here afterwards."}
            </p>
          </Form>
        </div>

        <section className="summary-card" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title">Order summary</h2>
          <ul className="summary-lines">
            {lines.map((line) => (
              <li key={line.variantId}>
                <span>
                  {line.quantity} × {line.name}
                  <LineOptions options={line.options} />
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
          <PromotionTotals
            summary={summary}
            deliveryName={method?.name ?? 'Standard delivery'}
            deliveryKnown={deliveryTotals.deliveryKnown}
            showPayment
            giftCardCode={promotions.sources.giftCard?.maskedCode ?? null}
          />
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
