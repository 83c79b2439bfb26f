import { systemClock, type Clock } from '~/lib/clock'
import type { Order } from '~/lib/data/types'
import { env } from '~/lib/env.server'

import { bobgo, type BobgoClient, type ConnectionResult } from './bobgo.server'
import {
  bobgoSyncWanted,
  goesByBobgo,
  refreshShipments,
  type BobgoSyncDeps,
} from './bobgo-sync.server'

/*
 * The back office's Bob Go pieces (docs/contracts.md "Shipping": Bob Go): its status and "test
 * connection" on /admin/shipping, and an order's sync state with "resync" on /admin/orders/:id.
 * The views never carry a credential.
 */

export { BOBGO_RESYNC_INTENT, BOBGO_TEST_INTENT } from './bobgo-admin'

export type BobgoStatusView = {
  configured: boolean
  /** The API base orders and rates go to. */
  apiUrl: string | null
  /** How Bob Go knows this shop (APP_URL, sent as bobgo-channel-identifier). */
  channel: string
  /** Where Bob Go's webhook must point. */
  webhookUrl: string
  webhookSecretSet: boolean
  pargo: { configured: boolean; apiUrl: string | null; demo: boolean }
}

/** What /admin/shipping shows of Bob Go and Pargo: configured or not, and where; no secret. */
export function bobgoStatus(
  settings: Pick<typeof env, 'bobgo' | 'pargo' | 'appUrl' | 'isProduction'> = env,
): BobgoStatusView {
  return {
    configured: settings.bobgo !== null,
    apiUrl: settings.bobgo?.apiUrl ?? null,
    channel: settings.appUrl,
    webhookUrl: `${settings.appUrl}/bobgo/webhook`,
    webhookSecretSet: Boolean(settings.bobgo?.webhookSecret),
    pargo: {
      configured: settings.pargo !== null,
      apiUrl: settings.pargo?.apiUrl ?? null,
      demo: settings.pargo === null && !settings.isProduction,
    },
  }
}

export type BobgoTestResult = ConnectionResult & { testedAt: string }

/**
 * The "Test connection" action (`intent=bobgo-test`): asks Bob Go whether the key works and the
 * channel is enrolled (`GET /v2/webhooks`). /admin/shipping's action returns it as action data.
 */
export async function testBobgoConnection(
  client: Pick<BobgoClient, 'testConnection'> | null = bobgo(),
  now: Clock = systemClock,
): Promise<BobgoTestResult> {
  const result: ConnectionResult = client
    ? await client.testConnection()
    : {
        ok: false,
        reason: 'error',
        message: 'Bob Go is not configured: set BOBGO_API_KEY (and BOBGO_WEBHOOK_SECRET).',
      }
  return { ...result, testedAt: now().toISOString() }
}

export type BobgoOrderPanelView = {
  /** Whether Bob Go is configured at all. */
  configured: boolean
  /** Collection and pickup orders do not go to Bob Go. */
  handled: boolean
  state: 'not-sent' | 'pending' | 'synced' | 'failed'
  stateLabel: string
  bobgoOrderId: string | null
  attempts: number
  lastError: string | null
  dueAt: string | null
  /** What the resync button does, or null when there is nothing it could do. */
  resync: { label: string; hint: string } | null
}

const STATE_LABELS: Record<BobgoOrderPanelView['state'], string> = {
  'not-sent': 'Not sent to Bob Go',
  pending: 'Waiting to be sent',
  synced: 'In Bob Go',
  failed: 'Sending failed',
}

const paid = (order: Pick<Order, 'status'>) =>
  order.status === 'paid' || order.status === 'processing'

/** The order page's Bob Go panel; null when Bob Go is off and never handled the order. */
export function bobgoOrderPanel(
  order: Pick<Order, 'status' | 'shipping' | 'bobgo'>,
  configured = env.bobgo !== null,
): BobgoOrderPanelView | null {
  if (!configured && !order.bobgo) return null
  const sync = order.bobgo
  const state: BobgoOrderPanelView['state'] = sync ? sync.state : 'not-sent'
  const handled = goesByBobgo(order)
  let resync: BobgoOrderPanelView['resync'] = null
  if (configured && handled) {
    if (state === 'synced') {
      resync = {
        label: 'Refresh shipments',
        hint: "Fetches the order's shipments and tracking from Bob Go now.",
      }
    } else if (paid(order)) {
      resync = {
        label: state === 'not-sent' ? 'Send to Bob Go' : 'Resync with Bob Go',
        hint: 'Sends the order to Bob Go within a minute, with a fresh round of retries.',
      }
    }
  }
  return {
    configured,
    handled,
    state,
    stateLabel: handled ? STATE_LABELS[state] : 'Not for Bob Go (collected or a pickup point)',
    bobgoOrderId: sync?.bobgoOrderId ?? null,
    attempts: sync?.attempts ?? 0,
    lastError: sync?.lastError ?? null,
    dueAt: sync?.state === 'pending' ? sync.dueAt : null,
    resync,
  }
}

export type ResyncOutcome = { ok: boolean; message: string }

/**
 * The order page's resync (`intent=bobgo-resync`): an order in Bob Go has its shipments fetched
 * now (and ships if one has a tracking number); a paid one not (yet) in Bob Go is queued for the
 * sync job with a fresh round of retries.
 */
export async function resyncOrder(
  order: Order,
  deps: (Pick<BobgoSyncDeps, 'client' | 'mail'> & { store: BobgoSyncDeps['store'] }) | null,
): Promise<ResyncOutcome> {
  if (!deps) return { ok: false, message: 'Bob Go is not configured (BOBGO_API_KEY)' }
  if (!goesByBobgo(order)) {
    return { ok: false, message: 'Collection and pickup-point orders do not go to Bob Go' }
  }
  if (order.bobgo?.state === 'synced') {
    const result = await refreshShipments(deps, order.id)
    if (result.outcome === 'unavailable') {
      return { ok: false, message: `Bob Go could not be asked: ${result.reason}` }
    }
    if (result.outcome === 'not-synced') return { ok: false, message: 'The order is not in Bob Go' }
    const count = result.order.shipments.length
    return {
      ok: true,
      message: `${count} shipment${count === 1 ? '' : 's'} from Bob Go${result.shipped ? '; order shipped' : ''}`,
    }
  }
  if (!paid(order)) return { ok: false, message: 'Only paid orders go to Bob Go' }
  await deps.store.bobgo.retrySync(order.id)
  bobgoSyncWanted()
  return { ok: true, message: 'Queued for Bob Go: it is sent within a minute' }
}

/** resyncOrder with the process's Bob Go client (null when Bob Go is off). */
export function resyncWithProcessClient(store: BobgoSyncDeps['store'], order: Order) {
  const client = bobgo()
  return resyncOrder(order, client ? { store, client } : null)
}
