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
import { cartAction } from '~/lib/cart/cart-action.server'
import { loadCart } from '~/lib/cart/cart.server'
import { TotalsList } from '~/components/orders/totals-view'
import styles from '~/styles/buying.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: MetaFunction = () => [{ title: 'Your cart | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { lines, totals, hasProblems } = await loadCart(request)
  return { lines, totals, hasProblems }
}

export async function action({ request }: ActionFunctionArgs) {
  return cartAction({ request })
}

export default function CartPage() {
  const { lines, totals, hasProblems } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
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
            <TotalsList totals={totals} showFreeShippingHint />
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
