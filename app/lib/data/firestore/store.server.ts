import type { App } from 'firebase-admin/app'
import type { Firestore } from 'firebase-admin/firestore'

import { systemClock } from '~/lib/clock'

import type { Store } from '../store'
import { createAddressBookStore } from './addresses.server'
import { closeFirestore, firestoreFor } from './app.server'
import { createBobgoStore } from './bobgo.server'
import { createCartStore } from './carts.server'
import { createConsentStore } from './consents.server'
import { createContentCopyStore } from './content-copies.server'
import { createFirestoreContext } from './context.server'
import { createCredentialStore } from './credentials.server'
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

export type FirestoreStoreOptions = {
  /** The clock every write without an explicit time stamps with; tests pass a fake one. */
  now?: () => Date
}

export function openFirestoreStore(projectId: string, options: FirestoreStoreOptions = {}): Store {
  const { app, db } = firestoreFor(projectId)
  return createFirestoreStore(db, app, options)
}

/** Every store over one Firestore database; closing stops the snapshot listeners and the app. */
export function createFirestoreStore(
  db: Firestore,
  app: App,
  { now = systemClock }: FirestoreStoreOptions = {},
): Store {
  const context = createFirestoreContext(db, now)
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
    async close() {
      for (const stop of context.snapshotStops) stop()
      context.snapshotStops.clear()
      await closeFirestore(app)
    },
  }
}
