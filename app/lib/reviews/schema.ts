import { z } from 'zod'

import { requiredText } from '~/lib/fields'

import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from './limits'

const RATING_ASK = 'Choose a rating from 1 to 5 stars'
const rating = z.coerce
  .number({ required_error: RATING_ASK, invalid_type_error: RATING_ASK })
  .int(RATING_ASK)
  .min(1, RATING_ASK)
  .max(5, RATING_ASK)

/** A review's title is optional: blank is ''. */
const reviewTitle = z
  .string()
  .trim()
  .max(REVIEW_TITLE_MAX, `Keep the title to ${REVIEW_TITLE_MAX} characters or fewer`)
  .optional()
  .transform((value) => value ?? '')

const reviewBody = requiredText('review', REVIEW_BODY_MAX, 'Write your review')

/** The one schema of the review form on /shop/:id, checked by its action (the page ships no zod). */
export const reviewFormSchema = z.object({
  intent: z.literal('review', {
    errorMap: () => ({ message: 'Unknown action; use intent=review' }),
  }),
  rating,
  title: reviewTitle,
  body: reviewBody,
})
