import { describe, expect, it } from 'vitest'

import {
  backInStockKey,
  mailDueStockAlerts,
  markRestocked,
} from '~/lib/win-back/back-in-stock.server'

import { manualClock, shirt, storePerTest, type ContractHarness } from './contract.suite'
import type { StockAlert } from './stock-alerts'
import type { Store } from './store'
import type { OutboxDraft, Product, ProductVariant } from './types'
import { variantIdFor } from './variants'

const T0 = '2025-03-01T10:00:00.000Z'
const minutes = (n: number, from = T0) => new Date(Date.parse(from) + n * 60_000).toISOString()

const M_BLACK = variantIdFor('tee', ['M', 'Black'])
const S_BLACK = variantIdFor('tee', ['S', 'Black'])

/** A plain draft per request: what the job writes, without the mail's rendering. */
const compose = (alert: StockAlert, product: Product, variant: ProductVariant): OutboxDraft => ({
  key: backInStockKey(alert.id),
  to: alert.email,
  replyTo: null,
  subject: `Back: ${product.name} ${variant.optionValues.join(' / ')}`,
  text: 'back',
  html: '<p>back</p>',
  orderId: null,
})

/**
 * "Email me when it's back" every data adapter must keep: one request per email and variant, one
 * mail per request once the variant is restocked, then the request is gone; claims never overlap.
 */
export function describeStockAlertsContract(name: string, harness: ContractHarness): void {
  describe(`stock alerts contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([shirt('tee', { [M_BLACK]: 0, [S_BLACK]: 0 })])
      return store
    })
    const ask = (email: string, variantId = M_BLACK, userId: string | null = null) =>
      store.stockAlerts.request({ email, userId, productId: 'tee', variantId })
    /** Stock as the back office saves it, then what the save does for the requests. */
    const restock = async (stock: Record<string, number>) => {
      const product = (await store.products.get('tee'))!
      const variants = product.variants.map((v) => ({ ...v, stock: stock[v.id] ?? v.stock }))
      await store.products.upsertMany([{ ...product, variants }])
      return markRestocked(store, (await store.products.get('tee'))!)
    }
    const pass = () => mailDueStockAlerts({ store, compose })
    const backInStockMail = async () =>
      (await store.outbox.list({ offset: 0, limit: 50 })).items.filter((m) =>
        m.key.startsWith('back-in-stock:'),
      )

    it('keeps one request per email, whatever its case, and variant, as first asked', async () => {
      const first = await ask('Thandi@Example.co.za', M_BLACK, 'u1')
      expect(first.created).toBe(true)
      expect(first.alert).toMatchObject({
        email: 'thandi@example.co.za',
        userId: 'u1',
        productId: 'tee',
        variantId: M_BLACK,
        requestedAt: T0,
        dueAt: null,
      })
      clock.set(minutes(5))
      const again = await ask('thandi@example.co.za ')
      expect(again).toEqual({ alert: first.alert, created: false })
      expect((await ask('thandi@example.co.za', S_BLACK)).created).toBe(true)
      expect((await ask('sipho@example.co.za')).created).toBe(true)
      expect(
        (await store.stockAlerts.listForEmail('THANDI@example.co.za')).map((a) => a.variantId),
      ).toEqual([M_BLACK, S_BLACK])
    })

    it('mails each request once when its variant is restocked, then forgets it', async () => {
      const thandi = (await ask('thandi@example.co.za')).alert
      const sipho = (await ask('sipho@example.co.za')).alert
      await ask('lerato@example.co.za', S_BLACK)
      expect(await store.stockAlerts.nextDueAt()).toBeNull()
      expect(await pass()).toBe(0)

      clock.set(minutes(60))
      expect(await restock({ [M_BLACK]: 4 })).toBe(2)
      expect(await store.stockAlerts.nextDueAt()).toBe(minutes(60))
      expect(await pass()).toBe(2)
      expect((await backInStockMail()).map((m) => [m.key, m.to]).sort()).toEqual(
        [
          [backInStockKey(thandi.id), 'thandi@example.co.za'],
          [backInStockKey(sipho.id), 'sipho@example.co.za'],
        ].sort(),
      )
      // Forgotten: another save or pass mails nobody again; the S request still waits.
      expect(await restock({ [M_BLACK]: 6 })).toBe(0)
      expect(await pass()).toBe(0)
      expect(await store.stockAlerts.listForEmail('thandi@example.co.za')).toEqual([])
      expect(await store.stockAlerts.listForEmail('lerato@example.co.za')).toHaveLength(1)
      expect(await backInStockMail()).toHaveLength(2)

      // Sold out again and asked again: the next restock mails that new request once more.
      clock.set(minutes(120))
      await restock({ [M_BLACK]: 0 })
      const later = await ask('thandi@example.co.za')
      expect(later.created).toBe(true)
      expect(later.alert.id).not.toBe(thandi.id)
      await restock({ [M_BLACK]: 1 })
      expect(await pass()).toBe(1)
      expect(await backInStockMail()).toHaveLength(3)
    })

    it('hands a due request to one claimer at a time, and again only once its claim ran out', async () => {
      await ask('thandi@example.co.za')
      await ask('sipho@example.co.za')
      await restock({ [M_BLACK]: 2 })
      const [a, b] = await Promise.all([
        store.stockAlerts.claimDue(60_000, 10),
        store.stockAlerts.claimDue(60_000, 10),
      ])
      const ids = [...a!, ...b!].map((alert) => alert.id)
      expect(ids).toHaveLength(2)
      expect(new Set(ids).size).toBe(2)
      expect(await store.stockAlerts.claimDue(60_000, 10)).toEqual([])
      expect(await store.stockAlerts.nextDueAt()).toBe(minutes(1))

      // A job that died after writing one mail: once the claim runs out, the next pass finishes
      // the work without mailing that request twice.
      const claimed = [...a!, ...b!][0]!
      const product = (await store.products.get('tee'))!
      await store.outbox.enqueue(compose(claimed, product, product.variants[0]!))
      clock.set(minutes(2))
      expect(await pass()).toBe(1)
      expect(await backInStockMail()).toHaveLength(2)
      expect(await store.stockAlerts.nextDueAt()).toBeNull()
    })

    it('forgets without a mail a request whose product went off sale before its mail', async () => {
      await ask('thandi@example.co.za')
      await restock({ [M_BLACK]: 2 })
      const product = (await store.products.get('tee'))!
      await store.products.upsertMany([{ ...product, active: false }])
      expect(await pass()).toBe(0)
      expect(await store.stockAlerts.listForEmail('thandi@example.co.za')).toEqual([])
      expect(await backInStockMail()).toEqual([])
    })

    it("erases an email's requests and no other's", async () => {
      await ask('thandi@example.co.za')
      await ask('Thandi@example.co.za', S_BLACK)
      await ask('sipho@example.co.za')
      expect(await store.stockAlerts.eraseForEmail('THANDI@example.co.za')).toBe(2)
      expect(await store.stockAlerts.listForEmail('thandi@example.co.za')).toEqual([])
      expect(await store.stockAlerts.listForEmail('sipho@example.co.za')).toHaveLength(1)
    })
  })
}
