import { type SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'

import { requireUser } from '~/lib/auth/user.server'
import { catalog } from '~/lib/catalog/products.server'
import type { Review } from '~/lib/data/types'
import { notFound } from '~/lib/http.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'

import { reviews } from './reviews.server'
import { reviewFormSchema } from './schema'

/** What the review form gets back from an invalid post: conform's result, values kept. */
export type ReviewActionData = { result: SubmissionResult<string[]> }

/** "Thandi M.": first name and the initial of the last name. */
export function authorName(user: { firstName: string; lastName: string }) {
  const initial = user.lastName.trim().charAt(0)
  return [user.firstName.trim() || 'Customer', initial ? `${initial.toUpperCase()}.` : '']
    .filter(Boolean)
    .join(' ')
}

/**
 * The review action for /shop/:id. Signed-in customers only (visitors go to sign in and come back);
 * one review per customer per product: the page shows a customer's own review in the form, and
 * posting it again edits it ("Review updated"); statistics update in the same transaction.
 */
export async function reviewAction({
  request,
  params,
}: {
  request: Request
  params: { id?: string }
}) {
  const user = await requireUser(request)
  const { store } = await requestContext(request)
  const product = await catalog.product(params.id, store)
  if (!product) throw notFound()
  const submission = parseSubmission(await request.formData(), { schema: reviewFormSchema })
  if (submission.status !== 'success') {
    return data<ReviewActionData>({ result: submission.reply() }, { status: 400 })
  }
  const { rating, title, body } = submission.value
  const { edited } = await reviews.write(store, {
    productId: product.id,
    userId: user.id,
    authorName: authorName(user),
    // The schema allows only whole numbers from 1 to 5.
    rating: rating as Review['rating'],
    title,
    body,
  })
  return redirectWithToast(`/shop/${encodeURIComponent(product.id)}#reviews`, {
    type: 'success',
    title: edited ? 'Review updated' : 'Thanks for your review',
  })
}
