import { remember } from '@epic-web/remember'

import { backgroundLoop } from '~/lib/background-loop.server'
import { systemClock, type Clock } from '~/lib/clock'
import { getStore } from '~/lib/data/index.server'
import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import { env } from '~/lib/env.server'
import { errorSummary, logger } from '~/lib/log.server'
import { metrics } from '~/lib/metrics/metrics.server'
import { mailForOrderMove } from '~/lib/mail/messages.server'
import { moveOrder, type OrderMailComposer } from '~/lib/orders/move.server'
import { rememberPromise } from '~/lib/remember.server'
import { inJobScope } from '~/lib/request-scope.server'

import {
  bobgo,
  BobgoError,
  isLiveShipment,
  type BobgoClient,
  type BobgoParcelFacts,
} from './bobgo.server'
import type { TrackedShipment } from './types'

/*
 * Orders to Bob Go and tracking back (docs/contracts.md "Shipping": Bob Go). A paid order that goes
 * by courier is marked for sync when its payment lands (markPaidOrderForBobgo, a store write only);
 * the sync job in each server process claims due ones (so two instances never send one order),
 * creates them in Bob Go (idempotent on channel_ref_id) and retries failures with backoff. Bob Go's
 * shipments come back through the webhook (bobgo.webhook.ts), the hourly reconciliation here and
 * staff's resync, all through refreshShipments: store them, and move the order to shipped once.
 */

/** Minutes to wait after the 1st, 2nd, ... failed attempt; after the last, the sync has failed. */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360] as const
/** How long a claim holds an order: longer than one attempt can take (the client's timeouts). */
export const CLAIM_LEASE_MS = 5 * 60_000
/** How often the job looks for syncs made due by other instances. */
export const POLL_MS = 60_000
/** How often synced orders on their way are checked against Bob Go (missed webhooks). */
export const RECONCILE_EVERY_MS = 60 * 60_000
/** Orders per reconciliation batch. */
export const RECONCILE_BATCH = 100
/** The history note of the move Bob Go's shipment makes. */
export const SHIPPED_BY_BOBGO_NOTE = 'Shipped with Bob Go'

/** When to try again after failed attempt number `attempts` (1-based); null: failed for good. */
export function retryAt(attempts: number, now: Date): string | null {
  const minutes = RETRY_DELAYS_MINUTES[attempts - 1]
  return minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000).toISOString()
}

/** Whether Bob Go delivers this order: delivery to the door (table rates or a Bob Go rate). */
export function goesByBobgo(order: Pick<Order, 'shipping'>): boolean {
  const kind = order.shipping?.kind ?? 'standard'
  return kind === 'standard' || kind === 'bobgo'
}

export type BobgoSyncDeps = {
  store: Pick<Store, 'bobgo' | 'orders' | 'products' | 'shipping'>
  client: Pick<BobgoClient, 'createOrder' | 'orderFulfillments'>
  /** The mail the ship move causes; default the shop's (the buyer's shipped mail). */
  mail?: OrderMailComposer
  /** The clock retries are timed by; default the system's (the store judges what is due by its own). */
  now?: Clock
  /** Where failures are noted (one line each, no secrets); default the logger, as a warning. */
  log?: (line: string) => void
}

// --- Waking the job -----------------------------------------------------------------------------

// Process-wide (through `remix dev` rebuilds), so the job started by one build hears the next.
const listeners = remember('bobgo-sync-listeners', () => new Set<() => void>())

/** Tells this process's sync job that an order was marked (call after the write committed). */
export function bobgoSyncWanted(): void {
  for (const listener of listeners) listener()
}

/**
 * The payment step: marks a paid order for the sync job when Bob Go is configured and the order
 * goes by courier, then wakes the job. A store write only, never a call to Bob Go; never throws
 * (a failure is logged, and staff can send the order from its page). True when marked.
 */
export async function markPaidOrderForBobgo(
  store: Pick<Store, 'bobgo' | 'orders'>,
  orderId: string,
  configured = env.bobgo !== null,
): Promise<boolean> {
  if (!configured) return false
  try {
    const order = await store.orders.get(orderId)
    if (!order || !goesByBobgo(order)) return false
    const marked = await store.bobgo.markForSync(orderId)
    if (marked) bobgoSyncWanted()
    return marked
  } catch (error) {
    logger.warn(`Bob Go: order ${orderId} not marked for sync: ${errorSummary(error)}`)
    return false
  }
}

/**
 * What the ITN does for Bob Go once it has settled an order: a payment that made it `paid` marks
 * it (markPaidOrderForBobgo); anything else, nothing. Never throws.
 */
export async function bobgoAfterItn(
  store: Pick<Store, 'bobgo' | 'orders'>,
  result: { outcome: string; status?: Order['status']; orderId?: string },
  configured = env.bobgo !== null,
): Promise<boolean> {
  if (result.outcome !== 'accepted' || result.status !== 'paid' || !result.orderId) return false
  return markPaidOrderForBobgo(store, result.orderId, configured)
}

// --- One order ----------------------------------------------------------------------------------

/** The parcel facts of the order's lines, from their variants now (default weight when unknown). */
async function parcelFacts(
  store: BobgoSyncDeps['store'],
  order: Order,
): Promise<Map<string, BobgoParcelFacts>> {
  const [products, settings] = await Promise.all([
    store.products.getMany([...new Set(order.lines.map((line) => line.productId))]),
    store.shipping.get(),
  ])
  const facts = new Map<string, BobgoParcelFacts>()
  for (const line of order.lines) {
    const variant = products
      .find((product) => product.id === line.productId)
      ?.variants.find((candidate) => candidate.id === line.variantId)
    facts.set(line.variantId, {
      weightGrams: variant?.weightGrams ?? settings.defaultWeightGrams,
      lengthCm: variant?.lengthCm ?? null,
      widthCm: variant?.widthCm ?? null,
      heightCm: variant?.heightCm ?? null,
    })
  }
  return facts
}

export type SyncOutcome = 'synced' | 'retrying' | 'failed'

/** Sends one claimed order to Bob Go and records the outcome on it. */
export async function syncOrder(deps: BobgoSyncDeps, order: Order): Promise<SyncOutcome> {
  const log = deps.log ?? ((line: string) => logger.warn(line))
  const attempts = order.bobgo?.attempts ?? 1
  try {
    const bobgoOrderId = await deps.client.createOrder(order, await parcelFacts(deps.store, order))
    await deps.store.bobgo.recordSynced(order.id, bobgoOrderId)
    logger.info({ orderId: order.id }, `Bob Go: order ${order.id} synced (attempt ${attempts})`)
    return 'synced'
  } catch (error) {
    const reason = error instanceof Error ? error.message : errorSummary(error)
    const retryable = !(error instanceof BobgoError) || error.retryable
    const next = retryable ? retryAt(attempts, (deps.now ?? systemClock)()) : null
    await deps.store.bobgo.recordFailure(order.id, reason, next)
    metrics.bobgoSyncFailures.inc()
    log(
      `Bob Go: order ${order.id} not synced (attempt ${attempts}): ${reason}; ` +
        (next ? `next try at ${next}` : 'failed for good (staff can resync it)'),
    )
    return next ? 'retrying' : 'failed'
  }
}

export type RefreshOutcome =
  | { outcome: 'refreshed'; order: Order; shipped: boolean }
  /** The order is not (yet) in Bob Go: nothing to fetch. */
  | { outcome: 'not-synced'; order: Order | null }
  | { outcome: 'unavailable'; reason: string }

/** The first shipment that can ship the order: live, with a courier and a tracking number. */
export function shippingShipment(shipments: readonly TrackedShipment[]): TrackedShipment | null {
  return (
    shipments.find(
      (shipment) => isLiveShipment(shipment) && shipment.courier && shipment.trackingNumber,
    ) ?? null
  )
}

/**
 * Fetches Bob Go's shipments for the order, stores them (replacing the last ones), and moves a paid
 * or processing order to shipped once a live shipment has a tracking number: through the order
 * module, so the buyer's shipped mail is written once, with the move. Throws nothing: Bob Go
 * failing is `unavailable` and nothing is changed.
 */
export async function refreshShipments(
  deps: BobgoSyncDeps,
  orderId: string,
): Promise<RefreshOutcome> {
  const order = await deps.store.orders.get(orderId)
  const bobgoOrderId = order?.bobgo?.state === 'synced' ? order.bobgo.bobgoOrderId : null
  if (!order || !bobgoOrderId) return { outcome: 'not-synced', order }
  let shipments: TrackedShipment[]
  try {
    shipments = await deps.client.orderFulfillments(bobgoOrderId)
  } catch (error) {
    return {
      outcome: 'unavailable',
      reason: error instanceof Error ? error.message : String(error),
    }
  }
  const saved = (await deps.store.bobgo.saveShipments(orderId, shipments)) ?? order
  const shipment = shippingShipment(shipments)
  if (!shipment || (saved.status !== 'paid' && saved.status !== 'processing')) {
    return { outcome: 'refreshed', order: saved, shipped: false }
  }
  const moved = await moveOrder(
    { orders: deps.store.orders, mail: deps.mail ?? mailForOrderMove },
    orderId,
    {
      move: 'ship',
      shipment: { courier: shipment.courier, trackingNumber: shipment.trackingNumber },
      note: SHIPPED_BY_BOBGO_NOTE,
    },
  )
  return {
    outcome: 'refreshed',
    order: moved.order ?? saved,
    shipped: moved.outcome === 'moved',
  }
}

// --- The job ------------------------------------------------------------------------------------

export type BobgoSyncJob = {
  /** Syncs what is due now, then keeps going (next due, this process's marks, every POLL_MS). */
  start(): void
  /** Looks for due syncs soon. */
  wake(): void
  /** Syncs every order due now, one claim at a time; resolves when none is left. */
  syncDue(): Promise<{ synced: number; retrying: number; failed: number }>
  /** Checks every synced order still on its way against Bob Go (the hourly safety net). */
  reconcile(): Promise<{ checked: number; shipped: number; unavailable: number }>
  /** Finishes the order in hand and stops. */
  stop(): Promise<void>
}

export function createBobgoSyncJob(
  deps: BobgoSyncDeps & { pollMs?: number; reconcileEveryMs?: number },
): BobgoSyncJob {
  const log = deps.log ?? ((line: string) => logger.warn(line))
  const pollMs = deps.pollMs ?? POLL_MS
  const reconcileEveryMs = deps.reconcileEveryMs ?? RECONCILE_EVERY_MS
  const now = deps.now ?? systemClock
  let reconcileTimer: NodeJS.Timeout | undefined

  async function syncAllDue() {
    const done = { synced: 0, retrying: 0, failed: 0 }
    while (!loop.stopping) {
      const [order] = await deps.store.bobgo.claimDue(CLAIM_LEASE_MS, 1)
      if (!order) break
      done[await syncOrder(deps, order)] += 1
    }
    return done
  }

  async function reconcileAll() {
    const done = { checked: 0, shipped: 0, unavailable: 0 }
    let after: string | null = null
    while (!loop.stopping) {
      const batch = await deps.store.bobgo.listInTransit(after, RECONCILE_BATCH)
      for (const order of batch) {
        if (loop.stopping) break
        const result = await refreshShipments(deps, order.id)
        done.checked += 1
        if (result.outcome === 'refreshed' && result.shipped) done.shipped += 1
        if (result.outcome === 'unavailable') {
          done.unavailable += 1
          metrics.bobgoSyncFailures.inc()
          log(`Bob Go reconciliation: order ${order.id} not checked: ${result.reason}`)
        }
      }
      if (batch.length < RECONCILE_BATCH) break
      after = batch[batch.length - 1]!.id
    }
    return done
  }

  // A mark is announced after its write committed: a wake looks on the next turn.
  const loop = backgroundLoop({
    job: 'bobgo-sync',
    work: syncAllDue,
    nextDueAt: () => deps.store.bobgo.nextDueAt(),
    pollMs,
    clock: now,
    onError: (error) => log(`Bob Go sync: the store is unreachable: ${errorSummary(error)}`),
    listen(wake) {
      listeners.add(wake)
      return () => void listeners.delete(wake)
    },
  })

  function reconcileLater() {
    reconcileTimer = setTimeout(() => {
      void inJobScope('bobgo-sync', () =>
        loop
          .track(reconcileAll())
          .catch((error: unknown) => log(`Bob Go reconciliation failed: ${errorSummary(error)}`))
          .finally(() => {
            if (!loop.stopping) reconcileLater()
          }),
      )
    }, reconcileEveryMs)
    reconcileTimer.unref()
  }

  return {
    start() {
      if (loop.started) return
      loop.start()
      reconcileLater()
    },
    wake: () => loop.wake(),
    syncDue: () => loop.track(syncAllDue()),
    reconcile: () => loop.track(reconcileAll()),
    async stop() {
      clearTimeout(reconcileTimer)
      await loop.stop()
    },
  }
}

/** The process's dependencies: the store and the client from the environment; null when off. */
export async function processBobgoDeps(): Promise<BobgoSyncDeps | null> {
  const client = bobgo()
  return client ? { store: await getStore(), client } : null
}

/**
 * The process's sync job, started once (through `remix dev` rebuilds too) at server start-up; null
 * when Bob Go is not configured. A failed start (store unreachable) is tried again on the next call.
 */
export function runBobgoSync(): Promise<BobgoSyncJob | null> {
  return rememberPromise('bobgo-sync', async () => {
    const deps = await processBobgoDeps()
    if (!deps) return null
    const job = createBobgoSyncJob(deps)
    job.start()
    return job
  })
}

/** Stops the process's job, if one runs (the server's shutdown): the order in hand finishes. */
export async function stopBobgoSync(): Promise<void> {
  try {
    await (await runBobgoSync())?.stop()
  } catch (error) {
    logger.warn(`Bob Go sync did not stop cleanly: ${errorSummary(error)}`)
  }
}
