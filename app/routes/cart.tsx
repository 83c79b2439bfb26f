import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { CartLineItem } from '~/components/cart/cart-line'
import { ErrorList } from '~/components/forms'
import { Link } from '~/components/link'
import { CodeForm } from '~/components/promotions/code-form'
import { PromotionTotals } from '~/components/promotions/promotion-totals'
import { cartAction } from '~/lib/cart/cart-action.server'
import { loadCart } from '~/lib/cart/cart.server'
import { promotionInputs } from '~/lib/promotions/cart-promotions.server'
import { promotionCartOf, summarize } from '~/lib/promotions/summary'
import { requestContext } from '~/lib/request-context.server'
import { cartDeliveryEstimate, estimateLabel } from '~/lib/shipping/estimate'
import styles from '~/styles/buying.css'
import promotionStyles from '~/styles/promotions.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: promotionStyles },
]

export const meta: MetaFunction = () => [{ title: 'Your cart | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requestContext(request)
  const [{ lines, totals, hasProblems }, inputs, settings] = await Promise.all([
    loadCart(context),
    promotionInputs(context),
    context.store.shipping.get(),
  ])
  // The cart's delivery is the shipping rules' estimate (the zone charging least for this cart;
  // nothing for gift cards only): free delivery takes that off until checkout prices the method.
  const delivery = cartDeliveryEstimate(settings, lines, totals.subtotalCents)
  const { codeRefusal, payment, ...summary } = summarize(
    promotionCartOf(lines, delivery ? delivery.priceCents : null),
    inputs,
    { giftCard: null, storeCreditCents: 0 },
  )
  return {
    lines,
    hasProblems,
    delivery,
    summary: { lines: summary.lines, totals: summary.totals, codeRefusal, payment },
    appliedCode: inputs.code,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  return cartAction({ request })
}

export default function CartPage() {
  const { lines, summary, hasProblems, appliedCode, delivery } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  // A discount code's answer (a post without JavaScript) belongs to its form, not to a line.
  const promotionData = answer && 'form' in answer ? answer : null
  const actionData = answer && !('form' in answer) ? answer : undefined
  // An answer about one of the lines shows beside that line's field; any other (an "add" posted
  // from a product page without JavaScript) at the top of the page.
  // Each line's forms post its variant, so an answer finds its line by variant.
  const forLine = (variantId: string, intent: 'update' | 'remove') =>
    actionData?.variantId === variantId && actionData.intent === intent
      ? actionData.result
      : undefined
  const aboutALine = lines.some(
    (line) =>
      line.variantId === actionData?.variantId &&
      (actionData.intent === 'update' || actionData.intent === 'remove'),
  )
  const errors = aboutALine
    ? []
    : Object.values(actionData?.result.error ?? {}).flatMap((messages) => messages ?? [])

  return (
    <div className="buying-page cart-page">
      <h1>Your cart</h1>
      <ErrorList errors={errors} className="notice notice--error" />
      {lines.length === 0 ? (
        <div className="empty-state">
          <p>Your cart is empty.</p>
          <p>
            <Link to="/shop">Browse the shop</Link> to find something you like.
          </p>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-lines" aria-label="Cart lines">
            {lines.map((line) => (
              <CartLineItem
                key={line.variantId}
                line={line}
                lastResults={{
                  update: forLine(line.variantId, 'update'),
                  remove: forLine(line.variantId, 'remove'),
                }}
              />
            ))}
          </ul>
          <section className="summary-card" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title">Summary</h2>
            <CodeForm
              kind="discount"
              action="/cart"
              applied={appliedCode ? `Code ${appliedCode}` : null}
              actionData={promotionData}
            />
            <PromotionTotals
              summary={summary}
              deliveryEstimate={delivery ? estimateLabel(delivery) : null}
              freeShippingFromCents={delivery?.kind === 'parcel' ? delivery.freeFromCents : null}
            />
            {hasProblems ? (
              <p className="summary-card__problem">
                Change or remove the lines marked above before you check out.
              </p>
            ) : (
              <Link to="/checkout" className="button">
                Check out
              </Link>
            )}
            <p>
              <Link to="/shop">Continue shopping</Link>
            </p>
          </section>
        </div>
      )}
    </div>
  )
}
