import type { OutboxDraft } from '~/lib/data/types'

/**
 * One email, as the outbox keeps it (docs/contracts.md "Email"): a plain-text and an HTML part, and
 * a key naming the event that causes it (e.g. `contact:{messageId}:shop`), so one event never mails
 * twice.
 */
export type MailMessage = OutboxDraft

/**
 * The mail port, for mail that is not written by the store in the same step as its event (those
 * go through the stores' `mail` parameters): the message goes into the outbox, and the sender
 * delivers it (mail.server.ts).
 */
export interface MailPort {
  send(message: MailMessage): Promise<void>
}
