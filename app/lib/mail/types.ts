/** One email for one customer. */
export type MailMessage = {
  to: string
  subject: string
  /** The plain-text part; every message has one. */
  text: string
  html?: string
  /**
   * Names the event that causes the mail (e.g. `password-reset:<token hash>`), so one event never
   * mails twice when a request is retried.
   */
  key: string
}

/**
 * The mail port: features hand a message over and move on. The email issue backs it with an
 * outbox in the data store and an SMTP sender (DESIGN.md "Email"); until then the default keeps
 * nothing (mail.server.ts).
 */
export interface MailPort {
  send(message: MailMessage): Promise<void>
}
