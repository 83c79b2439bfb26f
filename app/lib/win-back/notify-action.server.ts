import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'

import { catalog } from '~/lib/catalog/products.server'
import { notFound } from '~/lib/http.server'
import { claimLimits, clientKey, tooManyFromHereMessage } from '~/lib/rate-limit.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'

import { variantPath } from './back-in-stock.server'
import { notifyFormSchema } from './notify-schema'

const HOUR = 60 * 60_000
/** Requests from one client address in an hour. */
export const NOTIFY_REQUESTS_PER_IP = { limit: 20, windowMs: HOUR } as const
/** Requests for one email in an hour: nobody fills a stranger's inbox with requests. */
export const NOTIFY_REQUESTS_PER_EMAIL = { limit: 10, windowMs: HOUR } as const

/** What the notify form gets back from a refused post: conform's result, values kept. */
export type NotifyActionData = { notify: SubmissionResult<string[]> }

/**
 * `intent=notify` on /shop/{id}: records one request per email and sold-out variant (asking is
 * consent to that one mail, nothing else) and answers with a toast on the variant's page. Limits
 * are claimed before the request is recorded; an in-stock variant needs no request.
 */
export async function notifyAction({
  request,
  params,
  formData,
  clientIp,
}: {
  request: Request
  params: { id?: string }
  formData: FormData
  clientIp: string
}) {
  const context = await requestContext(request)
  const product = await catalog.product(params.id, context.store)
  if (!product) throw notFound()
  const submission = parseSubmission(formData, { schema: notifyFormSchema })
  if (submission.status !== 'success') {
    return data<NotifyActionData>({ notify: submission.reply() }, { status: 400 })
  }
  const form = submission.value
  const variant = product.variants.find((candidate) => candidate.id === form.variantId)
  if (!variant) {
    const fieldErrors = { variantId: ['Choose an option this product is sold in'] }
    return data<NotifyActionData>({ notify: submission.reply({ fieldErrors }) }, { status: 400 })
  }
  const path = variantPath(product.id, variant.id)
  const name = product.options.length
    ? `${product.name} (${variant.optionValues.join(' / ')})`
    : product.name
  if (variant.stock > 0) {
    return redirectWithToast(path, {
      type: 'info',
      title: 'It is in stock now',
      description: `${name} is back: add it to your cart.`,
    })
  }
  const claim = await claimLimits(context.store.rateLimits, [
    { key: `notify-ip:${clientKey(clientIp)}`, ...NOTIFY_REQUESTS_PER_IP },
    { key: `notify-email:${form.email}`, ...NOTIFY_REQUESTS_PER_EMAIL },
  ])
  if (!claim.ok) {
    const formErrors = [tooManyFromHereMessage(claim.retryAfterMs)]
    return data<NotifyActionData>({ notify: submission.reply({ formErrors }) }, { status: 429 })
  }
  await context.store.stockAlerts.request({
    email: form.email,
    userId: await context.userId(),
    productId: product.id,
    variantId: variant.id,
  })
  return redirectWithToast(path, {
    type: 'success',
    title: "We'll email you when it's back",
    description: `One email to ${form.email} when ${name} is back in stock.`,
  })
}
