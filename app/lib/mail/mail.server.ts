import { remember } from '@epic-web/remember'

import { env } from '~/lib/env.server'

import type { MailMessage, MailPort } from './types'

/**
 * The mail port before there is an outbox: nothing is stored or sent. Outside production it notes
 * that a message was handed over (recipient and subject only): the body may hold a one-time link,
 * and links never go into a log.
 */
export function createUnsentMail(options: { note?: (line: string) => void } = {}): MailPort {
  return {
    async send(message: MailMessage) {
      options.note?.(`[mail not sent: no outbox yet] to ${message.to}: ${message.subject}`)
    },
  }
}

/** The process's mail port, chosen once. */
export function getMail(): MailPort {
  return remember('mail-port', () =>
    createUnsentMail(env.isProduction ? {} : { note: (line: string) => console.info(line) }),
  )
}

export type { MailMessage, MailPort } from './types'
