import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import type { z } from 'zod'

import { ErrorList } from '~/components/error-list'
import { LineOptions, variantPath } from '~/components/line-options'
import { QuantityStepper } from '~/components/cart/quantity-stepper'
import { Link } from '~/components/link'
import type { CartViewLine } from '~/lib/cart/cart.server'
import { IMAGE_SIZES, srcSet } from '~/lib/images/responsive'
import type { removeCartLineSchema } from '~/lib/cart/schema'
import { nameWithOptions } from '~/lib/data/variants'
import { formatRand } from '~/lib/money'

type LastResult = SubmissionResult<string[]> | undefined

/**
 * One line of /cart: picture, name, price (and the old one when it changed), the quantity form,
 * Remove, and the line total. `lastResults` are the action's answers to this line's forms.
 */
export function CartLineItem({
  line,
  lastResults,
}: {
  line: CartViewLine
  lastResults: { update?: LastResult; remove?: LastResult }
}) {
  return (
    <li className="cart-line" aria-label={nameWithOptions(line.name, line.options)}>
      {line.image ? (
        <img
          className="cart-line__image"
          src={line.image.url}
          srcSet={srcSet(line.image)}
          sizes={IMAGE_SIZES.cartLine}
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
          <Link to={variantPath(line)}>{line.name}</Link>
        </h2>
        <LineOptions options={line.options} />
        <p className="cart-line__price">
          {formatRand(line.unitPriceCents)} each
          {line.previousPriceCents !== null ? (
            <span className="cart-line__changed">
              {' '}
              (price changed since you added it: was {formatRand(line.previousPriceCents)})
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
            <QuantityStepper
              line={line}
              idPrefix={`cart-line-${line.variantId}`}
              lastResult={lastResults.update}
            />
          ) : null}
          <RemoveForm line={line} lastResult={lastResults.remove} />
        </div>
      </div>
      <p className="cart-line__total">{formatRand(line.lineTotalCents)}</p>
    </li>
  )
}

/** Whether this line's form with this intent is on its way to the server. */
function useBusy(variantId: string, intent: 'update' | 'remove') {
  const navigation = useNavigation()
  return (
    navigation.state !== 'idle' &&
    navigation.formData?.get('variantId') === variantId &&
    navigation.formData?.get('intent') === intent
  )
}

function RemoveForm({ line, lastResult }: { line: CartViewLine; lastResult: LastResult }) {
  const busy = useBusy(line.variantId, 'remove')
  const [form] = useForm<z.input<typeof removeCartLineSchema>>({
    id: `cart-remove-${line.variantId}`,
    lastResult,
  })
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="variantId" value={line.variantId} />
      <button
        type="submit"
        name="intent"
        value="remove"
        className="button button--link"
        aria-label={`Remove ${nameWithOptions(line.name, line.options)}`}
        disabled={busy}
      >
        Remove
      </button>
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  )
}
