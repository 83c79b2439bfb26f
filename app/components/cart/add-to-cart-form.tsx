import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { useId } from 'react'
import type { z } from 'zod'

import {
  AddButton,
  SoldOut,
  useAddToCart,
  type AddToCartProps,
} from '~/components/cart/add-one-form'
import { ErrorList } from '~/components/error-list'
import { FetcherForm } from '~/components/fetcher-form'
import { maxQuantityFor } from '~/lib/cart/rules'
import type { addToCartSchema } from '~/lib/cart/schema'

/**
 * The product page's quantity + "Add to cart" (`intent=add`, `productId`, `quantity`; schema in
 * lib/cart/schema.ts). With JS a fetcher posts to /cart and gets data back, and the mini-cart
 * opens saying what was added (focus goes into it, and back to this button when it closes);
 * without JS the same form posts and /cart redirects back here with a notice. Sold-out products
 * show "Sold out". Cards add one at a time with add-one-form.tsx, which stays free of conform.
 */
export function AddToCartForm(props: AddToCartProps) {
  return maxQuantityFor(props.stock) === 0 ? <SoldOut /> : <AddWithQuantity {...props} />
}

/** The product page's form: conform drives the quantity, its errors and the form's own. */
function AddWithQuantity({ productId, variantId, productName, stock }: AddToCartProps) {
  const { fetcher, hidden, busy, button, drawer } = useAddToCart(productId, variantId)
  // A product's card and page form may share a screen: form ids stay unique.
  const formId = `add-to-cart-${useId()}`
  const [form, fields] = useForm<z.input<typeof addToCartSchema>>({
    id: formId,
    lastResult: fetcher.data?.result,
    defaultValue: { quantity: '1' },
  })
  const { key, ...quantityProps } = getSelectProps(fields.quantity)
  // NOTE: the drawer sits beside the form, not in it: React events from a portal bubble up the
  // component tree, and the steppers' submits would reach this form's onSubmit.
  return (
    <>
      <FetcherForm
        fetcher={fetcher}
        formProps={getFormProps(form)}
        action="/cart"
        className="add-to-cart"
        aria-label={`Add ${productName} to cart`}
      >
        {hidden}
        <span className="add-to-cart__quantity">
          <label htmlFor={fields.quantity.id}>Quantity</label>
          <select key={key} {...quantityProps}>
            {Array.from({ length: maxQuantityFor(stock) }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
          <ErrorList id={fields.quantity.errorId} errors={fields.quantity.errors} />
        </span>
        <AddButton busy={busy} button={button} />
        <ErrorList
          id={form.errorId}
          errors={[...(form.errors ?? []), ...(fields.productId.errors ?? [])]}
          className="add-to-cart__error"
        />
      </FetcherForm>
      {drawer}
    </>
  )
}
