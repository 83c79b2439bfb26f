import type { Product, ProductVariant, OutboxDraft } from '~/lib/data/types'
import type { Store } from '~/lib/data/store'
import type { StockAlert } from '~/lib/data/stock-alerts'
import { logger } from '~/lib/log.server'
import { backInStockTemplate } from '~/lib/mail/templates/back-in-stock.server'
import type { MailContext } from '~/lib/mail/templates/layout.server'

/*
 * "Email me when it's back" (docs/contracts.md "Customers and privacy"). A shopper asks on a
 * sold-out variant (one request per email and variant); when a back-office save leaves the variant
 * in stock, its requests fall due (markRestocked); the win-back job claims due requests, writes one
 * mail each to the outbox (key `back-in-stock:{requestId}`) and forgets the request.
 */

/** How long a claim holds a request: one pass's mail is written well within it. */
export const ALERT_LEASE_MS = 5 * 60_000
/** Requests claimed per step. */
export const ALERT_BATCH = 25

/** The outbox key of a request's one mail. */
export const backInStockKey = (alertId: string) => `back-in-stock:${alertId}`

/** The variant's page: its options picked. */
export function variantPath(productId: string, variantId: string) {
  return `/shop/${encodeURIComponent(productId)}?variant=${encodeURIComponent(variantId)}`
}

/** The back-in-stock mail for one request (before marketingDraft adds its unsubscribe link). */
export function backInStockMail(
  alert: StockAlert,
  product: Pick<Product, 'id' | 'name' | 'options'>,
  variant: Pick<ProductVariant, 'id' | 'optionValues'>,
  context: MailContext,
): OutboxDraft {
  const mail = backInStockTemplate(
    {
      productName: product.name,
      optionLabel: product.options.length ? variant.optionValues.join(' / ') : '',
      path: variantPath(product.id, variant.id),
    },
    context,
  )
  return { key: backInStockKey(alert.id), to: alert.email, replyTo: null, orderId: null, ...mail }
}

/**
 * A back-office save left these variants in stock: their waiting requests fall due. Never throws
 * (a failure is logged; the save stands). Returns how many fell due.
 */
export async function markRestocked(
  store: Pick<Store, 'stockAlerts'>,
  product: Pick<Product, 'active' | 'variants'>,
  log: (line: string) => void = (line) => logger.warn(line),
): Promise<number> {
  if (!product.active) return 0
  const inStock = product.variants.filter((variant) => variant.stock > 0).map((v) => v.id)
  try {
    return await store.stockAlerts.markInStock(inStock)
  } catch (error) {
    log(`Stock alerts not marked: ${error instanceof Error ? error.message : String(error)}`)
    return 0
  }
}

export type BackInStockDeps = {
  store: Pick<Store, 'stockAlerts' | 'outbox' | 'products'>
  /** Turns a draft into the mail to send: marketingDraft adds the unsubscribe headers and link. */
  compose: (alert: StockAlert, product: Product, variant: ProductVariant) => OutboxDraft
  /** True once the job is stopping: the pass ends between batches. */
  stopping?: () => boolean
}

/**
 * Mails every due request once: claims a batch, writes each one's mail to the outbox (keyed, so a
 * pass that died after writing never mails twice), then forgets it. A request whose product or
 * variant is gone, or off sale, is forgotten without a mail. Returns how many were mailed.
 */
export async function mailDueStockAlerts({
  store,
  compose,
  stopping = () => false,
}: BackInStockDeps): Promise<number> {
  let mailed = 0
  while (!stopping()) {
    const claimed = await store.stockAlerts.claimDue(ALERT_LEASE_MS, ALERT_BATCH)
    if (!claimed.length) break
    const products = await store.products.getMany([...new Set(claimed.map((a) => a.productId))])
    for (const alert of claimed) {
      const product = products.find((candidate) => candidate.id === alert.productId)
      const variant = product?.variants.find((candidate) => candidate.id === alert.variantId)
      if (product?.active && variant) {
        if (await store.outbox.enqueue(compose(alert, product, variant))) mailed += 1
      }
      await store.stockAlerts.forget(alert.id)
    }
  }
  return mailed
}

/**
 * Hears every product change in this process (its own writes, and on Firestore other instances'
 * too) and collects the variants that came back in stock: a refund's or a return's restock, or
 * units an unpaid order held given back. `take()` hands them over once. A variant first heard of
 * in stock counts too (its earlier sell-out may predate this process); marking is idempotent.
 */
export function watchRestocks(
  products: Pick<Store['products'], 'subscribe'>,
  onRestock: () => void,
): { take(): string[]; stop(): void } {
  const lastStock = new Map<string, number>()
  const restocked = new Set<string>()
  const stop = products.subscribe((changes) => {
    for (const change of changes) {
      if (change.type !== 'upsert') continue
      const { product } = change
      for (const variant of product.variants) {
        const stock = product.active ? variant.stock : 0
        const before = lastStock.get(variant.id)
        lastStock.set(variant.id, stock)
        if (stock > 0 && (before === undefined || before <= 0)) restocked.add(variant.id)
      }
    }
    if (restocked.size) onRestock()
  })
  return {
    take() {
      const ids = [...restocked]
      restocked.clear()
      return ids
    },
    stop,
  }
}
