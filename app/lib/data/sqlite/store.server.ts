import { systemClock } from '~/lib/clock'

import type { Store } from '../store'
import { createAddressBookStore } from './addresses.server'
import { createBobgoStore } from './bobgo.server'
import { createCartStore } from './carts.server'
import { createConsentStore } from './consents.server'
import { createContentCopyStore } from './content-copies.server'
import { createSqliteContext } from './context.server'
import { createCredentialStore } from './credentials.server'
import { openDatabase, type Db } from './database.server'
import { createDiscountStore } from './discounts.server'
import { createGiftCardStore, createStoreCreditStore } from './gift-cards.server'
import { createLikedStore } from './liked.server'
import { createMessageStore } from './messages.server'
import { createOrderStore } from './orders.server'
import { createOutboxStore } from './outbox.server'
import { createPrivacyRequestStore } from './privacy-requests.server'
import { createProductStore } from './products.server'
import { createRateLimitStore } from './rate-limits.server'
import { createReviewStore } from './reviews.server'
import { createSessionStore } from './sessions.server'
import { createShippingSettingsStore } from './shipping.server'
import { createStockAlertStore } from './stock-alerts.server'
import { createShopDetailsStore } from './shop-details.server'
import { createUserStore } from './users.server'

export type SqliteStoreOptions = {
  /** The clock every write without an explicit time stamps with; tests pass a fake one. */
  now?: () => Date
}

/** Opens (creating and migrating) `${dataDir}/shop.db` and returns every store over it. */
export function openSqliteStore(dataDir: string, options: SqliteStoreOptions = {}): Store {
  return createSqliteStore(openDatabase(dataDir), options)
}

/** Every store over one database. Each prepares its statements here, once per database. */
export function createSqliteStore(db: Db, { now = systemClock }: SqliteStoreOptions = {}): Store {
  const context = createSqliteContext(db, now)
  // Changes only for commits made by other connections: this one's own writes emit change events.
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck()
  const orders = createOrderStore(context)
  return {
    products: createProductStore(context),
    reviews: createReviewStore(context),
    users: createUserStore(context),
    credentials: createCredentialStore(context),
    sessions: createSessionStore(context),
    carts: createCartStore(context),
    liked: createLikedStore(context),
    orders,
    messages: createMessageStore(context),
    outbox: createOutboxStore(context),
    rateLimits: createRateLimitStore(context),
    contentCopies: createContentCopyStore(context),
    shipping: createShippingSettingsStore(context),
    shopDetails: createShopDetailsStore(context),
    addresses: createAddressBookStore(context),
    bobgo: createBobgoStore(context, orders),
    discounts: createDiscountStore(context),
    giftCards: createGiftCardStore(context),
    storeCredit: createStoreCreditStore(context),
    privacyRequests: createPrivacyRequestStore(context),
    stockAlerts: createStockAlertStore(context),
    consents: createConsentStore(context),
    dataVersion: () => dataVersion.get() ?? 0,
    async close() {
      context.emitter.clear()
      if (db.open) db.close()
    },
  }
}
