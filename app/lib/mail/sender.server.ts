import { createHash } from 'node:crypto'

import { createTransport } from 'nodemailer'

import { backgroundLoop } from '~/lib/background-loop.server'
import { systemClock } from '~/lib/clock'
import { onMailEnqueued } from '~/lib/data/outbox.server'
import type { OutboxStore } from '~/lib/data/store'
import type { OutboxMessage } from '~/lib/data/types'
import { errorSummary, logger } from '~/lib/log.server'
import { metrics } from '~/lib/metrics/metrics.server'

/** Minutes to wait after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const RETRY_DELAYS_MINUTES = [1, 5, 30, 120] as const

/**
 * How long a claim holds a message. Longer than one delivery can take (the SMTP timeouts below),
 * so only a sender that died loses its claim, and another instance then sends the message.
 */
export const CLAIM_LEASE_MS = 10 * 60_000

/** How often the sender looks for mail added by other instances of the shop. */
export const POLL_MS = 60_000

export const SMTP_NOT_SET_WARNING = 'mail is not being delivered: SMTP_URL is not set'

const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }

/** When to try again after failed attempt number `attempts` (1-based); null: failed for good. */
export function retryAt(attempts: number, now: Date): string | null {
  const minutes = RETRY_DELAYS_MINUTES[attempts - 1]
  return minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000).toISOString()
}

export type MailSenderOptions = {
  outbox: OutboxStore
  /** smtp:// or smtps:// (nodemailer). Holds credentials: it never reaches a log or an error. */
  smtpUrl: string
  /** The From of every message (MAIL_FROM). */
  from: string
  /**
   * The clock retries and wake-ups are planned by (what is due is the outbox's to judge, by its
   * store's clock); tests pass their own.
   */
  now?: () => Date
  pollMs?: number
  /** Where delivery failures are noted (one line each); default the logger, as a warning. */
  warn?: (line: string) => void
}

export type MailSender = {
  /**
   * Delivers whatever is due now, then keeps going: it wakes when the next message falls due,
   * when this process adds mail, and every POLL_MS for other instances' mail.
   */
  start(): void
  /** Looks for due mail soon (what adding mail in this process does). */
  wake(): void
  /** Delivers every message due now, one claim at a time; resolves when none is left. */
  deliverDue(): Promise<{ sent: number; failed: number }>
  /** Finishes the message in hand, stops waking and closes the SMTP transport. */
  stop(): Promise<void>
}

/**
 * Error text that may be stored and logged: one line, and the SMTP user name and password (as
 * written in the URL or decoded) replaced, in case a server or library repeats them.
 */
export function describeMailError(error: unknown, smtpUrl: string): string {
  let text = errorSummary(error).replace(/\s+/g, ' ').trim()
  const secrets = new Set<string>()
  try {
    const url = new URL(smtpUrl)
    for (const part of [url.username, url.password]) {
      if (!part) continue
      secrets.add(part)
      secrets.add(decodeURIComponent(part))
    }
  } catch {
    // env.server.ts only lets a valid URL through; nothing to hide in one it could not parse.
  }
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    text = text.split(secret).join('***')
  }
  return text
}

/** A stable Message-ID per event key, so a mail client can tell a copy of the same message. */
function messageIdFor(key: string, from: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`
}

/**
 * The outbox's sender: claims due messages (so two instances never send the same one), delivers
 * them with nodemailer over SMTP and marks them sent, or failed with a retry after 1, 5, 30 and 120
 * minutes and then for good.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { outbox, smtpUrl, from } = options
  const now = options.now ?? systemClock
  const pollMs = options.pollMs ?? POLL_MS
  const warn = options.warn ?? ((line: string) => logger.warn(line))
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })

  async function deliver(message: OutboxMessage): Promise<boolean> {
    try {
      await transport.sendMail({
        from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        messageId: messageIdFor(message.key, from),
      })
    } catch (error) {
      const next = retryAt(message.attempts, now())
      const reason = describeMailError(error, smtpUrl)
      await outbox.markFailed(message.key, reason, next)
      metrics.mailFailures.inc()
      warn(
        `Mail ${message.key} not delivered (attempt ${message.attempts}): ${reason}; ` +
          (next ? `next try at ${next}` : 'failed for good'),
      )
      return false
    }
    await outbox.markSent(message.key)
    logger.info(`Mail ${message.key} sent (attempt ${message.attempts})`)
    return true
  }

  async function deliverAllDue() {
    const done = { sent: 0, failed: 0 }
    // One claim at a time: stopping never strands a claimed message that was not tried.
    while (!loop.stopping) {
      const [message] = await outbox.claimDue(CLAIM_LEASE_MS, 1)
      if (!message) break
      if (await deliver(message)) done.sent += 1
      else done.failed += 1
    }
    return done
  }

  // Mail is announced after its transaction committed: a wake looks on the next turn.
  const loop = backgroundLoop({
    job: 'mail-sender',
    work: deliverAllDue,
    nextDueAt: () => outbox.nextDueAt(),
    pollMs,
    clock: now,
    onError: (error) => warn(`Mail outbox unreachable: ${describeMailError(error, smtpUrl)}`),
    listen: onMailEnqueued,
  })

  return {
    start: () => loop.start(),
    wake: () => loop.wake(),
    // Callers' passes too, so stop() waits for them.
    deliverDue: () => loop.track(deliverAllDue()),
    async stop() {
      await loop.stop()
      transport.close()
    },
  }
}
