import { createHmac, timingSafeEqual } from 'node:crypto'

import type { AuthAdapter } from '~/lib/auth/types'
import type { Store } from '~/lib/data/store'
import type { PrivacyRequest } from '~/lib/data/privacy-requests'
import type { OutboxDraft, User } from '~/lib/data/types'
import { env } from '~/lib/env.server'
import { errorSummary, logger } from '~/lib/log.server'
import type { MailContext } from '~/lib/mail/messages.server'
import { deletionConfirmTemplate } from '~/lib/mail/templates/privacy.server'

import { PRIVACY_PATH } from './privacy-schema'

/*
 * POPIA requests (docs/contracts.md "Customers and privacy"): a customer's copy of everything the
 * shop holds about them (s23), and the deletion of their account (s24). Each is recorded in
 * store.privacyRequests, which staff see on the customer's page.
 */

/** Data exports per account per hour: enough to retry, too few to use the page as a load test. */
export const EXPORTS_PER_HOUR = { limit: 5, windowMs: 60 * 60 * 1000 } as const
export const exportLimitKey = (userId: string) => `privacy-export:${userId}`
/** A Firebase account's mailed confirmation link works this long. */
export const DELETE_LINK_MINUTES = 30

/** Everything the shop holds about a customer, as their download has it (version 1). */
export type CustomerDataExport = Awaited<ReturnType<typeof customerData>>

/** The export's content: a plain JSON value, dates as ISO-8601 in UTC, money in integer cents. */
export async function customerData(store: Store, user: User, exportedAt: string) {
  const [
    addresses,
    orders,
    reviews,
    liked,
    cart,
    messages,
    sessions,
    mails,
    credit,
    creditHistory,
    requests,
    consents,
    stockAlerts,
  ] = await Promise.all([
    store.addresses.list(user.id),
    store.orders.listForUser(user.id),
    store.privacyRequests.reviewsBy(user.id),
    store.liked.list(user.id),
    store.carts.get(user.id),
    store.privacyRequests.messagesFrom(user.email),
    store.sessions.listForUser(user.id),
    store.privacyRequests.mailsTo(user.email),
    store.storeCredit.get(user.id),
    store.storeCredit.history(user.id),
    store.privacyRequests.listForUser(user.id),
    store.consents.history(user.email),
    store.stockAlerts.listForEmail(user.email),
  ])
  return {
    format: 'karoo-customer-data/1',
    exportedAt,
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    addresses,
    orders,
    reviews,
    likedProductIds: liked,
    cart,
    marketingConsent: consents,
    stockAlerts: stockAlerts.map(({ productId, variantId, requestedAt }) => ({
      productId,
      variantId,
      requestedAt,
    })),
    contactMessages: messages.map(({ ip: _ip, handledBy: _by, ...message }) => message),
    // A session's id and provider token are what being signed in means: never in a file.
    sessions: sessions.map(({ createdAt, lastSeenAt, userAgent }) => ({
      createdAt,
      lastSeenAt,
      userAgent,
    })),
    mailsSent: mails,
    storeCredit: { ...credit, history: creditHistory },
    privacyRequests: requests.map(({ kind, at }) => ({ kind, at })),
  }
}

/** The export as a download: records the request, then answers the JSON file. */
export async function exportResponse(store: Store, user: User, now: Date): Promise<Response> {
  const at = now.toISOString()
  await store.privacyRequests.record({ userId: user.id, email: user.email, kind: 'export' })
  const data = await customerData(store, user, at)
  const day = at.slice(0, 10)
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="karoo-my-data-${day}.json"`,
      'Cache-Control': 'no-store',
    },
  })
}

/**
 * Deletes the account: what is kept by email first (marketing consent, stock alerts), then the
 * account's records (the user last, in one transaction on SQLite), then the sign-in at the identity provider (Firebase Auth). The store's part is re-runnable; if
 * the provider's part fails the account's data is already gone and a later sign-in with that
 * Firebase user meets an empty new profile, so the failure is logged for staff and not shown.
 */
export async function deleteAccount(
  store: Store,
  auth: Pick<AuthAdapter, 'deleteSignIn'>,
  userId: string,
): Promise<PrivacyRequest | null> {
  // By email, before the user (who knows the email) goes: a run cut short is run again whole.
  const user = await store.users.get(userId)
  if (!user) return null
  await store.consents.erase(user.email)
  await store.stockAlerts.eraseForEmail(user.email)
  const request = await store.privacyRequests.eraseAccount(userId)
  if (request && auth.deleteSignIn) {
    try {
      await auth.deleteSignIn(userId)
    } catch (error) {
      logger.error(
        `privacy: the sign-in of deleted account ${userId} is left: ${errorSummary(error)}`,
      )
    }
  }
  return request
}

const PURPOSE = 'delete-account:'

function signature(secret: string, userId: string, expiresMs: number) {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}${userId}:${expiresMs}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url')
}

/** A signed, expiring token that confirms deleting `userId`'s account: `{expiresMs}.{signature}`. */
export function deletionToken(
  userId: string,
  now: Date,
  secrets: readonly string[] = env.sessionSecrets,
): string {
  const expiresMs = now.getTime() + DELETE_LINK_MINUTES * 60 * 1000
  return `${expiresMs}.${signature(secrets[0]!, userId, expiresMs)}`
}

/** Whether `token` confirms deleting `userId`'s account at `now` (constant-time, any live secret). */
export function isDeletionToken(
  userId: string,
  token: string | null | undefined,
  now: Date,
  secrets: readonly string[] = env.sessionSecrets,
): boolean {
  if (!token || token.length > 100) return false
  const match = /^(\d{1,15})\.([\w-]+)$/.exec(token)
  if (!match) return false
  const expiresMs = Number(match[1])
  if (expiresMs <= now.getTime()) return false
  const given = Buffer.from(match[2]!)
  let ok = false
  for (const secret of secrets) {
    const expected = Buffer.from(signature(secret, userId, expiresMs))
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true
  }
  return ok
}

/** The mail with a Firebase account's confirmation link; one per link. */
export function deletionConfirmMail(
  user: Pick<User, 'email'>,
  token: string,
  context: MailContext,
): OutboxDraft {
  const link = new URL(`${PRIVACY_PATH}?confirm=${encodeURIComponent(token)}`, `${context.appUrl}/`)
  return {
    key: `delete-account:${token}`,
    to: user.email,
    replyTo: null,
    orderId: null,
    ...deletionConfirmTemplate(link.toString(), DELETE_LINK_MINUTES, context),
  }
}
