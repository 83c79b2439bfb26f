import { remember } from '@epic-web/remember'

import { backgroundLoop, type BackgroundLoop } from '~/lib/background-loop.server'
import { systemClock, type Clock } from '~/lib/clock'
import { getStore } from '~/lib/data/index.server'
import type { Store } from '~/lib/data/store'
import { env } from '~/lib/env.server'
import { errorSummary, logger } from '~/lib/log.server'
import { marketingDraft } from '~/lib/mail/marketing.server'
import { mailContext, type MailContext } from '~/lib/mail/messages.server'
import { rememberPromise } from '~/lib/remember.server'

import { backInStockMail, mailDueStockAlerts, watchRestocks } from './back-in-stock.server'
import { remindAbandonedCarts } from './cart-reminder.server'

/*
 * The win-back job: mail that brings customers back (back in stock, abandoned-cart reminders), run
 * in every server process beside the outbox's sender. It only writes to the outbox (the sender, or
 * /dev/mail without SMTP_URL, takes it from there), so it runs with or without SMTP. Every instance
 * may run it without mailing twice: stock alerts are claimed in the store with a lease (like the
 * outbox's claimDue), and every mail has its event's key (`back-in-stock:{requestId}`,
 * `cart-reminder:{owner}:{cart's updatedAt}`), which the outbox keeps once.
 */

/** How often the job looks for work made due by other instances. */
export const POLL_MS = 60_000

// Process-wide (through `remix dev` rebuilds), so the job started by one build hears the next.
const listeners = remember('win-back-listeners', () => new Set<() => void>())

/** Tells this process's job there may be work now (call after the write committed). */
export function winBackWanted(): void {
  for (const listener of listeners) listener()
}

export type WinBackDeps = {
  store: Pick<
    Store,
    'stockAlerts' | 'outbox' | 'products' | 'carts' | 'users' | 'consents' | 'orders'
  >
  /** ABANDONED_CART_HOURS; default the environment's. */
  abandonedCartHours?: number
  /** The clock reminders are timed by; default the system's. */
  now?: Clock
  /** The shop's name and URL for the mail; default the layout story's and APP_URL. */
  context?: () => Promise<MailContext>
  pollMs?: number
  log?: (line: string) => void
}

/**
 * One pass: every due back-in-stock request mailed, then the carts due a reminder. Returns how many
 * mails were written.
 */
export async function winBackPass(deps: WinBackDeps, stopping = () => false): Promise<number> {
  const context = await (deps.context ?? mailContext)()
  const backInStock = await mailDueStockAlerts({
    store: deps.store,
    // Asking was consent to this one mail, not to marketing: it still unsubscribes in one click.
    compose: (alert, product, variant) =>
      marketingDraft(
        backInStockMail(alert, product, variant, context),
        context,
        `You get this because you asked ${context.shopName} to tell you when it was back.`,
      ),
    stopping,
  })
  if (stopping()) return backInStock
  const reminders = await remindAbandonedCarts({
    store: deps.store,
    hours: deps.abandonedCartHours ?? env.abandonedCartHours,
    now: deps.now ?? systemClock,
    context,
  })
  return backInStock + reminders
}

export function createWinBackJob(deps: WinBackDeps): BackgroundLoop {
  const log = deps.log ?? ((line: string) => logger.warn(line))
  let restocks: ReturnType<typeof watchRestocks> | null = null
  const loop: BackgroundLoop = backgroundLoop({
    job: 'win-back',
    work: async () => {
      // Stock back by other ways than a back-office save (refund or return restocks, released holds).
      const ids = restocks?.take() ?? []
      if (ids.length) await deps.store.stockAlerts.markInStock(ids)
      return winBackPass(deps, () => loop.stopping)
    },
    nextDueAt: () => deps.store.stockAlerts.nextDueAt(),
    pollMs: deps.pollMs ?? POLL_MS,
    onError: (error) => log(`Win-back mail job failed: ${errorSummary(error)}`),
    listen: (wake) => {
      listeners.add(wake)
      const watch = watchRestocks(deps.store.products, wake)
      restocks = watch
      return () => {
        listeners.delete(wake)
        watch.stop()
      }
    },
  })
  return loop
}

/** The process's job, started once at server start-up (through `remix dev` rebuilds too). */
export function runWinBackJob(): Promise<BackgroundLoop> {
  return rememberPromise('win-back-job', async () => {
    const job = createWinBackJob({ store: await getStore() })
    job.start()
    return job
  })
}

/** Stops the process's job (the server's shutdown): the request in hand finishes. */
export async function stopWinBackJob(): Promise<void> {
  try {
    await (await runWinBackJob()).stop()
  } catch (error) {
    logger.warn(`Win-back mail job did not stop cleanly: ${errorSummary(error)}`)
  }
}
