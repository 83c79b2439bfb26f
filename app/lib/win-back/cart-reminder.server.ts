import { hasMarketingConsent } from '~/lib/customers/consent.server'
import type { Store } from '~/lib/data/store'
import type { CartLine, Order } from '~/lib/data/types'
import { findVariant, nameWithOptions, optionValuesOf } from '~/lib/data/variants'
import { marketingDraft } from '~/lib/mail/marketing.server'
import { cartReminderTemplate, type ReminderLine } from '~/lib/mail/templates/cart-reminder.server'
import type { MailContext } from '~/lib/mail/templates/layout.server'

import { cartToken } from './cart-token.server'

/*
 * Abandoned-cart reminders (docs/contracts.md "Customers and privacy"): a signed-in customer's
 * stored cart (or a guest's, kept when their checkout opted in to marketing mail) untouched for
 * ABANDONED_CART_HOURS gets ONE reminder with its lines and a link that
 * restores them, only with marketing consent now, never when they ordered since. The outbox key
 * names the cart's state (`cart-reminder:{userId}:{updatedAt}`), so each state mails at most once
 * however many instances look at it; a changed cart is a new state.
 */

/** How far back a pass looks past the reminder time: a shop down for a day still reminds. */
export const REMINDER_LOOKBACK_MS = 24 * 60 * 60_000
/** Carts read per page, and pages per pass at most. */
export const REMINDER_BATCH = 200
export const REMINDER_PAGES = 50

export const cartReminderKey = (owner: string, updatedAt: string) =>
  `cart-reminder:${owner}:${updatedAt}`

/**
 * A guest's cart, kept at checkout when they opted in to marketing mail, is stored among the
 * customers' carts under this key (no account id starts with "guest:").
 */
export const guestCartKey = (email: string) => `guest:${email.trim().toLowerCase()}`

/** Keeps a guest's cart lines as their checkout is submitted with marketingOptIn. */
export async function rememberGuestCart(
  store: Pick<Store, 'carts'>,
  email: string,
  lines: readonly CartLine[],
): Promise<void> {
  await store.carts.set(
    guestCartKey(email),
    lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })),
  )
}

/** The guest cart kept for this email, for the privacy export; empty when none. */
export function guestCartFor(store: Pick<Store, 'carts'>, email: string): Promise<CartLine[]> {
  return store.carts.get(guestCartKey(email))
}

/** Forgets the guest cart kept for this email (account deletion, unsubscribe). */
export async function forgetGuestCart(store: Pick<Store, 'carts'>, email: string) {
  await store.carts.set(guestCartKey(email), [])
}

/** Who the cart is for: a customer's account, or a guest's email (guestCartKey). */
async function recipientOf(
  store: Pick<Store, 'users'>,
  owner: string,
): Promise<{ email: string; firstName: string; userId: string | null } | null> {
  if (owner.startsWith('guest:')) return { email: owner.slice(6), firstName: '', userId: null }
  const user = await store.users.get(owner)
  return user ? { email: user.email, firstName: user.firstName, userId: user.id } : null
}

/** Whether they ordered since the cart's last change (an order not cancelled nor failed). */
async function orderedSince(
  store: Pick<Store, 'orders'>,
  who: { email: string; userId: string | null },
  since: string,
): Promise<boolean> {
  const orders = who.userId
    ? await store.orders.listForUser(who.userId)
    : (await store.orders.list({ offset: 0, limit: 20, q: who.email })).items
  return orders.some((o) => o.createdAt >= since && !NOT_BOUGHT.includes(o.status))
}

/** Statuses of an order that did not become a purchase. */
const NOT_BOUGHT: readonly Order['status'][] = ['cancelled', 'payment_failed']

export type CartReminderDeps = {
  store: Pick<Store, 'carts' | 'users' | 'consents' | 'orders' | 'products' | 'outbox'>
  /** ABANDONED_CART_HOURS. */
  hours: number
  now: () => Date
  context: MailContext
  /** Carts read per page; default REMINDER_BATCH. */
  batch?: number
}

/** Writes the reminders due now to the outbox; returns how many were written. */
export async function remindAbandonedCarts(deps: CartReminderDeps): Promise<number> {
  const { store, hours, now, batch = REMINDER_BATCH } = deps
  const atOrBefore = new Date(now().getTime() - hours * 60 * 60_000).toISOString()
  let after = new Date(Date.parse(atOrBefore) - REMINDER_LOOKBACK_MS).toISOString()
  let written = 0
  // Page by the last change seen, so carts reminded already never hide the ones after them.
  for (let page = 0; page < REMINDER_PAGES; page += 1) {
    const carts = await store.carts.untouchedBetween(after, atOrBefore, batch)
    if (!carts.length) break
    after = carts[carts.length - 1]!.updatedAt
    for (const cart of carts) written += (await remindOne(deps, cart)) ? 1 : 0
  }
  return written
}

/** One cart's reminder, unless sent already, unwanted or bought since; true when written. */
async function remindOne(
  { store, context }: CartReminderDeps,
  cart: { userId: string; lines: CartLine[]; updatedAt: string },
): Promise<boolean> {
  const key = cartReminderKey(cart.userId, cart.updatedAt)
  if (await store.outbox.get(key)) return false
  const who = await recipientOf(store, cart.userId)
  if (!who || !(await hasMarketingConsent(store, who.email))) return false
  if (await orderedSince(store, who, cart.updatedAt)) return false
  const products = await store.products.getMany(cart.lines.map((line) => line.productId))
  const lines: ReminderLine[] = []
  for (const line of cart.lines) {
    const product = products.find((candidate) => candidate.id === line.productId)
    const variant = product?.active ? findVariant(product, line.variantId) : null
    if (!product || !variant) continue
    lines.push({
      name: nameWithOptions(product.name, optionValuesOf(product, variant)),
      quantity: line.quantity,
      unitPriceCents: variant.priceCents,
    })
  }
  if (!lines.length) return false
  const mail = cartReminderTemplate(
    {
      firstName: who.firstName,
      lines,
      restorePath: `/cart/restore?t=${cartToken(cart.lines)}`,
    },
    context,
  )
  const draft = { key, to: who.email, replyTo: null, orderId: null, ...mail }
  return store.outbox.enqueue(marketingDraft(draft, context))
}
