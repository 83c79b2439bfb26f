import { type SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'

import { catalog } from '~/lib/catalog/products.server'
import { safeRedirect } from '~/lib/http.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { createToastHeaders } from '~/lib/toast.server'

import { toggleLike } from './liked.server'
import { likeFormSchema } from './schema'

/**
 * What /liked answers a fetcher or an invalid post: conform's result, the product it was about,
 * and after a toggle whether it is liked now.
 */
export type LikeActionData = {
  result: SubmissionResult<string[]>
  productId: string
  liked?: boolean
}

/** Where a no-JS like goes back to: the form's redirectTo, else a same-origin Referer, else /liked. */
function backTo(request: Request, redirectTo: string | undefined) {
  if (redirectTo) return safeRedirect(redirectTo, '/liked')
  const referer = request.headers.get('Referer')
  if (referer) {
    try {
      const url = new URL(referer)
      if (url.origin === new URL(request.url).origin)
        return safeRedirect(`${url.pathname}${url.search}`, '/liked')
    } catch {
      // fall through
    }
  }
  return '/liked'
}

/** POST /liked: likes or unlikes a product for the visitor or customer. */
export async function likedAction({ request }: { request: Request }) {
  const formData = await request.formData()
  const submission = parseSubmission(formData, { schema: likeFormSchema })
  const productId = String(formData.get('productId') ?? '')
  if (submission.status !== 'success') {
    return data<LikeActionData>({ result: submission.reply(), productId }, { status: 400 })
  }
  const { redirectTo, fetcher } = submission.value
  const context = await requestContext(request)
  const product = await catalog.product(submission.value.productId, context.store)
  if (!product) {
    return data<LikeActionData>(
      {
        result: submission.reply({ formErrors: ['That product does not exist (any more)'] }),
        productId,
      },
      { status: 400 },
    )
  }
  const { liked, headers } = await toggleLike(context, product.id)
  if (fetcher) {
    return data<LikeActionData>(
      { result: submission.reply(), productId: product.id, liked },
      { headers },
    )
  }
  const toastHeaders = await createToastHeaders(
    {
      type: 'success',
      title: liked
        ? `Added ${product.name} to your liked products`
        : `Removed ${product.name} from your liked products`,
    },
    headers,
  )
  return redirect(backTo(request, redirectTo), { headers: toastHeaders })
}
