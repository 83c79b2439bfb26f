import { loadLayoutFrom } from '~/lib/content/layout.server'
import { contentSource } from '~/lib/content/source.server'
import type { ContactMessage, OrderStatus, OutboxDraft, Shipment } from '~/lib/data/types'
import { env } from '~/lib/env.server'

import { passwordResetTemplate, signUpTakenTemplate } from './templates/account.server'
import { contactAckTemplate, contactShopTemplate } from './templates/contact.server'
import type { MailContext, RenderedMail } from './templates/layout.server'
import {
  orderCancelledTemplate,
  orderFailedTemplate,
  orderPaidTemplate,
  orderReadyTemplate,
  orderShippedTemplate,
  type MailOrder,
} from './templates/order.server'

/*
 * The shop's emails as outbox drafts (docs/contracts.md "Email"): each rendered by its template and
 * keyed by the event that causes it, so a replayed ITN or a double click never mails twice. The
 * events hand these to the store's `mail` parameters, which write them in the same step as the
 * event.
 */

export type { MailContext } from './templates/layout.server'

/**
 * The shop's name (the layout story, as the site header shows it) and APP_URL. Never throws: the
 * layout falls back to the bundled content, so a content outage never fails a checkout.
 */
export async function mailContext(appUrl: string = env.appUrl): Promise<MailContext> {
  const layout = await loadLayoutFrom({ source: contentSource(), editor: false })
  return { shopName: layout.siteName, appUrl: appUrl.replace(/\/+$/, '') }
}

type OrderForMail = MailOrder & { email: string }

const draft = (
  key: string,
  to: string,
  mail: RenderedMail,
  extra: { orderId?: string; replyTo?: string } = {},
): OutboxDraft => ({
  key,
  to,
  replyTo: extra.replyTo ?? null,
  orderId: extra.orderId ?? null,
  ...mail,
})

export function orderPaidMail(order: OrderForMail, context: MailContext): OutboxDraft {
  return draft(`order-paid:${order.id}`, order.email, orderPaidTemplate(order, context), {
    orderId: order.id,
  })
}

export function orderShippedMail(
  order: OrderForMail,
  shipment: Shipment,
  context: MailContext,
): OutboxDraft {
  return draft(
    `order-shipped:${order.id}`,
    order.email,
    orderShippedTemplate(order, shipment, context),
    { orderId: order.id },
  )
}

/** Ready for collection (collect in store): where, the hours, the order number to bring. */
export function orderReadyMail(order: OrderForMail, context: MailContext): OutboxDraft {
  return draft(`order-ready:${order.id}`, order.email, orderReadyTemplate(order, context), {
    orderId: order.id,
  })
}

export function orderCancelledMail(order: OrderForMail, context: MailContext): OutboxDraft {
  return draft(`order-cancelled:${order.id}`, order.email, orderCancelledTemplate(order, context), {
    orderId: order.id,
  })
}

export function orderFailedMail(order: OrderForMail, context: MailContext): OutboxDraft {
  return draft(`order-failed:${order.id}`, order.email, orderFailedTemplate(order, context), {
    orderId: order.id,
  })
}

/**
 * The buyer's mail for an order reaching `to`, as `moveOrder` (app/lib/orders/move.server.ts) asks
 * for it when the move's row in the order's life mails: paid, shipped (with its shipment), ready
 * for collection, cancelled and payment failed each have one; other statuses none.
 */
export async function mailForOrderMove(
  order: OrderForMail,
  to: OrderStatus,
  shipment?: Shipment | null,
): Promise<OutboxDraft[]> {
  if (
    to !== 'paid' &&
    to !== 'shipped' &&
    to !== 'ready_for_collection' &&
    to !== 'cancelled' &&
    to !== 'payment_failed'
  )
    return []
  if (to === 'shipped' && !shipment) return []
  const context = await mailContext()
  switch (to) {
    case 'paid':
      return [orderPaidMail(order, context)]
    case 'shipped':
      return [orderShippedMail(order, shipment!, context)]
    case 'ready_for_collection':
      return [orderReadyMail(order, context)]
    case 'cancelled':
      return [orderCancelledMail(order, context)]
    case 'payment_failed':
      return [orderFailedMail(order, context)]
  }
}

/** A local account's reset link; keyed by the token's hash (one mail per link). */
export function passwordResetMail(
  reset: { to: string; link: string; tokenHash: string },
  context: MailContext,
): OutboxDraft {
  return draft(
    `password-reset:${reset.tokenHash}`,
    reset.to,
    passwordResetTemplate(reset.link, context),
  )
}

/**
 * To the owner of an email someone tried to sign up with. Keyed by the address and the hour, so a
 * run of such sign-ups mails the owner at most once an hour.
 */
export function signUpTakenMail(email: string, now: Date, context: MailContext): OutboxDraft {
  const address = email.trim().toLowerCase()
  const hour = new Date(now).toISOString().slice(0, 13)
  return draft(`signup-taken:${address}:${hour}`, address, signUpTakenTemplate(context))
}

/** The day in South Africa (UTC+2 all year), "2026-03-01": the acknowledgement's once-a-day key. */
function sastDay(iso: string) {
  return new Date(Date.parse(iso) + 2 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/**
 * A contact message's two emails, for `MessageStore.create`'s `mail` callback: the
 * acknowledgement to the sender, and the message to SHOP_EMAIL with Reply-To the sender. The
 * acknowledgement holds none of the sender's words and is keyed by the address and the SAST day,
 * so one address gets at most one a day however many messages name it.
 */
export function contactMails(
  message: ContactMessage,
  context: MailContext,
  shopEmail: string = env.mail.shopEmail,
): OutboxDraft[] {
  const address = message.email.trim().toLowerCase()
  return [
    draft(
      `contact-ack:${address}:${sastDay(message.createdAt)}`,
      message.email,
      contactAckTemplate(context),
    ),
    draft(`contact:${message.id}:shop`, shopEmail, contactShopTemplate(message, context), {
      replyTo: message.email,
    }),
  ]
}
