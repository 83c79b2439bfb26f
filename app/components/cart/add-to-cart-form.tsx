import { getSelectProps, useForm } from '@conform-to/react'
import { useFetcher, useLocation } from '@remix-run/react'
import { useCallback, useId, useRef, useState, type RefObject } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { z } from 'zod'

import { MiniCart } from '~/components/cart/mini-cart'
import { FetcherForm, resultMessages } from '~/components/fetcher-form'
import { ErrorList } from '~/components/forms'
import type { CartActionData } from '~/lib/cart/cart-action.server'
import { maxQuantityFor } from '~/lib/cart/rules'
import type { addToCartSchema } from '~/lib/cart/schema'
import { ownSearch } from '~/lib/page-params'

type Props = {
  productId: string
  /** The variant picked on the product page; without it the cart adds the default variant. */
  variantId?: string
  productName: string
  stock: number
  /** Product pages let the shopper pick a quantity; cards add one at a time. */
  showQuantity?: boolean
}

/**
 * Quantity + "Add to cart" for product pages and cards (`intent=add`, `productId`, `quantity`;
 * schema in lib/cart/schema.ts). With JS a fetcher posts to /cart and gets data back, and the
 * mini-cart opens saying what was added (focus goes into it, and back to this button when it
 * closes); without JS the same form posts and /cart redirects back here with a notice.
 * Sold-out products show "Sold out".
 */
export function AddToCartForm({ showQuantity = true, ...props }: Props) {
  if (maxQuantityFor(props.stock) === 0) {
    return <p className="add-to-cart add-to-cart--sold-out">Sold out</p>
  }
  return showQuantity ? <AddWithQuantity {...props} /> : <AddOne {...props} />
}

/**
 * The shared fetcher of a product's cart forms, the hidden fields every one posts, and the
 * mini-cart it opens once an add succeeds.
 */
function useAddToCart(productId: string, variantId: string | undefined) {
  const fetcher = useFetcher<CartActionData>({ key: `add-to-cart-${variantId ?? productId}` })
  const location = useLocation()
  const hydrated = useHydrated()
  const button = useRef<HTMLButtonElement>(null)
  const busy = fetcher.state !== 'idle'
  // Each new successful answer opens the drawer once; closing it does not bring it back. An answer
  // already there on mount (a keyed fetcher kept from before) counts as closed.
  const [closedFor, setClosedFor] = useState<CartActionData | undefined>(fetcher.data)
  const drawerFor = !busy && fetcher.data?.done && fetcher.data !== closedFor ? fetcher.data : null
  const answer = fetcher.data
  const closeDrawer = useCallback(() => setClosedFor(answer), [answer])

  const hidden = (
    <>
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input
        type="hidden"
        name="redirectTo"
        value={`${location.pathname}${ownSearch(location.pathname, location.search)}`}
      />
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
    </>
  )
  const drawer = drawerFor ? (
    <MiniCart message={drawerFor.done?.message} onClose={closeDrawer} returnFocusTo={button} />
  ) : null
  return { fetcher, hidden, busy, button, drawer }
}

/**
 * "Add to cart". While adding it is `aria-disabled`, not `disabled`: a disabled button loses
 * focus, and a keyboard shopper would land on the page body. What the cart did is said once, by
 * the mini-cart that opens (or, without JS, by the notice on the page the post comes back to).
 */
function AddButton({ busy, button }: { busy: boolean; button: RefObject<HTMLButtonElement> }) {
  return (
    <button
      ref={button}
      type="submit"
      name="intent"
      value="add"
      className="button"
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault()
      }}
    >
      {busy ? 'Adding…' : 'Add to cart'}
    </button>
  )
}

/** The product page's form: conform drives the quantity, its errors and the form's own. */
function AddWithQuantity({
  productId,
  variantId,
  productName,
  stock,
}: Omit<Props, 'showQuantity'>) {
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
        form={form}
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

/** A card's form: one at a time, every message of the cart's answer shown together. */
function AddOne({ productId, variantId, productName }: Omit<Props, 'showQuantity'>) {
  const { fetcher, hidden, busy, button, drawer } = useAddToCart(productId, variantId)
  // NOTE: the drawer sits beside the form, not in it: React events from a portal bubble up the
  // component tree, and the steppers' submits would reach this form's onSubmit.
  return (
    <>
      <FetcherForm
        fetcher={fetcher}
        action="/cart"
        className="add-to-cart"
        aria-label={`Add ${productName} to cart`}
      >
        {hidden}
        <input type="hidden" name="quantity" value="1" />
        <AddButton busy={busy} button={button} />
        <ErrorList
          errors={fetcher.state === 'idle' ? resultMessages(fetcher.data?.result) : []}
          className="add-to-cart__error"
        />
      </FetcherForm>
      {drawer}
    </>
  )
}
