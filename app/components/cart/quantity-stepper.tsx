import type { SubmissionResult } from '@conform-to/react'
import { useFetcher, useLocation } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

import { FetcherForm, resultMessages } from '~/components/fetcher-form'
import { ErrorList } from '~/components/error-list'
import type { CartActionData } from '~/lib/cart/cart-action.server'
import type { CartViewLine } from '~/lib/cart/cart.server'
import { MIN_QUANTITY } from '~/lib/cart/rules'
import { nameWithOptions } from '~/lib/data/variants'
import { ownSearch } from '~/lib/page-params'

export type StepperLine = Pick<
  CartViewLine,
  'productId' | 'variantId' | 'name' | 'options' | 'quantity' | 'maxQuantity'
>

/**
 * − and + for a cart line (`intent=update`, `quantity` = one less or one more), in the cart page
 * and the mini-cart. Each button is a plain submit button carrying its own quantity, so without
 * JavaScript it posts to /cart and comes back; with it a fetcher posts, the quantity shows the
 * new value at once, and the pressed button keeps focus.
 *
 * Bounds are 1 to min(10, stock). At a bound the button stays in place: without JS it is
 * `disabled`; with JS it is `aria-disabled` instead, so a button pressed by keyboard up to its
 * bound keeps focus (a disabled button drops focus to the page). Removing is the Remove button's job.
 * A line holding more than is left (stock fell) steps straight down to what is left.
 */
export function QuantityStepper({
  line,
  idPrefix,
  lastResult,
}: {
  line: StepperLine
  /** Makes the ids of this stepper unique on the page (the cart page and the drawer may both show a line). */
  idPrefix: string
  /** The /cart action's answer to a post without JavaScript (a 400 re-rendering the cart page). */
  lastResult?: SubmissionResult<string[]>
}) {
  const fetcher = useFetcher<CartActionData>({ key: `cart-stepper-${line.variantId}` })
  const hydrated = useHydrated()
  const location = useLocation()
  const label = nameWithOptions(line.name, line.options)
  const busy = fetcher.state !== 'idle'
  const pending = Number(fetcher.formData?.get('quantity'))
  const quantity = busy && Number.isInteger(pending) ? pending : line.quantity
  const max = line.maxQuantity
  const less = Math.min(quantity - 1, max)
  const more = quantity + 1
  const canLess = less >= MIN_QUANTITY
  const canMore = more <= max
  const quantityId = `${idPrefix}-quantity`
  const messageId = `${idPrefix}-message`
  const errors = busy ? [] : resultMessages(fetcher.data?.result ?? lastResult)
  const done = busy ? undefined : fetcher.data?.done?.message

  const step = (allowed: boolean) => ({
    ...(hydrated
      ? {
          'aria-disabled': !allowed || busy || undefined,
          onClick: (event: MouseEvent) => {
            if (!allowed || busy) event.preventDefault()
          },
        }
      : { disabled: !allowed }),
  })

  return (
    <FetcherForm
      fetcher={fetcher}
      action="/cart"
      className="stepper"
      aria-label={`Quantity of ${label}`}
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="variantId" value={line.variantId} />
      <input
        type="hidden"
        name="redirectTo"
        value={`${location.pathname}${ownSearch(location.pathname, location.search)}`}
      />
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
      <button
        type="submit"
        name="quantity"
        value={less}
        className="stepper__button"
        aria-label={`One less ${label}`}
        aria-describedby={quantityId}
        {...step(canLess)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span id={quantityId} className="stepper__value">
        <span className="visually-hidden">Quantity</span> {quantity}
      </span>
      <button
        type="submit"
        name="quantity"
        value={more}
        className="stepper__button"
        aria-label={`One more ${label}`}
        aria-describedby={quantityId}
        {...step(canMore)}
      >
        <span aria-hidden="true">+</span>
      </button>
      <p id={messageId} className="visually-hidden" role="status">
        {done}
      </p>
      <ErrorList errors={errors} className="stepper__errors" />
    </FetcherForm>
  )
}
