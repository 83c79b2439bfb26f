import { type SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'

import { catalog } from '~/lib/catalog/products.server'
import { findVariant, nameWithOptions, optionValuesOf } from '~/lib/data/variants'
import { safeRedirect } from '~/lib/http.server'
import { sessionStorage } from '~/lib/cookie-session.server'
import { requestContext } from '~/lib/request-context.server'
import { isPromotionPost, promotionAction } from '~/lib/promotions/cart-promotions.server'
import { parseSubmission } from '~/lib/submission.server'
import { createToastHeaders } from '~/lib/toast.server'

import { cartOwner, readCartLines, rememberSeenPrice, writeCartLines } from './cart.server'
import { MAX_CART_LINES, cartLineKey, quantityProblem } from './rules'
import { cartFormSchema } from './schema'

/**
 * What /cart answers a fetcher or an invalid post: conform's result (errors beside the fields,
 * values kept), which line it was about, and after a change the message and the cart's new count.
 */
export type CartActionData = {
  result: SubmissionResult<string[]>
  intent: string
  productId: string
  /** The variant the form named, or '' when it named none (the default variant). */
  variantId: string
  done?: { quantity: number; count: number; message: string }
}

/**
 * POST /cart: add, update or remove a line; a discount code's form (`intent=apply-discount`,
 * `remove-discount`) goes to promotionAction.
 */
export async function cartAction({ request }: { request: Request }) {
  const formData = await request.formData()
  if (isPromotionPost(formData)) {
    return promotionAction({ request, formData, clientIp: '', page: '/cart' })
  }
  const submission = parseSubmission(formData, { schema: cartFormSchema })
  const about = {
    intent: String(formData.get('intent') ?? ''),
    productId: String(formData.get('productId') ?? ''),
    variantId: String(formData.get('variantId') ?? ''),
  }
  // 400 with the values kept and each message beside its field; a product's own problem (gone,
  // sold out, a full cart) belongs to the whole form, since its productId field is hidden.
  const invalid = (errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data<CartActionData>({ result: submission.reply(errors), ...about }, { status: 400 })
  if (submission.status !== 'success') return invalid()
  const form = submission.value

  const context = await requestContext(request)
  const owner = await cartOwner(context)
  const lines = await readCartLines(owner)
  const product = await catalog.product(form.productId, context.store)
  const variant = product ? findVariant(product, form.variantId) : null
  // The line this form is about: by variant, a line stored without one standing for its default.
  const key = variant?.id ?? form.variantId ?? form.productId
  const isThisLine = (l: (typeof lines)[number]) =>
    l.productId === form.productId &&
    (product && !l.variantId ? findVariant(product, undefined)?.id : cartLineKey(l)) === key
  const existing = lines.find(isThisLine)
  const label =
    product && variant ? nameWithOptions(product.name, optionValuesOf(product, variant)) : null

  let next = lines
  let message: string
  let quantityNow = 0
  if (form.intent === 'remove') {
    next = lines.filter((l) => !isThisLine(l))
    message = `Removed ${label ?? product?.name ?? 'the product'} from your cart`
  } else {
    if (!product) return invalid({ formErrors: ['That product is no longer available'] })
    if (!variant || !label)
      return invalid({ formErrors: ['That option is not sold; choose another'] })
    const already = form.intent === 'add' ? (existing?.quantity ?? 0) : 0
    const problem = quantityProblem({ name: label, stock: variant.stock }, form.quantity, already)
    if (problem) {
      return invalid(
        variant.stock <= 0 ? { formErrors: [problem] } : { fieldErrors: { quantity: [problem] } },
      )
    }
    if (!existing && lines.length >= MAX_CART_LINES) {
      return invalid({
        formErrors: [
          `Your cart holds up to ${MAX_CART_LINES} different products; remove one first`,
        ],
      })
    }
    quantityNow = already + form.quantity
    const line = { productId: product.id, variantId: variant.id, quantity: quantityNow }
    next = existing ? lines.map((l) => (isThisLine(l) ? line : l)) : [...lines, line]
    rememberSeenPrice(owner.session, variant.id, variant.priceCents)
    message =
      form.intent === 'add'
        ? `Added ${form.quantity} × ${label} to your cart`
        : `${label}: quantity is now ${quantityNow}`
  }

  await writeCartLines(owner, next)
  const session = { 'Set-Cookie': await sessionStorage.commitSession(owner.session) }
  if (form.fetcher) {
    // One message per action: a fetcher's form (or the mini-cart it opens) says it in its own
    // status region, so no flash toast repeats it.
    const count = next.reduce((sum, l) => sum + l.quantity, 0)
    return data<CartActionData>(
      {
        result: submission.reply(),
        ...about,
        done: { quantity: quantityNow, count, message },
      },
      { headers: session },
    )
  }
  const headers = await createToastHeaders({ type: 'success', title: message }, session)
  return redirect(safeRedirect(form.redirectTo, '/cart'), { headers })
}
