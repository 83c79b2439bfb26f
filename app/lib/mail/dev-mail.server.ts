import type { Store } from '~/lib/data/index.server'
import type { OutboxMessage } from '~/lib/data/types'
import { env } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'

/*
 * /dev/mail: the outbox as a developer reads it, so the whole flow (buy, reset a password, write to
 * the shop) can be tried offline without an SMTP server. Never in production: the outbox holds
 * customers' addresses and live reset links.
 */

export const DEV_MAIL_PAGE_SIZE = 25

/** Every /dev/mail response: never stored, never indexed. */
export const DEV_MAIL_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } as const

/** Throws a 404 in production, where /dev/mail does not exist. */
export function requireDevMail(isProduction: boolean = env.isProduction): void {
  if (isProduction) throw notFound()
}

/** One page of the outbox, newest first, as the list shows it. */
export async function listDevMail(store: Pick<Store, 'outbox'>, page: number) {
  const { items, total } = await store.outbox.list({
    offset: (page - 1) * DEV_MAIL_PAGE_SIZE,
    limit: DEV_MAIL_PAGE_SIZE,
  })
  return {
    messages: items.map((mail) => ({
      key: mail.key,
      to: mail.to,
      subject: mail.subject,
      status: mail.status,
      attempts: mail.attempts,
      createdAt: mail.createdAt,
    })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / DEV_MAIL_PAGE_SIZE)),
  }
}

/** One message as it would arrive: its headers and both parts; null when there is none. */
export async function devMailMessage(
  store: Pick<Store, 'outbox'>,
  key: string,
): Promise<DevMailMessage | null> {
  const mail = await store.outbox.get(key)
  if (!mail) return null
  return {
    key: mail.key,
    from: env.mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? {},
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    createdAt: mail.createdAt,
    sentAt: mail.sentAt,
  }
}

export type DevMailMessage = Pick<
  OutboxMessage,
  | 'key'
  | 'to'
  | 'replyTo'
  | 'subject'
  | 'text'
  | 'html'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'createdAt'
  | 'sentAt'
> & { from: string; headers: Record<string, string> }
