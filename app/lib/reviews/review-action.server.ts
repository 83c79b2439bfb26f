import { data, redirect } from '@remix-run/node'
import { z } from 'zod'

import { type FieldErrors, parseForm } from '~/lib/auth/forms.server'
import { optionalUser } from '~/lib/auth/session.server'
import { catalog } from '~/lib/catalog/products.server'
import { notFound } from '~/lib/http.server'
import { redirectWithToast } from '~/lib/toast.server'

// NOTE: the limits live in a plain module: a .server module's exports are empty in the browser.
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from './limits'
import { reviews } from './reviews.server'

export { REVIEW_BODY_MAX, REVIEW_TITLE_MAX }

/** The one schema of the review form on /shop/:id. */
export const reviewFormSchema = z.object({
  intent: z.literal('review', {
    errorMap: () => ({ message: 'Unknown action; use intent=review' }),
  }),
  rating: z.coerce
    .number({ invalid_type_error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  title: z
    .string()
    .trim()
    .max(REVIEW_TITLE_MAX, `Keep the title to ${REVIEW_TITLE_MAX} characters or fewer`)
    .default(''),
  body: z
    .string({ required_error: 'Write your review' })
    .trim()
    .min(1, 'Write your review')
    .max(REVIEW_BODY_MAX, `Keep your review to ${REVIEW_BODY_MAX} characters or fewer`),
})

export type ReviewActionData = {
  intent: 'review'
  errors: FieldErrors
  values: Record<string, string>
}

/** "Thandi M.": first name and the initial of the last name. */
export function authorName(user: { firstName: string; lastName: string }) {
  const initial = user.lastName.trim().charAt(0)
  return [user.firstName.trim() || 'Customer', initial ? `${initial.toUpperCase()}.` : '']
    .filter(Boolean)
    .join(' ')
}

/**
 * The review action for /shop/:id. Signed-in customers only (visitors go to sign in and come back);
 * one review per customer per product, a second replaces the first; statistics update in the same
 * transaction (ReviewStore.upsert). Pass `formData` when the route has already read the body.
 */
export async function reviewAction({
  request,
  params,
  formData,
}: {
  request: Request
  params: { id?: string }
  formData?: FormData
}) {
  const productId = params.id ?? ''
  const productPath = `/shop/${encodeURIComponent(productId)}`
  const user = await optionalUser(request)
  if (!user) {
    throw redirect(`/auth?${new URLSearchParams({ redirectTo: productPath })}`)
  }
  const product = await catalog.product(productId)
  if (!product) throw notFound()
  const form = formData ?? (await request.formData())
  const parsed = parseForm(reviewFormSchema, form)
  if (!parsed.ok) {
    return data<ReviewActionData>(
      { intent: 'review', errors: parsed.errors, values: parsed.values },
      { status: 400 },
    )
  }
  await reviews.write({
    productId: product.id,
    userId: user.id,
    authorName: authorName(user),
    rating: parsed.data.rating as 1 | 2 | 3 | 4 | 5,
    title: parsed.data.title,
    body: parsed.data.body,
  })
  return redirectWithToast(`${productPath}#reviews`, {
    type: 'success',
    title: 'Thanks for your review',
  })
}
