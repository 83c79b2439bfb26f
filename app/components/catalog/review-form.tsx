import { Form, useActionData, useNavigation } from '@remix-run/react'

import { ErrorList } from '~/components/forms'
import type { ReviewActionData } from '~/lib/reviews/review-action.server'

/** The review form of /shop/:id: rating 1-5, optional title, the review itself. */
export function ReviewForm({ limits }: { limits: { title: number; body: number } }) {
  const actionData = useActionData<ReviewActionData>()
  const navigation = useNavigation()
  const submitting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'review'
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined
  const values = actionData && 'values' in actionData ? actionData.values : undefined

  return (
    <Form
      method="post"
      className="review-form"
      preventScrollReset
      aria-labelledby="review-form-heading"
    >
      <h3 id="review-form-heading">Write a review</h3>
      <input type="hidden" name="intent" value="review" />
      <fieldset
        className={
          errors?.rating?.length
            ? 'field field--invalid review-form__rating'
            : 'field review-form__rating'
        }
        aria-describedby={errors?.rating?.length ? 'review-rating-error' : undefined}
      >
        <legend>Your rating</legend>
        {([5, 4, 3, 2, 1] as const).map((stars) => (
          <label key={stars}>
            <input
              type="radio"
              name="rating"
              value={stars}
              defaultChecked={values?.rating === String(stars)}
              required
            />{' '}
            {stars} {stars === 1 ? 'star' : 'stars'}
          </label>
        ))}
        <ErrorList id="review-rating-error" errors={errors?.rating} />
      </fieldset>
      <div className={errors?.title?.length ? 'field field--invalid' : 'field'}>
        <label htmlFor="review-title">Title (optional)</label>
        <input
          id="review-title"
          name="title"
          maxLength={limits.title}
          defaultValue={values?.title ?? ''}
          aria-invalid={errors?.title?.length ? true : undefined}
          aria-describedby={errors?.title?.length ? 'review-title-error' : undefined}
        />
        <ErrorList id="review-title-error" errors={errors?.title} />
      </div>
      <div className={errors?.body?.length ? 'field field--invalid' : 'field'}>
        <label htmlFor="review-body">Your review</label>
        <textarea
          id="review-body"
          name="body"
          rows={5}
          maxLength={limits.body}
          required
          defaultValue={values?.body ?? ''}
          aria-invalid={errors?.body?.length ? true : undefined}
          aria-describedby={errors?.body?.length ? 'review-body-error' : undefined}
        />
        <ErrorList id="review-body-error" errors={errors?.body} />
      </div>
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? 'Sending…' : 'Post review'}
      </button>
    </Form>
  )
}
