import { randomBytes } from 'node:crypto'

import { type SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'

import { optionalUser } from '~/lib/auth/user.server'
import {
  cartOwner,
  clearCart,
  loadCart,
  type CartOwner,
  type CartView,
  type CartViewLine,
} from '~/lib/cart/cart.server'
import { requireCartItems } from '~/lib/cart/guard.server'
import { recordConsent } from '~/lib/customers/consent.server'
import { cartTotals } from '~/lib/cart/rules'
import {
  DiscountUnavailableError,
  InsufficientBalanceError,
  OutOfStockError,
  type Store,
} from '~/lib/data/store'
import type { Address, Order, OrderDraft, User } from '~/lib/data/types'
import { nameWithOptions } from '~/lib/data/variants'
import { env } from '~/lib/env.server'
import { logger } from '~/lib/log.server'
import { newOrderId } from '~/lib/orders/id.server'
import { isOrderId } from '~/lib/orders/id'
import {
  canSeeOrder,
  expireStalePending,
  heldOrderIds,
  holdOrderId,
} from '~/lib/orders/orders.server'
import { mailForOrderMove } from '~/lib/mail/messages.server'
import { formatRand } from '~/lib/money'
import { moveOrder } from '~/lib/orders/move.server'
import { payfastAmountCents } from '~/lib/payfast/amount'
import { buildPaymentForm, type PaymentForm } from '~/lib/payfast/checkout.server'
import { sessionStorage } from '~/lib/cookie-session.server'
import {
  appliedGiftCardOf,
  forgetPromotions,
  removeCode,
  removeGiftCard,
} from '~/lib/promotions/applied-code.server'
import {
  isPromotionPost,
  paymentSources,
  promotionAction,
  promotionInputs,
} from '~/lib/promotions/cart-promotions.server'
import { maskGiftCardCode } from '~/lib/promotions/gift-cards'
import {
  mayApplyLater,
  promotionCartOf,
  summarize,
  type PromotionSummary,
} from '~/lib/promotions/summary'
import { giftCardsAfterPayment } from '~/lib/orders/gift-card-products.server'
import { bobgoAfterItn } from '~/lib/shipping/bobgo-sync.server'
import { requestContext, type RequestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { deliveryAddressSchema, NEW_ADDRESS } from '~/lib/shipping/address-fields'
import { resolveShippingChoice } from '~/lib/shipping/options.server'
import { orderShippingOf } from '~/lib/shipping/order-shipping'
import type { SavedAddress, ShippingOption } from '~/lib/shipping/types'
import { redirectWithToast } from '~/lib/toast.server'
import { rememberGuestCart } from '~/lib/win-back/cart-reminder.server'

import type { DeliveryQuote } from './delivery'
import {
  addressOf,
  deliveryAddressFrom,
  rememberAddress,
  sameAddress,
} from './delivery-address.server'
import { methodNames, quoteDelivery } from './delivery.server'
import {
  type CHECKOUT_FIELDS,
  CHOOSE_SHIPPING_METHOD,
  checkoutFormSchema,
  checkoutQuoteSchema,
  type CheckoutForm,
  SHIPPING_METHOD_PATTERN,
} from './schema'

/**
 * Conform's reply: the values kept and an error per field (or for the whole form); with the
 * delivery options for the posted address when the post was about them (a quote, or a method that
 * does not apply there).
 */
export type CheckoutActionData = { result: SubmissionResult<string[]>; delivery?: DeliveryQuote }

/** What checkout keeps of an order whose payment was cancelled, to offer it again. */
export type RetriedOrder = Pick<
  Order,
  'email' | 'firstName' | 'lastName' | 'phone' | 'shippingAddress' | 'shipping'
> &
  Partial<Pick<Order, 'buyerVatNumber'>>

/**
 * The form's starting values: the customer's profile and their default saved address chosen (the
 * address fields, for a new one, start blank); blank for guests. After "Cancel payment" at PayFast
 * (`retried`, the cancelled order): everything that order was placed with, its address chosen from
 * the customer's book when it is there, typed into the fields otherwise.
 */
export function checkoutPrefill(
  user: User | null,
  savedAddresses: readonly SavedAddress[] = [],
  retried: RetriedOrder | null = null,
): Record<(typeof CHECKOUT_FIELDS)[number], string> & { vatNumber?: string } {
  if (retried) {
    const { shippingAddress: address } = retried
    const saved = savedAddresses.find((candidate) => sameAddress(candidate, address))
    return {
      email: retried.email,
      firstName: retried.firstName,
      lastName: retried.lastName,
      phone: retried.phone,
      addressId: saved?.id ?? (savedAddresses.length > 0 ? NEW_ADDRESS : ''),
      line1: saved ? '' : address.line1,
      line2: saved ? '' : (address.line2 ?? ''),
      suburb: saved ? '' : address.suburb,
      city: saved ? '' : address.city,
      province: saved ? '' : address.province,
      postalCode: saved ? '' : address.postalCode,
      // The terms are accepted afresh for each placing; the VAT number is kept.
      vatNumber: retried.buyerVatNumber ?? '',
    }
  }
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

/** What promotions do to the order: its discounts, totals after them, and how it is paid. */
export type OrderPromotions = {
  summary: Pick<PromotionSummary, 'applied' | 'totals' | 'payment'>
  /** The gift card paying `summary.payment.giftCardCents` (normalised). */
  giftCardCode: string | null
}

/**
 * What the order will hold: snapshots of today's names and prices, the delivery address
 * (deliveryAddressFrom), and the totals; with `promotions`, the discounts that take something off
 * (the total after them), and the gift card and store credit paying part of it.
 * `shippingCents` stays the method's price: a free-delivery discount is its own line.
 */
export function orderDraft(
  form: CheckoutForm,
  shippingAddress: Address,
  lines: readonly CartViewLine[],
  userId: string | null,
  shipping: ShippingOption,
  promotions: OrderPromotions | null = null,
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
  const totals = cartTotals(orderLines, shipping.priceCents)
  const summary = promotions?.summary
  const giftCardCents = summary?.payment.giftCardCents ?? 0
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
    totalCents: summary?.totals.totalCents ?? totals.totalCents,
    vatCents: summary?.totals.vatCents ?? totals.vatCents,
    shipping: orderShippingOf(shipping),
    // A discount that takes nothing off (free delivery of a free method) claims no use.
    discounts: (summary?.applied ?? []).filter((applied) => applied.amountCents > 0),
    giftCards:
      promotions?.giftCardCode && giftCardCents > 0
        ? [{ code: promotions.giftCardCode, amountCents: giftCardCents }]
        : [],
    storeCreditCents: userId ? (summary?.payment.storeCreditCents ?? 0) : 0,
    buyerVatNumber: form.vatNumber ?? null,
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
export async function checkoutAction({
  request,
  clientIp = '',
}: {
  request: Request
  clientIp?: string
}) {
  const formData = await request.formData()
  if (formData.get('intent') === 'quote') return quoteAction(request, formData)
  if (isPromotionPost(formData)) {
    await requireCartItems(request)
    return promotionAction({ request, formData, clientIp, page: '/checkout' })
  }
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
  // Quoted again for the posted address: the price charged is the price of the method there now.
  const { quote, options } = await quoteDelivery({
    store,
    lines: cart.lines,
    subtotalCents: cart.totals.subtotalCents,
    address: delivery.address,
    wanted: submission.value.shippingMethod,
  })
  const choice = resolveShippingChoice(options, submission.value.shippingMethod)
  if (!choice.ok) {
    const message = `${CHOOSE_SHIPPING_METHOD} for this address: ${methodNames(quote)}.`
    return data<CheckoutActionData>(
      { result: submission.reply({ fieldErrors: { shippingMethod: [message] } }), delivery: quote },
      { status: 400 },
    )
  }
  await expireStalePending(store)

  // The discounts, gift card and store credit, judged again for this buyer and method now.
  const [inputs, paying] = await Promise.all([
    promotionInputs(context, { email: submission.value.email }),
    paymentSources(context),
  ])
  const summary = summarize(
    promotionCartOf(cart.lines, choice.option.priceCents, delivery.address.province),
    inputs,
    paying.sources,
  )
  const refuse = async (message: string, take: 'code' | 'gift-card' | null) => {
    const headers =
      take === 'code'
        ? (await removeCode(context)).headers
        : take === 'gift-card'
          ? (await removeGiftCard(context)).headers
          : undefined
    return data<CheckoutActionData>(
      { result: submission.reply({ formErrors: [message] }) },
      { status: 409, ...(headers ? { headers } : {}) },
    )
  }
  const TOOK_IT_OFF = 'We took it off your order: check the new total and place your order again.'
  // A code that no longer applies whatever the cart holds (ended, used up, already used by this
  // email) is taken off; one waiting for the cart (a minimum) shows why in the summary.
  if (summary.codeRefusal && !mayApplyLater(summary.codeRefusal)) {
    return refuse(`${summary.codeRefusal.message}. ${TOOK_IT_OFF}`, 'code')
  }
  if (paying.giftCardRefusal)
    return refuse(`${paying.giftCardRefusal}. ${TOOK_IT_OFF}`, 'gift-card')

  const draft = orderDraft(
    submission.value,
    delivery.address,
    cart.lines,
    user?.id ?? null,
    choice.option,
    { summary, giftCardCode: paying.giftCardCode },
  )
  // A guest who opts in gets one reminder of this cart if no order of theirs goes through.
  if (!user && submission.value.marketingOptIn) {
    await rememberGuestCart(store, submission.value.email, cart.lines)
  }
  let order: Order
  try {
    order = await store.orders.place(draft, newOrderId())
  } catch (error) {
    if (error instanceof DiscountUnavailableError) {
      // Used up (or switched off) since the page was read: nothing was placed.
      return refuse(`${error.message}. ${TOOK_IT_OFF}`, error.code ? 'code' : null)
    }
    if (error instanceof InsufficientBalanceError) {
      return refuse(balanceMessage(error, appliedGiftCardOf(context)), null)
    }
    if (!(error instanceof OutOfStockError)) throw error
    const names = new Map(cart.lines.map((l) => [l.variantId, nameWithOptions(l.name, l.options)]))
    return data<CheckoutActionData>(
      { result: submission.reply({ formErrors: [shortageMessage(error, names)] }) },
      { status: 409 },
    )
  }
  logger.info(
    { orderId: order.id, status: order.status, totalCents: order.totalCents },
    `Order ${order.id} placed (${order.status})`,
  )
  if (user && submission.value.saveAddress) {
    await rememberAddress(store, user, submission.value, delivery.address)
  }
  // A tick is consent for the order's email (a guest's too); no tick changes nobody's choice.
  if (submission.value.marketingOptIn) {
    await recordConsent(store, {
      email: submission.value.email,
      userId: user?.id ?? null,
      optIn: true,
      source: 'checkout',
    })
  }

  return toPayStep(order, cart.owner)
}

/**
 * `intent=quote` ("Update delivery options"): the page again with the delivery options for the
 * posted address, every value kept, nothing placed. The shopper's method stays checked when it
 * applies there; one the page checked for them gives way to the cheapest. A bad address answers
 * 400 with its fields' errors.
 */
async function quoteAction(request: Request, formData: FormData) {
  const submission = parseSubmission(formData, { schema: checkoutQuoteSchema })
  const context = await requestContext(request)
  await requireCartItems(request)
  if (submission.status !== 'success') {
    return data<CheckoutActionData>({ result: submission.reply() }, { status: 400 })
  }
  const [user, cart] = await Promise.all([optionalUser(request), loadCart(context)])
  const delivery = await deliveryAddressFrom(submission.value, {
    store: context.store,
    userId: user?.id ?? null,
  })
  if (!delivery.ok) {
    return data<CheckoutActionData>(
      { result: submission.reply({ fieldErrors: delivery.fieldErrors }) },
      { status: 400 },
    )
  }
  const { shippingMethod, shippingDefault } = submission.value
  const { quote } = await quoteDelivery({
    store: context.store,
    lines: cart.lines,
    subtotalCents: cart.totals.subtotalCents,
    address: delivery.address,
    wanted: shippingMethod && shippingMethod !== shippingDefault ? shippingMethod : null,
  })
  return data<CheckoutActionData>({ result: submission.reply(), delivery: quote })
}

/**
 * The delivery options the checkout page opens with: for the saved address it preselects (the
 * customer's default), or none yet (a guest, a customer without saved addresses).
 */
export async function openingDeliveryQuote(
  store: Store,
  cart: Pick<CartView, 'lines' | 'totals'>,
  addressId: string,
  savedAddresses: readonly SavedAddress[],
  retried: RetriedOrder | null = null,
): Promise<DeliveryQuote> {
  const saved = savedAddresses.find((address) => address.id === addressId)
  const { quote } = await quoteDelivery({
    store,
    lines: cart.lines,
    subtotalCents: cart.totals.subtotalCents,
    address: saved ? addressOf(saved) : (retried?.shippingAddress ?? null),
    // The cancelled order's method stays checked when it is still offered for the address.
    wanted: retried?.shipping?.id ?? null,
  })
  return quote
}

/** The query parameter "Cancel payment" sends checkout back with: the cancelled order's id. */
export const RETRY_PARAM = 'cancelled'

/**
 * The order named by checkout's `?cancelled=` when its payment was cancelled and this shopper may
 * see it (its customer, or the browser session that placed it); null for anything else, so the
 * parameter never shows a stranger's details.
 */
export async function retriedOrder(
  { store, session, userId }: Pick<RequestContext, 'store' | 'session' | 'userId'>,
  request: Request,
): Promise<RetriedOrder | null> {
  const id = new URL(request.url).searchParams.get(RETRY_PARAM)
  if (!isOrderId(id)) return null
  const order = await store.orders.get(id)
  if (!order || order.status !== 'cancelled') return null
  const viewer = { userId: await userId(), heldIds: heldOrderIds(session) }
  return canSeeOrder(order, viewer) ? order : null
}

/**
 * GET /checkout/delivery: the delivery options for the address in the query (the address fields,
 * or `addressId`, a saved address of the signed-in customer), the page's script asks as the
 * address changes; `shippingMethod` stays checked when it applies. An address not yet whole (or
 * not the customer's) gets the options no address changes, nothing else.
 */
export async function deliveryQuoteFor(request: Request): Promise<DeliveryQuote> {
  const context = await requestContext(request)
  const params = new URL(request.url).searchParams
  const posted = Object.fromEntries(
    ['addressId', 'line1', 'line2', 'suburb', 'city', 'province', 'postalCode'].map((name) => [
      name,
      params.get(name)?.slice(0, 200) ?? undefined,
    ]),
  )
  const [user, cart] = await Promise.all([optionalUser(request), loadCart(context)])
  const parsed = deliveryAddressSchema.safeParse(posted)
  const delivery = parsed.success
    ? await deliveryAddressFrom(parsed.data, { store: context.store, userId: user?.id ?? null })
    : null
  const wanted = params.get('shippingMethod')
  const { quote } = await quoteDelivery({
    store: context.store,
    lines: cart.lines,
    subtotalCents: cart.totals.subtotalCents,
    address: delivery?.ok ? delivery.address : null,
    wanted: wanted && SHIPPING_METHOD_PATTERN.test(wanted) ? wanted : null,
  })
  return quote
}

/** What a gift card or store credit that could not pay its part means to the shopper. */
function balanceMessage(error: InsufficientBalanceError, giftCardCode: string | null): string {
  const parts = error.shortfalls.map((s) =>
    s.source === 'gift_card'
      ? `Gift card ${maskGiftCardCode(s.code ?? giftCardCode ?? '')} has ${formatRand(s.availableCents)} left to spend now, not ${formatRand(s.requestedCents)}`
      : `Your store credit has ${formatRand(s.availableCents)} left to spend now, not ${formatRand(s.requestedCents)}`,
  )
  return `${parts.join('; ')}. Check the new total and place your order again.`
}

/**
 * An order its gift card and store credit pay in full is paid at once, without PayFast: the `pay`
 * move (holds spent, the paid mail written) as PayFast's COMPLETE would make it. Returns the order
 * after the move.
 */
export async function payWithoutPayfast(
  store: Pick<Store, 'orders' | 'bobgo' | 'products' | 'giftCards'>,
  order: Order,
): Promise<Order> {
  if (order.status !== 'pending_payment' || payfastAmountCents(order) > 0) return order
  const paidBy = [
    order.giftCards.length ? 'gift card' : null,
    order.storeCreditCents > 0 ? 'store credit' : null,
  ]
    .filter(Boolean)
    .join(' and ')
  const result = await moveOrder({ orders: store.orders, mail: mailForOrderMove }, order.id, {
    move: 'pay',
    note: `Paid in full by ${paidBy || 'discounts'}: nothing left for PayFast`,
  })
  if (!result.order) return order
  await bobgoAfterItn(store, {
    outcome: 'accepted',
    status: result.order.status,
    orderId: order.id,
  })
  await giftCardsAfterPayment(store, { status: result.order.status, orderId: order.id })
  return result.order
}

/**
 * After placing (or finding) the order: the cart emptied, the code and gift card forgotten, the
 * order held by this browser, on to PayFast; an order paid in full by gift card or store credit
 * goes straight to its page, paid.
 */
async function toPayStep(order: Order, owner: CartOwner) {
  // A repeat after a dropped response may still carry the cart in its cookie; once the order is
  // settled the shopper may have filled a new cart, which stays.
  if (order.status === 'pending_payment') {
    await clearCart(owner)
    forgetPromotions(owner.session)
  }
  holdOrderId(owner.session, order.id)
  const paid = await payWithoutPayfast(owner.store, order)
  const headers = { 'Set-Cookie': await sessionStorage.commitSession(owner.session) }
  if (paid !== order && paid.status === 'paid') {
    return redirectWithToast(
      `/orders/${order.id}`,
      { type: 'success', title: 'Paid in full: nothing was left to pay with PayFast' },
      { headers },
    )
  }
  return redirect(`/checkout/pay/${order.id}`, { headers })
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
