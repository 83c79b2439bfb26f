import { z } from 'zod'

import { productId, redirectTo } from '~/lib/fields'

/** The one schema of the like form (the heart on cards and product pages). */
export const likeFormSchema = z.object({
  intent: z.literal('toggle', {
    errorMap: () => ({ message: 'Unknown action; use intent=toggle' }),
  }),
  productId,
  redirectTo,
  /** Set by the LikeButton once hydrated: a fetcher wants data, a plain form wants a redirect. */
  fetcher: z.literal('1').optional(),
})
