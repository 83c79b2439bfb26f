import { describe, expect, it } from 'vitest'

import { manualClock } from '~/lib/clock.test-helper'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import { EnvError, parseEnv } from '~/lib/env.server'

import { DEMO_SHOP_DETAILS, isVatNumber } from './shop-details'
import { loadShopDetails, shopDetailsFromEnv } from './shop-details.server'

describe('the shop details', () => {
  it('are the demo shop’s, VAT registered, with nothing configured or saved', async () => {
    const store = memoryStore()
    const details = await loadShopDetails(store)
    expect(details).toMatchObject({
      legalName: DEMO_SHOP_DETAILS.legalName,
      address: DEMO_SHOP_DETAILS.address,
      vatNumber: DEMO_SHOP_DETAILS.vatNumber,
    })
    await store.close()
  })

  it('come from SHOP_LEGAL_NAME and SHOP_ADDRESS; a real shop without SHOP_VAT_NUMBER issues no VAT', () => {
    const env = parseEnv({
      SHOP_LEGAL_NAME: ' Vlei Trading CC ',
      SHOP_ADDRESS: '4 Main Road, Sedgefield, 6573',
      SHOP_EMAIL: 'hello@vlei.example',
    })
    const details = shopDetailsFromEnv(env.shop, env.mail.shopEmail)
    expect(details).toMatchObject({
      legalName: 'Vlei Trading CC',
      address: ['4 Main Road', 'Sedgefield', '6573'],
      email: 'hello@vlei.example',
      vatNumber: null,
      registrationNumber: null,
    })
    const registered = parseEnv({
      SHOP_LEGAL_NAME: 'Vlei Trading CC',
      SHOP_VAT_NUMBER: '412 345 6789',
    })
    expect(shopDetailsFromEnv(registered.shop).vatNumber).toBe('4123456789')
  })

  it('refuse a SHOP_VAT_NUMBER that is not 10 digits starting with 4, naming the variable', () => {
    for (const bad of ['123456789', '5123456789', '41234567890', '41234abcde']) {
      expect(() => parseEnv({ SHOP_VAT_NUMBER: bad })).toThrow(EnvError)
      expect(() => parseEnv({ SHOP_VAT_NUMBER: bad })).toThrow(/SHOP_VAT_NUMBER: .*10 digits/)
    }
    expect(isVatNumber('4123456789')).toBe(true)
    expect(isVatNumber('4123-456-789')).toBe(true)
  })

  it('are what staff saved, once saved, with who and when kept', async () => {
    const clock = manualClock('2026-03-02T08:00:00Z')
    const store = memoryStore({ now: clock.now })
    const saved = await store.shopDetails.save(
      {
        legalName: 'Vlei Trading CC',
        tradingName: 'Vlei',
        address: ['4 Main Road', 'Sedgefield'],
        email: 'hello@vlei.example',
        phone: '044 343 0000',
        vatNumber: null,
        registrationNumber: '2001/000001/23',
      },
      { by: 'staff-1' },
    )
    expect(saved).toMatchObject({ updatedBy: 'staff-1', updatedAt: '2026-03-02T08:00:00.000Z' })
    expect(await loadShopDetails(store)).toEqual({
      legalName: 'Vlei Trading CC',
      tradingName: 'Vlei',
      address: ['4 Main Road', 'Sedgefield'],
      email: 'hello@vlei.example',
      phone: '044 343 0000',
      vatNumber: null,
      registrationNumber: '2001/000001/23',
    })
    await store.close()
  })
})
