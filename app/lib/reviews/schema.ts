import { z } from 'zod'

import { rating, reviewBody, reviewTitle } from '~/lib/fields'

/** The one schema of the review form on /shop/:id. Plain zod: the page validates with it too. */
export const reviewFormSchema = z.object({
  intent: z.literal('review', {
    errorMap: () => ({ message: 'Unknown action; use intent=review' }),
  }),
  rating,
  title: reviewTitle,
  body: reviewBody,
})
