import { timingSafeEqual, createHash } from 'node:crypto'

import { remember } from '@epic-web/remember'
import { Gauge } from 'prom-client'

import { getCatalog } from '~/lib/catalog/catalog.server'
import { systemClock, type Clock } from '~/lib/clock'
import { getStore } from '~/lib/data/index.server'
import type { Store } from '~/lib/data/store'
import { errorSummary, logger } from '~/lib/log.server'

import { metrics, type ShopMetrics } from './metrics.server'

/** A gauge read from the store gives up after this long: a slow store must not hang the scrape. */
export const STORE_READ_TIMEOUT_MS = 2_000

/** What the store-backed gauges read; the process's store and catalogue by default. */
export type ScrapeSources = {
  store: () => Promise<Pick<Store, 'outbox'>>
  catalogSize: () => Promise<number>
  clock?: Clock
  timeoutMs?: number
}

const defaultSources: ScrapeSources = {
  store: getStore,
  catalogSize: async () => (await getCatalog()).size,
}

/**
 * Adds the gauges read when scraped (collect callbacks): the outbox's depth, its most overdue
 * message's wait, its failed mail, and the catalogue index's size. A reading that fails or times
 * out is NaN for that scrape (unknown, never a stale value) and logs one warning.
 */
export function addStoreGauges(target: ShopMetrics, sources: ScrapeSources): void {
  const clock = sources.clock ?? systemClock
  const timeoutMs = sources.timeoutMs ?? STORE_READ_TIMEOUT_MS
  const registers = [target.registry]
  const reading = <T>(what: string, read: () => Promise<T>) => withTimeout(what, read, timeoutMs)
  new Gauge({
    name: 'shop_outbox_depth',
    help: 'Mail waiting in the outbox: pending or being sent.',
    registers,
    async collect() {
      const count = await reading('outbox depth', async () => {
        const { outbox } = await sources.store()
        const [pending, sending] = await Promise.all([
          outbox.list({ offset: 0, limit: 1, status: 'pending' }),
          outbox.list({ offset: 0, limit: 1, status: 'sending' }),
        ])
        return pending.total + sending.total
      })
      if (count === null) this.set(Number.NaN)
      else this.set(count.value)
    },
  })
  new Gauge({
    name: 'shop_outbox_oldest_due_seconds',
    help: 'How long the most overdue outbox message has waited past its due time (0: none overdue).',
    registers,
    async collect() {
      const next = await reading('outbox oldest', async () =>
        (await sources.store()).outbox.nextDueAt(),
      )
      if (next === null) return this.set(Number.NaN)
      const overdue = next.value === null ? 0 : (clock().getTime() - Date.parse(next.value)) / 1000
      this.set(Math.max(0, overdue))
    },
  })
  new Gauge({
    name: 'shop_outbox_failed',
    help: 'Mail that failed for good (staff can see and resend it at /admin/messages).',
    registers,
    async collect() {
      const failed = await reading('outbox failed', async () =>
        (await sources.store()).outbox.countFailed(),
      )
      if (failed === null) this.set(Number.NaN)
      else this.set(failed.value)
    },
  })
  new Gauge({
    name: 'shop_catalog_index_products',
    help: "Products in this instance's in-memory catalogue index.",
    registers,
    async collect() {
      const size = await reading('catalogue size', sources.catalogSize)
      if (size === null) this.set(Number.NaN)
      else this.set(size.value)
    },
  })
}

/** `read`'s value (wrapped, so a null value is told from a failure), or null past `ms` or on error. */
async function withTimeout<T>(
  what: string,
  read: () => Promise<T>,
  ms: number,
): Promise<{ value: T } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms)
  })
  try {
    const value = await Promise.race([read().then((v) => ({ value: v })), timedOut])
    if (value === null) logger.warn(`Metrics: the ${what} was not read within ${ms} ms`)
    return value
  } catch (error) {
    logger.warn(`Metrics: the ${what} could not be read: ${errorSummary(error)}`)
    return null
  } finally {
    clearTimeout(timer)
  }
}

/** The process's metrics with the store-backed gauges added once. */
const scraped = remember('metrics-store-gauges', () => {
  addStoreGauges(metrics, defaultSources)
  return metrics
})

/** True when `given` is the token, compared in constant time (hashes first: equal lengths). */
export function tokenMatches(given: string, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(token))
}

/**
 * GET /metrics's answer: 404 without METRICS_TOKEN (as if there were no such page), 401 without
 * `Authorization: Bearer {METRICS_TOKEN}`, else every metric in Prometheus's text format.
 */
export async function metricsResponse(
  request: Request,
  token: string | null,
  target: ShopMetrics = scraped,
): Promise<Response> {
  const noStore = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' }
  if (!token) return new Response('Not Found', { status: 404, headers: noStore })
  const given = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim()
  if (!given || !tokenMatches(given, token)) {
    return new Response('Unauthorized: send Authorization: Bearer <METRICS_TOKEN>.', {
      status: 401,
      headers: { ...noStore, 'WWW-Authenticate': 'Bearer realm="metrics"' },
    })
  }
  return new Response(await target.registry.metrics(), {
    headers: { 'Content-Type': target.registry.contentType, 'Cache-Control': 'no-store' },
  })
}
