import { z } from 'zod'

import { productId, redirectTo, variantId } from '~/lib/fields'

import { MAX_QUANTITY, MIN_QUANTITY } from './rules'

const QUANTITY_ASK = `Choose a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY}`
/** Quantity per cart line, 1 to 10 (stock is checked against the store, not here). */
export const quantity = z.coerce
  .number({ required_error: QUANTITY_ASK, invalid_type_error: QUANTITY_ASK })
  .int(QUANTITY_ASK)
  .min(MIN_QUANTITY, QUANTITY_ASK)
  .max(MAX_QUANTITY, QUANTITY_ASK)

const common = {
  productId,
  /** The variant picked; absent (older pages, a product without options) means the default one. */
  variantId: variantId.optional(),
  /** Where a no-JS post goes back to (same-origin paths only); /cart by default. */
  redirectTo,
  /** Set by forms once hydrated: a fetcher wants data, a plain form post wants a redirect. */
  fetcher: z.literal('1').optional(),
}

/** "Add to cart" on product pages and cards: one more line, or more of a line. */
export const addToCartSchema = z.object({
  intent: z.literal('add'),
  quantity: quantity.default(1),
  ...common,
})
/** A cart line's new quantity (/cart). */
export const updateCartLineSchema = z.object({ intent: z.literal('update'), quantity, ...common })
export const removeCartLineSchema = z.object({ intent: z.literal('remove'), ...common })

/**
 * The one schema of the cart forms; the submit button's `intent` picks the variant. Plain zod:
 * forms validate with it in the browser too.
 */
export const cartFormSchema = z.discriminatedUnion(
  'intent',
  [addToCartSchema, updateCartLineSchema, removeCartLineSchema],
  {
    errorMap: (issue, ctx) => ({
      message:
        issue.code === 'invalid_union_discriminator'
          ? 'Unknown cart action; use add, update or remove'
          : ctx.defaultError,
    }),
  },
)
