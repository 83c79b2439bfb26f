import { getCollectionProps, getFormProps, useForm } from '@conform-to/react'
import { Form, useActionData } from '@remix-run/react'
import type { z } from 'zod'

import { ErrorList, Field, FormErrors, TextareaField } from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import { useResetAfterSuccess } from '~/components/use-reset-after-success'
import { formatSastDate } from '~/lib/dates'
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from '~/lib/reviews/limits'
import type { ReviewActionData } from '~/lib/reviews/review-action.server'
import type { OwnReview } from '~/lib/reviews/reviews.server'
import type { reviewFormSchema } from '~/lib/reviews/schema'

/**
 * The browser's own checks, from the limits the schema is built on. The form validates on the
 * server only (the action's `parseWithZod`): zod stays out of the product page's bundle.
 */
const constraint = {
  rating: { required: true },
  title: { maxLength: REVIEW_TITLE_MAX },
  body: { required: true, maxLength: REVIEW_BODY_MAX },
}
/** Lowest first: the arrow keys move along the stars as they are drawn, left to right. */
const STARS = ['1', '2', '3', '4', '5']

/**
 * The review form of /shop/:id: rating 1-5, optional title, the review itself. Emptied once a
 * review is posted (the action redirects back here with a toast). A customer who reviewed the
 * product already (`mine`) finds their review in it, to edit: one review per customer.
 */
export function ReviewForm({ mine = null }: { mine?: OwnReview | null }) {
  const actionData = useActionData<ReviewActionData>()
  const pending = useIsPending({ intent: 'review' })
  const [form, fields] = useForm<z.input<typeof reviewFormSchema>>({
    id: 'review',
    lastResult: actionData?.result,
    defaultValue: mine
      ? { rating: String(mine.rating), title: mine.title, body: mine.body }
      : undefined,
    constraint,
  })
  useResetAfterSuccess(form.id, { pending, failed: actionData !== undefined })
  const rating = fields.rating

  return (
    <Form
      method="post"
      className="review-form"
      preventScrollReset
      aria-labelledby="review-form-heading"
      {...getFormProps(form)}
    >
      <h3 id="review-form-heading">{mine ? 'Edit your review' : 'Write a review'}</h3>
      {mine ? (
        <p className="review-form__mine">
          You reviewed this on {formatSastDate(mine.writtenAt)}
          {mine.hidden ? ' (staff have hidden it from the shop)' : ''}. Change it below and post it
          again to update it.
        </p>
      ) : null}
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="review" />
      <fieldset
        className={['field', 'review-form__rating', rating.errors?.length ? 'field--invalid' : '']
          .filter(Boolean)
          .join(' ')}
      >
        <legend>Your rating</legend>
        {/* Real radios under drawn stars: the stars up to the checked one fill (CSS :has). */}
        <div className="star-input">
          {getCollectionProps(rating, { type: 'radio', options: STARS }).map(
            ({ key, ...radio }) => (
              <label key={key} className="star-input__star">
                <input {...radio} className="star-input__radio" />
                <span className="visually-hidden">
                  {radio.value} {radio.value === '1' ? 'star' : 'stars'}
                </span>
                <span className="star-input__glyph" aria-hidden="true" />
              </label>
            ),
          )}
        </div>
        <ErrorList id={rating.errorId} errors={rating.errors} />
      </fieldset>
      <Field meta={fields.title} label="Title (optional)" />
      <TextareaField meta={fields.body} label="Your review" rows={5} />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Sending…' : mine ? 'Update review' : 'Post review'}
      </button>
    </Form>
  )
}
