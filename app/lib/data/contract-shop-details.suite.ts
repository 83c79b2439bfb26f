import { describe, expect, it } from 'vitest'

import { newOrderId } from '~/lib/orders/id.server'
import type { ShopDetails } from '~/lib/legal/shop-details'

import { draft, manualClock, product, storePerTest, type ContractHarness } from './contract.suite'
import type { Store } from './store'

const T0 = '2025-03-01T10:00:00.000Z'
const T1 = '2025-03-02T08:30:00.000Z'
const STAFF = 'nomsa@shop.example.co.za'

const VLEI: ShopDetails = {
  legalName: 'Vlei Trading CC',
  tradingName: 'Vlei',
  address: ['4 Main Road', 'Sedgefield', '6573'],
  email: 'hello@vlei.example',
  phone: '044 343 0000',
  vatNumber: '4123456789',
  registrationNumber: '2001/000001/23',
}

/** The shop's legal details (/admin/settings) and the buyer's VAT number on an order. */
export function describeShopDetailsContract(name: string, harness: ContractHarness): void {
  describe(`shop details contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })

    it('holds none before staff save, then the details whole, stamped with the clock and staff', async () => {
      expect(await store.shopDetails.get()).toBeNull()
      clock.set(T1)
      const saved = await store.shopDetails.save(VLEI, { by: STAFF })
      expect(saved).toEqual({ ...VLEI, updatedAt: T1, updatedBy: STAFF })
      expect(await store.shopDetails.get()).toEqual(saved)

      const unregistered = {
        ...VLEI,
        vatNumber: null,
        registrationNumber: null,
        address: ['1 A St', 'B'],
      }
      await store.shopDetails.save(unregistered, { by: 'other@shop.example.co.za' })
      expect(await store.shopDetails.get()).toEqual({
        ...unregistered,
        updatedAt: T1,
        updatedBy: 'other@shop.example.co.za',
      })
    })

    it('keeps the buyer’s VAT number on the order, and none when not given', async () => {
      await store.products.upsertMany([product('rusks', { stock: 10 })])
      const withVat = await store.orders.place(
        { ...draft([{ productId: 'rusks', quantity: 1 }]), buyerVatNumber: '4123456789' },
        newOrderId(),
      )
      expect(withVat.buyerVatNumber).toBe('4123456789')
      expect((await store.orders.get(withVat.id))?.buyerVatNumber).toBe('4123456789')
      const without = await store.orders.place(
        draft([{ productId: 'rusks', quantity: 1 }]),
        newOrderId(),
      )
      expect((await store.orders.get(without.id))?.buyerVatNumber).toBeNull()
    })
  })
}
