import { useFetcher, useLocation } from '@remix-run/react'
import { lazy, Suspense, useCallback, useRef, useState, type RefObject } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

import { ErrorList } from '~/components/error-list'
import { FetcherForm, resultMessages } from '~/components/fetcher-form'
import type { CartActionData } from '~/lib/cart/cart-action.server'
import { maxQuantityFor } from '~/lib/cart/rules'
import { ownSearch } from '~/lib/page-params'

// The drawer opens only after an add succeeds with JS: its module (and the steppers in it) loads
// then, not with the page (docs/decisions/038-less-javascript.md).
const MiniCart = lazy(() =>
  import('~/components/cart/mini-cart').then((m) => ({ default: m.MiniCart })),
)

export type AddToCartProps = {
  productId: string
  /** The variant picked on the product page; without it the cart adds the default variant. */
  variantId?: string
  productName: string
  stock: number
}

/** What a sold-out product shows instead of a cart form. */
export function SoldOut() {
  return <p className="add-to-cart add-to-cart--sold-out">Sold out</p>
}

/**
 * The shared fetcher of a product's cart forms, the hidden fields every one posts, and the
 * mini-cart it opens once an add succeeds.
 */
export function useAddToCart(productId: string, variantId: string | undefined) {
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
    <Suspense fallback={null}>
      <MiniCart message={drawerFor.done?.message} onClose={closeDrawer} returnFocusTo={button} />
    </Suspense>
  ) : null
  return { fetcher, hidden, busy, button, drawer }
}

/**
 * "Add to cart". While adding it is `aria-disabled`, not `disabled`: a disabled button loses
 * focus, and a keyboard shopper would land on the page body. What the cart did is said once, by
 * the mini-cart that opens (or, without JS, by the notice on the page the post comes back to).
 */
export function AddButton({
  busy,
  button,
}: {
  busy: boolean
  button: RefObject<HTMLButtonElement>
}) {
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

/**
 * A card's "Add to cart" (`intent=add`, `productId`, `quantity=1`; schema in lib/cart/schema.ts):
 * one at a time, every message of the cart's answer shown together. With JS a fetcher posts to
 * /cart and the mini-cart opens saying what was added (focus goes into it, and back to this
 * button when it closes); without JS the same form posts and /cart redirects back here with a
 * notice. Sold-out products show "Sold out". Conform-free: cards are on every page (the product
 * page's form with a quantity is add-to-cart-form.tsx).
 */
export function AddOneForm(props: AddToCartProps) {
  return maxQuantityFor(props.stock) === 0 ? <SoldOut /> : <AddOne {...props} />
}

function AddOne({ productId, variantId, productName }: AddToCartProps) {
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
