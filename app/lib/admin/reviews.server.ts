import { data } from '@remix-run/node'
import { z } from 'zod'

import type { Store } from '~/lib/data/store'
import type { User } from '~/lib/data/types'
import { notFound } from '~/lib/http.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'

import { adminRedirectWithToast } from './http.server'
import { pageCount, pageParam, pageSlice } from './paging'

/** /admin/reviews: every review, newest first, hidden ones too; staff hide or show them. */

export const reviewModerationSchema = z.object({
  intent: z.enum(['hide', 'show'], {
    errorMap: () => ({ message: 'Use the Hide or Show button of a review' }),
  }),
  reviewId: z
    .string({ required_error: 'Choose a review', invalid_type_error: 'Choose a review' })
    .trim()
    .min(1, 'Choose a review')
    .max(200, 'Choose a review from the list'),
})

export type ReviewRow = {
  id: string
  productId: string
  /** Null when the product is gone from the store. */
  productName: string | null
  authorName: string
  rating: number
  title: string
  body: string
  hidden: boolean
  createdAt: string
}

export async function listReviews(store: Store, url: URL) {
  const page = pageParam(url.searchParams)
  const { items, total } = await store.reviews.list(pageSlice(page))
  const products = await store.products.getMany([...new Set(items.map((r) => r.productId))])
  const names = new Map(products.map((product) => [product.id, product.name]))
  const rows: ReviewRow[] = items.map((review) => ({
    id: review.id,
    productId: review.productId,
    productName: names.get(review.productId) ?? null,
    authorName: review.authorName,
    rating: review.rating,
    title: review.title,
    body: review.body,
    hidden: review.hidden,
    createdAt: review.createdAt,
  }))
  return { rows, page, total, pageCount: pageCount(total) }
}

/**
 * POST /admin/reviews: `intent=hide|show`, `reviewId`. A hidden review leaves the product page and
 * its statistics at once; the move is recorded against the staff member. Back to the same page of
 * the list with a toast; an unknown review is the 404 page.
 */
export async function moderateReview({
  request,
  staff,
}: {
  request: Request
  staff: Pick<User, 'email'>
}) {
  const submission = parseSubmission(await request.formData(), { schema: reviewModerationSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: 400 })
  }
  const { intent, reviewId } = submission.value
  const { store } = await requestContext(request)
  const review = await store.reviews.setHidden(reviewId, intent === 'hide', { by: staff.email })
  if (!review) throw notFound()
  const page = pageParam(new URL(request.url).searchParams)
  return adminRedirectWithToast(page > 1 ? `/admin/reviews?page=${page}` : '/admin/reviews', {
    type: 'success',
    title: intent === 'hide' ? 'Review hidden' : 'Review shown again',
    description: `${review.authorName}: ${review.title || `${review.rating} stars`}`,
  })
}
