import { z } from 'zod'

import { rating, reviewBody, reviewTitle } from '~/lib/fields'

/** The one schema of the review form on /shop/:id, checked by its action (the page ships no zod). */
export const reviewFormSchema = z.object({
  intent: z.literal('review', {
    errorMap: () => ({ message: 'Unknown action; use intent=review' }),
  }),
  rating,
  title: reviewTitle,
  body: reviewBody,
})
