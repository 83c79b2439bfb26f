import { data, redirect } from '@remix-run/node'

import { cartOwner, readCartLines, writeCartLines } from '~/lib/cart/cart.server'
import { mergeCartLines } from '~/lib/cart/rules'
import { sessionStorage } from '~/lib/cookie-session.server'
import { findVariant, nameWithOptions, optionValuesOf } from '~/lib/data/variants'
import { requestContext } from '~/lib/request-context.server'
import { createToastHeaders } from '~/lib/toast.server'

import { linesFromCartToken } from './cart-token.server'

/*
 * /cart/restore?t=: the cart reminder's link. GET shows the lines and a button (no GET changes
 * state); the POST puts them in whoever's cart opens it (a visitor's session or a customer's
 * stored cart), added to what is there, clamped to stock, and goes to /cart.
 */

export type RestorePage =
  | { state: 'invalid' }
  | { state: 'ready'; token: string; lines: { name: string; quantity: number }[] }

const PRIVATE = { 'Cache-Control': 'private, no-store' }

export async function restorePage(request: Request) {
  const token = new URL(request.url).searchParams.get('t')
  const lines = linesFromCartToken(token)
  if (!lines || !token) {
    return data<RestorePage>({ state: 'invalid' }, { status: 400, headers: PRIVATE })
  }
  const { store } = await requestContext(request)
  const products = await store.products.getMany(lines.map((line) => line.productId))
  const shown = lines.flatMap((line) => {
    const product = products.find((candidate) => candidate.id === line.productId)
    const variant = product?.active ? findVariant(product, line.variantId) : null
    if (!product || !variant) return []
    const name = nameWithOptions(product.name, optionValuesOf(product, variant))
    return [{ name, quantity: line.quantity }]
  })
  return data<RestorePage>({ state: 'ready', token, lines: shown }, { headers: PRIVATE })
}

export async function restoreAction(request: Request) {
  const form = await request.formData()
  const token = form.get('t')
  const lines = linesFromCartToken(typeof token === 'string' ? token : null)
  if (!lines) return data<RestorePage>({ state: 'invalid' }, { status: 400, headers: PRIVATE })
  const owner = await cartOwner(request)
  const products = await owner.store.products.getMany(lines.map((line) => line.productId))
  const merged = mergeCartLines(await readCartLines(owner), lines, (line) => {
    const product = products.find((candidate) => candidate.id === line.productId)
    if (!product) return undefined
    return product.active ? findVariant(product, line.variantId)?.stock : 0
  })
  await writeCartLines(owner, merged)
  const session = { 'Set-Cookie': await sessionStorage.commitSession(owner.session) }
  const headers = await createToastHeaders(
    { type: 'success', title: 'Your cart is back', description: 'Check it over, then check out.' },
    session,
  )
  return redirect('/cart', { headers })
}
