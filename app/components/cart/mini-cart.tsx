import { useFetcher, useLocation } from '@remix-run/react'
import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react'
import { createPortal } from 'react-dom'

import { QuantityStepper } from '~/components/cart/quantity-stepper'
import { LineOptions, variantPath } from '~/components/line-options'
import { Link } from '~/components/link'
import type { CartView } from '~/lib/cart/cart.server'
import { FREE_SHIPPING_FROM_CENTS } from '~/lib/cart/rules'
import { srcSet } from '~/lib/images/responsive'
import { formatRand } from '~/lib/money'

/** The cart resource route the drawer reads (app/routes/api.cart.ts). */
export const CART_RESOURCE = '/api/cart'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * The mini-cart: a modal drawer opened after "Add to cart" with JavaScript (without it the cart
 * form's post/redirect/get takes the shopper to the page they were on, with a notice). It reads
 * the cart from /api/cart, and after each quantity step the fetcher revalidates with the page.
 *
 * Focus (APG dialog pattern): moved to the drawer's close button on open, kept inside while open
 * (Tab and Shift+Tab wrap), and on close returned to `returnFocusTo` (the button that added).
 * Escape, the close button, the backdrop and following a link close it.
 */
export function MiniCart({
  message,
  onClose,
  returnFocusTo,
}: {
  /** What the add did ("Added 1 × Rooibos tea to your cart"): the drawer's description. */
  message?: string
  onClose: () => void
  returnFocusTo: RefObject<HTMLElement | null>
}) {
  // `discounts`: what /api/cart says comes off the items (the code's and the offer's lines).
  const cart = useFetcher<
    CartView & { discounts?: { discountId: string; label: string; amountCents: number }[] }
  >({ key: 'mini-cart' })
  const dialog = useRef<HTMLDivElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const messageId = useId()
  const location = useLocation()
  const openedAt = useRef(location.key)

  // Load on open; `cart.load` is stable enough for this, and reloading on every render would loop.
  const { load } = cart
  useEffect(() => {
    load(CART_RESOURCE)
  }, [load])

  useEffect(() => {
    closeButton.current?.focus()
    const target = returnFocusTo
    return () => {
      // After the drawer unmounts; a link that navigated away leaves nothing to return to.
      target.current?.focus()
    }
  }, [returnFocusTo])

  // Following a link in the drawer (to /cart, /checkout, a product) closes it.
  useEffect(() => {
    if (location.key !== openedAt.current) onClose()
  }, [location.key, onClose])

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !dialog.current) return
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const view = cart.data
  return createPortal(
    <div className="mini-cart">
      {/* A pointer convenience only: Escape and the close button do the same for everyone. */}
      <div className="mini-cart__backdrop" aria-hidden="true" onClick={onClose} />
      {/* The dialog itself handles Escape and keeps Tab inside (APG dialog pattern). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialog}
        className="mini-cart__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
        onKeyDown={onKeyDown}
      >
        <div className="mini-cart__head">
          <h2 id={titleId}>Your cart</h2>
          <button
            ref={closeButton}
            type="button"
            className="mini-cart__close"
            aria-label="Close cart"
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {message ? (
          <p id={messageId} className="mini-cart__message">
            {message}
          </p>
        ) : null}
        {!view ? (
          <p className="mini-cart__loading">Loading your cart…</p>
        ) : view.lines.length === 0 ? (
          <p>Your cart is empty.</p>
        ) : (
          <>
            <ul className="mini-cart__lines" aria-label="Cart lines">
              {view.lines.map((line) => (
                <li key={line.variantId} className="mini-cart__line">
                  {line.image ? (
                    <img
                      src={line.image.url}
                      srcSet={srcSet(line.image)}
                      sizes="4rem"
                      alt=""
                      width={64}
                      height={64}
                    />
                  ) : (
                    <span className="mini-cart__no-image" aria-hidden="true" />
                  )}
                  <div className="mini-cart__line-body">
                    <Link to={variantPath(line)} className="mini-cart__name">
                      {line.name}
                    </Link>
                    <LineOptions options={line.options} />
                    {line.problem ? <p className="mini-cart__problem">{line.problem}</p> : null}
                    {line.maxQuantity > 0 ? (
                      <QuantityStepper line={line} idPrefix={`mini-cart-${line.variantId}`} />
                    ) : null}
                  </div>
                  <p className="mini-cart__line-total">
                    <span className="visually-hidden">Line total </span>
                    {formatRand(line.lineTotalCents)}
                  </p>
                </li>
              ))}
            </ul>
            <dl className="mini-cart__subtotal">
              <dt>Subtotal</dt>
              <dd>{formatRand(view.totals.subtotalCents)}</dd>
            </dl>
            {(view.discounts ?? []).map((discount) => (
              <dl key={discount.discountId} className="mini-cart__subtotal mini-cart__discount">
                <dt>{discount.label}</dt>
                <dd>−{formatRand(discount.amountCents)}</dd>
              </dl>
            ))}
            <FreeDeliveryProgress subtotalCents={view.totals.subtotalCents} />
          </>
        )}
        <div className="mini-cart__actions">
          <Link to="/cart" className="button button--secondary">
            View cart
          </Link>
          {view && view.lines.length > 0 && !view.hasProblems ? (
            <Link to="/checkout" className="button">
              Check out
            </Link>
          ) : null}
        </div>
      </div>
    </div>,
    document.body,
  )
}

/** How far the subtotal is from free delivery (R 1 000,00), in words and as a bar. */
export function FreeDeliveryProgress({ subtotalCents }: { subtotalCents: number }) {
  const labelId = useId()
  const left = FREE_SHIPPING_FROM_CENTS - subtotalCents
  return (
    <div className="free-delivery">
      <p id={labelId}>
        {left <= 0
          ? 'Your order qualifies for free delivery.'
          : `Add ${formatRand(left)} more for free delivery.`}
      </p>
      <progress
        aria-labelledby={labelId}
        max={FREE_SHIPPING_FROM_CENTS}
        value={Math.min(subtotalCents, FREE_SHIPPING_FROM_CENTS)}
      />
    </div>
  )
}
