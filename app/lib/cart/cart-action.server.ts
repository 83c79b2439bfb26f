import { data, redirect } from '@remix-run/node'
import { z } from 'zod'

import { parseForm, type FieldErrors } from '~/lib/auth/forms.server'
import { getStore } from '~/lib/data/index.server'
import { safeRedirect } from '~/lib/http.server'
import { sessionStorage } from '~/lib/session.server'
import { type ToastInput } from '~/lib/toast'
import { putToast } from '~/lib/toast.server'

import { cartOwner, readCartLines, rememberSeenPrice, writeCartLines } from './cart.server'
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY, quantityProblem } from './rules'

const QUANTITY_MESSAGE = `Choose a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY}`
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value
const quantity = z.coerce
  .number({ invalid_type_error: QUANTITY_MESSAGE, required_error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(MIN_QUANTITY, QUANTITY_MESSAGE)
  .max(MAX_QUANTITY, QUANTITY_MESSAGE)

const common = {
  productId: z.string({ required_error: 'Choose a product' }).trim().min(1, 'Choose a product'),
  /** Where a no-JS post goes back to (same-origin paths only); /cart by default. */
  redirectTo: z.string().optional(),
  /** Set by forms once hydrated: a fetcher wants data, a plain form post wants a redirect. */
  fetcher: z.string().optional(),
}

/** The one schema of the cart forms: the submit button's `intent` picks the variant. */
export const cartFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('add'),
      quantity: z.preprocess(blankToUndefined, quantity.default(1)),
      ...common,
    }),
    z.object({
      intent: z.literal('update'),
      quantity: z.preprocess(blankToUndefined, quantity),
      ...common,
    }),
    z.object({ intent: z.literal('remove'), ...common }),
  ],
  {
    errorMap: (issue, ctx) => ({
      message:
        issue.code === 'invalid_union_discriminator'
          ? 'Unknown cart action; use add, update or remove'
          : ctx.defaultError,
    }),
  },
)

export type CartActionData =
  | {
      ok: true
      intent: 'add' | 'update' | 'remove'
      productId: string
      quantity: number
      count: number
      message: string
    }
  | {
      ok: false
      intent: string
      productId: string
      errors: FieldErrors
      values: Record<string, string>
    }

/** POST /cart: add, update or remove a line. */
export async function cartAction({ request }: { request: Request }) {
  const formData = await request.formData()
  const parsed = parseForm(cartFormSchema, formData)
  const intent = String(formData.get('intent') ?? '')
  const productIdValue = String(formData.get('productId') ?? '')
  const invalid = (errors: FieldErrors, values: Record<string, string>, status = 400) =>
    data<CartActionData>(
      { ok: false, intent, productId: productIdValue, errors, values },
      { status },
    )
  if (!parsed.ok) return invalid(parsed.errors, parsed.values)
  const form = parsed.data

  const store = await getStore()
  const owner = await cartOwner(request)
  const lines = await readCartLines(owner, store)
  const existing = lines.find((l) => l.productId === form.productId)
  const product = await store.products.get(form.productId)

  let next = lines
  let message: string
  let quantityNow = 0
  if (form.intent === 'remove') {
    next = lines.filter((l) => l.productId !== form.productId)
    message = `Removed ${product?.name ?? 'the product'} from your cart`
  } else {
    if (!product)
      return invalid({ productId: ['That product is no longer available'] }, parsed.values)
    const already = form.intent === 'add' ? (existing?.quantity ?? 0) : 0
    const problem = quantityProblem(product, form.quantity, already)
    if (problem) {
      const field = product.stock <= 0 ? 'productId' : 'quantity'
      return invalid({ [field]: [problem] }, parsed.values)
    }
    if (!existing && lines.length >= MAX_CART_LINES) {
      return invalid(
        {
          productId: [
            `Your cart holds up to ${MAX_CART_LINES} different products; remove one first`,
          ],
        },
        parsed.values,
      )
    }
    quantityNow = already + form.quantity
    next = existing
      ? lines.map((l) => (l.productId === form.productId ? { ...l, quantity: quantityNow } : l))
      : [...lines, { productId: product.id, quantity: quantityNow }]
    rememberSeenPrice(owner.session, product.id, product.priceCents)
    message =
      form.intent === 'add'
        ? `Added ${form.quantity} × ${product.name} to your cart`
        : `${product.name}: quantity is now ${quantityNow}`
  }

  await writeCartLines(owner, next, store)
  const toast: ToastInput = { type: 'success', title: message }
  putToast(owner.session, toast)
  const headers = { 'Set-Cookie': await sessionStorage.commitSession(owner.session) }
  if (form.fetcher) {
    const count = next.reduce((sum, l) => sum + l.quantity, 0)
    return data<CartActionData>(
      {
        ok: true,
        intent: form.intent,
        productId: form.productId,
        quantity: quantityNow,
        count,
        message,
      },
      { headers },
    )
  }
  return redirect(safeRedirect(form.redirectTo, '/cart'), { headers })
}
