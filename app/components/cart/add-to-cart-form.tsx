import { useFetcher, useLocation } from '@remix-run/react'
import { useId, useSyncExternalStore } from 'react'

import { FetcherForm } from '~/components/fetcher-form'

import type { CartActionData } from '~/lib/cart/cart-action.server'
import { maxQuantityFor } from '~/lib/cart/rules'

const noSubscription = () => () => {}
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )

/**
 * Quantity + "Add to cart" for product pages and cards. With JS a fetcher posts to /cart and gets
 * data back (the flash toast shows through the root loader's revalidation); without JS the same
 * form posts and /cart redirects back here with a notice. Sold-out products show "Sold out".
 */
export function AddToCartForm({
  productId,
  productName,
  stock,
  showQuantity = true,
}: {
  productId: string
  productName: string
  stock: number
  showQuantity?: boolean
}) {
  const fetcher = useFetcher<CartActionData>({ key: `add-to-cart-${productId}` })
  const location = useLocation()
  const hydrated = useHydrated()
  const id = useId()
  const max = maxQuantityFor(stock)
  if (max === 0) return <p className="add-to-cart add-to-cart--sold-out">Sold out</p>
  const busy = fetcher.state !== 'idle'
  const result = fetcher.data
  const errors = result && !result.ok ? Object.values(result.errors).flat() : []

  return (
    <FetcherForm
      fetcher={fetcher}
      action="/cart"
      className="add-to-cart"
      aria-label={`Add ${productName} to cart`}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
      {showQuantity ? (
        <span className="add-to-cart__quantity">
          <label htmlFor={`${id}-quantity`}>Quantity</label>
          <select id={`${id}-quantity`} name="quantity" defaultValue="1">
            {Array.from({ length: max }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </span>
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <button type="submit" name="intent" value="add" className="button" disabled={busy}>
        {busy ? 'Adding…' : 'Add to cart'}
      </button>
      <p className="add-to-cart__status" role="status">
        {result?.ok ? result.message : null}
      </p>
      {errors.length ? (
        <p className="add-to-cart__error" role="alert">
          {errors.join(' ')}
        </p>
      ) : null}
    </FetcherForm>
  )
}
