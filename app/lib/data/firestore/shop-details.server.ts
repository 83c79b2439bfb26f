import type { SavedShopDetails } from '~/lib/legal/shop-details'

import type { ShopDetailsStore } from '../store'
import type { FirestoreContext } from './context.server'

/** The document `settings/shop-details`: the whole SavedShopDetails, written whole by each save. */
const SHOP_DETAILS_DOC = 'shop-details'

export function createShopDetailsStore(context: FirestoreContext): ShopDetailsStore {
  const ref = context.col.settings.doc(SHOP_DETAILS_DOC)
  return {
    async get() {
      const snap = await ref.get()
      return snap.exists ? (snap.data() as SavedShopDetails) : null
    },
    async save(details, audit) {
      // Named fields only, nulls not undefined: Firestore refuses undefined.
      const saved: SavedShopDetails = {
        legalName: details.legalName,
        tradingName: details.tradingName,
        address: [...details.address],
        email: details.email,
        phone: details.phone,
        vatNumber: details.vatNumber ?? null,
        registrationNumber: details.registrationNumber ?? null,
        updatedAt: context.now(),
        updatedBy: audit.by,
      }
      await ref.set(saved)
      return saved
    },
  }
}
