import { data, redirect } from '@remix-run/node'
import { z } from 'zod'

import { parseForm } from '~/lib/auth/forms.server'
import { getStore } from '~/lib/data/index.server'
import { safeRedirect } from '~/lib/http.server'
import { createToastHeaders } from '~/lib/toast.server'

import { toggleLike } from './liked.server'

/** The one schema of the like form. */
export const likeFormSchema = z.object({
  intent: z.literal('toggle', {
    errorMap: () => ({ message: 'Unknown action; use intent=toggle' }),
  }),
  productId: z
    .string({ required_error: 'Choose a product to like' })
    .trim()
    .min(1, 'Choose a product to like'),
  redirectTo: z.string().optional(),
  /** Set by the LikeButton once hydrated: a fetcher wants data, a plain form wants a redirect. */
  fetcher: z.string().optional(),
})

export type LikeActionData =
  | { ok: true; productId: string; liked: boolean }
  | { ok: false; errors: Record<string, string[] | undefined> }

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

export async function likedAction({ request }: { request: Request }) {
  const formData = await request.formData()
  const parsed = parseForm(likeFormSchema, formData)
  if (!parsed.ok) return data<LikeActionData>({ ok: false, errors: parsed.errors }, { status: 400 })
  const { productId, redirectTo, fetcher } = parsed.data
  const product = await (await getStore()).products.get(productId)
  if (!product) {
    return data<LikeActionData>(
      { ok: false, errors: { productId: ['That product does not exist (any more)'] } },
      { status: 400 },
    )
  }
  const { liked, headers } = await toggleLike(request, productId)
  if (fetcher) return data<LikeActionData>({ ok: true, productId, liked }, { headers })
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
