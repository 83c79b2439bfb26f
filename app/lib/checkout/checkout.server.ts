import { randomBytes } from 'node:crypto'

import { type SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'

import { optionalUser } from '~/lib/auth/user.server'
import {
  cartOwner,
  clearCart,
  loadCart,
  type CartOwner,
  type CartViewLine,
} from '~/lib/cart/cart.server'
import { requireCartItems } from '~/lib/cart/guard.server'
import { cartTotals } from '~/lib/cart/rules'
import { OutOfStockError } from '~/lib/data/store'
import type { Address, Order, OrderDraft, User } from '~/lib/data/types'
import { nameWithOptions } from '~/lib/data/variants'
import { env } from '~/lib/env.server'
import { newOrderId } from '~/lib/orders/id.server'
import { expireStalePending, holdOrderId } from '~/lib/orders/orders.server'
import { buildPaymentForm, type PaymentForm } from '~/lib/payfast/checkout.server'
import { sessionStorage } from '~/lib/cookie-session.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import type { SavedAddress } from '~/lib/shipping/types'
import { redirectWithToast } from '~/lib/toast.server'

import { deliveryAddressFrom, rememberAddress } from './delivery-address.server'
import { type CHECKOUT_FIELDS, checkoutFormSchema, type CheckoutForm } from './schema'

/** Conform's reply: the values kept and an error per field (or for the whole form). */
export type CheckoutActionData = { result: SubmissionResult<string[]> }

/**
 * The form's starting values: the customer's profile and their default saved address chosen (the
 * address fields, for a new one, start blank); blank for guests.
 */
export function checkoutPrefill(
  user: User | null,
  savedAddresses: readonly SavedAddress[] = [],
): Record<(typeof CHECKOUT_FIELDS)[number], string> {
  const chosen = savedAddresses.find((address) => address.isDefault) ?? savedAddresses[0]
  return {
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phone: user?.phone ?? '',
    addressId: chosen?.id ?? '',
    line1: '',
    line2: '',
    suburb: '',
    city: '',
    province: '',
    postalCode: '',
  }
}

/**
 * A fresh key for one rendering of the checkout page (its hidden `checkoutKey` field). The order
 * placed from that page claims the key, so a second post of the same page (a double click, the
 * browser retrying after a dropped response) finds that order instead of placing another.
 */
export function newCheckoutKey(): string {
  return randomBytes(16).toString('base64url')
}

/**
 * What the order will hold: snapshots of today's names and prices, the delivery address
 * (deliveryAddressFrom), and the totals.
 */
export function orderDraft(
  form: CheckoutForm,
  shippingAddress: Address,
  lines: readonly CartViewLine[],
  userId: string | null,
): OrderDraft {
  const orderLines = lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    name: line.name,
    options: line.options,
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    imageUrl: line.image?.url ?? null,
  }))
  const totals = cartTotals(orderLines)
  return {
    checkoutKey: form.checkoutKey ?? null,
    userId,
    email: form.email,
    firstName: form.firstName,
    lastName: form.lastName,
    phone: form.phone,
    shippingAddress,
    lines: orderLines,
    subtotalCents: totals.subtotalCents,
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents,
    vatCents: totals.vatCents,
  }
}

/**
 * "Only 2 left of Rooibos tea; Silk shirt (Size: M) is sold out": what an OutOfStockError means to
 * a shopper. `names` are the lines' names with their options, by variant id.
 */
export function shortageMessage(
  error: OutOfStockError,
  names: ReadonlyMap<string, string>,
): string {
  const parts = error.shortages.map(({ variantId, available }) => {
    const name = names.get(variantId) ?? variantId
    return available <= 0 ? `${name} is sold out` : `Only ${available} left of ${name}`
  })
  return `${parts.join('; ')}. Change the quantity in your cart and try again.`
}

/**
 * POST /checkout: validates the form, expires stale pending orders, places the order (stock
 * reserved in one transaction), empties the cart, remembers the order in the session and sends
 * the shopper to the PayFast page. A repeated post of a checkout whose order is already placed
 * (same `checkoutKey`) goes to that order's pay step instead; this is checked before the
 * `cartCheck` guard, because placing the order emptied the cart.
 */
export async function checkoutAction({ request }: { request: Request }) {
  const formData = await request.formData()
  const submission = parseSubmission(formData, { schema: checkoutFormSchema })
  const context = await requestContext(request)
  const { store } = context
  const key = submission.status === 'success' ? submission.value.checkoutKey : undefined
  const placed = key ? await store.orders.findByCheckoutKey(key) : null
  if (placed) return toPayStep(placed, await cartOwner(context))

  await requireCartItems(request)
  if (submission.status !== 'success') {
    return data<CheckoutActionData>({ result: submission.reply() }, { status: 400 })
  }

  const [user, cart] = await Promise.all([
    optionalUser(request, { checkRevoked: true }),
    loadCart(context),
  ])
  if (!cart.lines.length) {
    return redirectWithToast('/cart', { type: 'info', title: 'Your cart is empty' })
  }
  const delivery = await deliveryAddressFrom(submission.value, { store, userId: user?.id ?? null })
  if (!delivery.ok) {
    return data<CheckoutActionData>(
      { result: submission.reply({ fieldErrors: delivery.fieldErrors }) },
      { status: 400 },
    )
  }
  await expireStalePending(store)

  const draft = orderDraft(submission.value, delivery.address, cart.lines, user?.id ?? null)
  let order: Order
  try {
    order = await store.orders.place(draft, newOrderId())
  } catch (error) {
    if (!(error instanceof OutOfStockError)) throw error
    const names = new Map(cart.lines.map((l) => [l.variantId, nameWithOptions(l.name, l.options)]))
    return data<CheckoutActionData>(
      { result: submission.reply({ formErrors: [shortageMessage(error, names)] }) },
      { status: 409 },
    )
  }
  if (user && submission.value.saveAddress) {
    await rememberAddress(store, user, submission.value, delivery.address)
  }

  return toPayStep(order, cart.owner)
}

/** After placing (or finding) the order: the cart emptied, the order held by this browser, on to PayFast. */
async function toPayStep(order: Order, owner: CartOwner) {
  // A repeat after a dropped response may still carry the cart in its cookie; once the order is
  // settled the shopper may have filled a new cart, which stays.
  if (order.status === 'pending_payment') await clearCart(owner)
  holdOrderId(owner.session, order.id)
  return redirect(`/checkout/pay/${order.id}`, {
    headers: { 'Set-Cookie': await sessionStorage.commitSession(owner.session) },
  })
}

/** PayFast's return, cancel and notify URLs for an order. */
export function paymentUrls(orderId: string, appUrl = env.appUrl) {
  return {
    returnUrl: `${appUrl}/orders/${orderId}`,
    cancelUrl: `${appUrl}/checkout/cancel/${orderId}`,
    notifyUrl: `${appUrl}/payfast/notify`,
  }
}

/** The signed form that sends the shopper's browser to PayFast for `order`. */
export function paymentFormFor(order: Order): PaymentForm {
  return buildPaymentForm(order, paymentUrls(order.id), env.payfast)
}
