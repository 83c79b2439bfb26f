import type { Store } from '~/lib/data/store'
import { env, type Env } from '~/lib/env.server'

import { DEMO_SHOP_DETAILS, type ShopDetails } from './shop-details'

export type { SavedShopDetails, ShopDetails } from './shop-details'

/**
 * The shop's details before staff save any: SHOP_LEGAL_NAME, SHOP_ADDRESS and SHOP_VAT_NUMBER over
 * the demo shop's. NOTE: once SHOP_LEGAL_NAME names a real shop, the demo's VAT and registration
 * numbers no longer apply: it is VAT registered only when SHOP_VAT_NUMBER says so.
 */
export function shopDetailsFromEnv(
  shop: Env['shop'] = env.shop,
  email = env.mail.shopEmail,
): ShopDetails {
  const realShop = Boolean(shop.legalName)
  return {
    legalName: shop.legalName || DEMO_SHOP_DETAILS.legalName,
    tradingName: shop.legalName || DEMO_SHOP_DETAILS.tradingName,
    address: shop.address?.length ? shop.address : [...DEMO_SHOP_DETAILS.address],
    email,
    phone: DEMO_SHOP_DETAILS.phone,
    vatNumber: shop.vatNumber ?? (realShop ? null : DEMO_SHOP_DETAILS.vatNumber),
    registrationNumber: realShop ? null : DEMO_SHOP_DETAILS.registrationNumber,
  }
}

/**
 * The shop's legal details for invoices and the legal pages: as staff saved them at
 * /admin/settings, else from the environment, else the demo shop's. VAT registered when
 * `vatNumber` is not null.
 */
export async function loadShopDetails(store: Store): Promise<ShopDetails> {
  const saved = await store.shopDetails.get()
  if (!saved) return shopDetailsFromEnv()
  const { updatedAt: _at, updatedBy: _by, ...details } = saved
  return details
}
