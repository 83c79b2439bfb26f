import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { Link } from '~/components/link'
import { cartAction, type CartActionData } from '~/lib/cart/cart-action.server'
import { loadCart } from '~/lib/cart/cart.server'
import { formatRand } from '~/lib/money'
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
  const actionData = useActionData<CartActionData>()
  const navigation = useNavigation()
  const errors = actionData && !actionData.ok ? Object.values(actionData.errors).flat() : []
  const busy = (productId: string, intent: string) =>
    navigation.state !== 'idle' &&
    navigation.formData?.get('productId') === productId &&
    navigation.formData?.get('intent') === intent

  return (
    <div className="buying-page cart-page">
      <h1>Your cart</h1>
      {errors.length ? (
        <div className="notice notice--error" role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
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
              <li key={line.productId} className="cart-line" aria-label={line.name}>
                {line.image ? (
                  <img
                    className="cart-line__image"
                    src={line.image.url}
                    alt={line.image.alt}
                    width={96}
                    height={96}
                    loading="lazy"
                  />
                ) : (
                  <span className="cart-line__image" aria-hidden="true" />
                )}
                <div className="cart-line__body">
                  <h2 className="cart-line__name">
                    <Link to={`/shop/${encodeURIComponent(line.productId)}`}>{line.name}</Link>
                  </h2>
                  <p className="cart-line__price">
                    {formatRand(line.unitPriceCents)} each
                    {line.previousPriceCents !== null ? (
                      <span className="cart-line__changed">
                        {' '}
                        (price changed since you added it: was {formatRand(line.previousPriceCents)}
                        )
                      </span>
                    ) : null}
                  </p>
                  {line.problem ? (
                    <p className="cart-line__problem" role="alert">
                      {line.problem}
                    </p>
                  ) : null}
                  <div className="cart-line__actions">
                    {line.maxQuantity > 0 ? (
                      <Form method="post" className="cart-line__quantity">
                        <input type="hidden" name="productId" value={line.productId} />
                        <label htmlFor={`quantity-${line.productId}`}>Quantity</label>
                        <select
                          id={`quantity-${line.productId}`}
                          name="quantity"
                          defaultValue={String(line.quantity)}
                          key={line.quantity}
                          aria-label={`Quantity of ${line.name}`}
                        >
                          {Array.from(
                            { length: Math.max(line.maxQuantity, line.quantity) },
                            (_, i) => (
                              <option key={i + 1} value={i + 1} disabled={i + 1 > line.maxQuantity}>
                                {i + 1}
                              </option>
                            ),
                          )}
                        </select>
                        <button
                          type="submit"
                          name="intent"
                          value="update"
                          className="button button--secondary"
                          disabled={busy(line.productId, 'update')}
                        >
                          Update
                        </button>
                      </Form>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="productId" value={line.productId} />
                      <button
                        type="submit"
                        name="intent"
                        value="remove"
                        className="button button--link"
                        aria-label={`Remove ${line.name}`}
                        disabled={busy(line.productId, 'remove')}
                      >
                        Remove
                      </button>
                    </Form>
                  </div>
                </div>
                <p className="cart-line__total">{formatRand(line.lineTotalCents)}</p>
              </li>
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
