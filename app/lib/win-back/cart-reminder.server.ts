import { hasMarketingConsent } from '~/lib/customers/consent.server'
import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import { findVariant, nameWithOptions, optionValuesOf } from '~/lib/data/variants'
import { marketingDraft } from '~/lib/mail/marketing.server'
import { cartReminderTemplate, type ReminderLine } from '~/lib/mail/templates/cart-reminder.server'
import type { MailContext } from '~/lib/mail/templates/layout.server'

import { cartToken } from './cart-token.server'

/*
 * Abandoned-cart reminders (docs/contracts.md "Customers and privacy"): a signed-in customer's
 * stored cart untouched for ABANDONED_CART_HOURS gets ONE reminder with its lines and a link that
 * restores them, only with marketing consent now, never when they ordered since. The outbox key
 * names the cart's state (`cart-reminder:{userId}:{updatedAt}`), so each state mails at most once
 * however many instances look at it; a changed cart is a new state.
 */

/** How far back a pass looks past the reminder time: a shop down for a day still reminds. */
export const REMINDER_LOOKBACK_MS = 24 * 60 * 60_000
/** Carts looked at per pass. */
export const REMINDER_BATCH = 200

export const cartReminderKey = (userId: string, updatedAt: string) =>
  `cart-reminder:${userId}:${updatedAt}`

/** Statuses of an order that did not become a purchase. */
const NOT_BOUGHT: readonly Order['status'][] = ['cancelled', 'payment_failed']

export type CartReminderDeps = {
  store: Pick<Store, 'carts' | 'users' | 'consents' | 'orders' | 'products' | 'outbox'>
  /** ABANDONED_CART_HOURS. */
  hours: number
  now: () => Date
  context: MailContext
}

/** Writes the reminders due now to the outbox; returns how many were written. */
export async function remindAbandonedCarts({
  store,
  hours,
  now,
  context,
}: CartReminderDeps): Promise<number> {
  const atOrBefore = new Date(now().getTime() - hours * 60 * 60_000).toISOString()
  const after = new Date(Date.parse(atOrBefore) - REMINDER_LOOKBACK_MS).toISOString()
  const carts = await store.carts.untouchedBetween(after, atOrBefore, REMINDER_BATCH)
  let written = 0
  for (const cart of carts) {
    const key = cartReminderKey(cart.userId, cart.updatedAt)
    if (await store.outbox.get(key)) continue
    const user = await store.users.get(cart.userId)
    if (!user || !(await hasMarketingConsent(store, user.email))) continue
    const orders = await store.orders.listForUser(user.id)
    if (orders.some((o) => o.createdAt >= cart.updatedAt && !NOT_BOUGHT.includes(o.status))) {
      continue
    }
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
    if (!lines.length) continue
    const mail = cartReminderTemplate(
      {
        firstName: user.firstName,
        lines,
        restorePath: `/cart/restore?t=${cartToken(cart.lines)}`,
      },
      context,
    )
    const draft = { key, to: user.email, replyTo: null, orderId: null, ...mail }
    if (await store.outbox.enqueue(marketingDraft(draft, context))) written += 1
  }
  return written
}
