import { z } from 'zod'

import { productId, quantity, redirectTo, variantId } from '~/lib/fields'

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
