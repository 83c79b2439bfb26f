import { getStore } from '~/lib/data/index.server'
import type { OutboxStore } from '~/lib/data/store'
import { env } from '~/lib/env.server'
import { errorSummary, logger } from '~/lib/log.server'
import { rememberPromise } from '~/lib/remember.server'

import { createMailSender, SMTP_NOT_SET_WARNING, type MailSender } from './sender.server'

export type MailSenderSettings = {
  smtpUrl: string | undefined
  from: string
  isProduction: boolean
  outbox: OutboxStore
  warn?: (line: string) => void
}

/**
 * Starts a sender when SMTP_URL is set. Without it mail waits in the outbox and nothing starts; in
 * production that is worth a warning.
 */
export function startMailSender(settings: MailSenderSettings): MailSender | null {
  const warn = settings.warn ?? ((line: string) => logger.warn(line))
  if (!settings.smtpUrl) {
    if (settings.isProduction) warn(SMTP_NOT_SET_WARNING)
    return null
  }
  const sender = createMailSender({
    outbox: settings.outbox,
    smtpUrl: settings.smtpUrl,
    from: settings.from,
    warn,
  })
  sender.start()
  return sender
}

/**
 * The process's mail sender, started once (through `remix dev` rebuilds too) at server start-up;
 * null without SMTP_URL. A failed start (store unreachable) is tried again on the next call.
 */
export function runMailSender(): Promise<MailSender | null> {
  return rememberPromise('mail-sender', async () =>
    startMailSender({
      smtpUrl: env.mail.smtpUrl,
      from: env.mail.from,
      isProduction: env.isProduction,
      outbox: (await getStore()).outbox,
    }),
  )
}

/** Stops the process's sender, if one runs (the server's shutdown): the message in hand finishes. */
export async function stopMailSender(): Promise<void> {
  try {
    await (await runMailSender())?.stop()
  } catch (error) {
    logger.error(`Mail sender did not stop cleanly: ${errorSummary(error)}`)
  }
}
