import { getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { useFetcher, useLocation } from '@remix-run/react'
import { useId } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { z } from 'zod'

import { FetcherForm } from '~/components/fetcher-form'
import { ErrorList } from '~/components/forms'
import type { CartActionData } from '~/lib/cart/cart-action.server'
import { maxQuantityFor } from '~/lib/cart/rules'
import type { addToCartSchema } from '~/lib/cart/schema'

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
  // One product may have a card and a page form on the same screen: form ids stay unique.
  const formId = `add-to-cart-${useId()}`
  const [form, fields] = useForm<z.input<typeof addToCartSchema>>({
    id: formId,
    lastResult: fetcher.data?.result,
    defaultValue: { intent: 'add', productId, quantity: '1' },
  })
  const max = maxQuantityFor(stock)
  if (max === 0) return <p className="add-to-cart add-to-cart--sold-out">Sold out</p>
  const busy = fetcher.state !== 'idle'
  const done = fetcher.data?.done
  // Problems of the product itself come as the form's errors; the hidden fields' own errors too.
  const errors = [
    ...(form.errors ?? []),
    ...(fields.productId.errors ?? []),
    ...(showQuantity ? [] : (fields.quantity.errors ?? [])),
  ]
  const { key: quantityKey, ...quantityProps } = showQuantity
    ? getSelectProps(fields.quantity)
    : getInputProps(fields.quantity, { type: 'hidden' })

  return (
    <FetcherForm
      fetcher={fetcher}
      form={form}
      action="/cart"
      className="add-to-cart"
      aria-label={`Add ${productName} to cart`}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
      {showQuantity ? (
        <span className="add-to-cart__quantity">
          <label htmlFor={fields.quantity.id}>Quantity</label>
          <select key={quantityKey} {...quantityProps}>
            {Array.from({ length: max }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
          <ErrorList id={fields.quantity.errorId} errors={fields.quantity.errors} />
        </span>
      ) : (
        <input key={quantityKey} {...quantityProps} />
      )}
      <button type="submit" name="intent" value="add" className="button" disabled={busy}>
        {busy ? 'Adding…' : 'Add to cart'}
      </button>
      <p className="add-to-cart__status" role="status">
        {done?.message}
      </p>
      <ErrorList id={form.errorId} errors={errors} className="add-to-cart__error" />
    </FetcherForm>
  )
}
