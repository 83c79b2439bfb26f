import { randomBytes } from 'node:crypto'

import { describe, it } from 'vitest'

import { describeOrderLifeContract } from '~/lib/orders/order-life.suite'
import { describeRefundsContract } from '~/lib/orders/refunds.suite'
import { describeReturnsContract } from '~/lib/orders/returns.suite'
import { clearEmulatorProject } from '../../../test/firestore-emulator'

import { describeAddressBookContract } from './contract-addresses.suite'
import { describeBobgoContract } from './contract-bobgo.suite'
import { describeConsentsContract } from './contract-consents.suite'
import { describeCustomerSearchContract } from './contract-customers.suite'
import { describeDocumentsContract } from './contract-documents.suite'
import { describeReportsContract } from './contract-reports.suite'
import { describeStoreContract, type ContractHarness } from './contract.suite'
import { describeBackOfficeOrdersContract } from './orders.suite'
import { describeBackOfficeProductsContract } from './contract-back-office-products.suite'
import { describeContentCopiesContract } from './contract-content-copies.suite'
import { describeDiscountsContract } from './contract-discounts.suite'
import { describeGiftCardsContract } from './contract-gift-cards.suite'
import { describeOutboxContract } from './contract-outbox.suite'
import { describePrivacyContract } from './contract-privacy.suite'
import { describeRateLimitContract } from './contract-rate-limits.suite'
import { describeReviewPagesContract } from './contract-review-pages.suite'
import { describeShippingContract } from './contract-shipping.suite'
import { describeShopDetailsContract } from './contract-shop-details.suite'
import { describeStockAlertsContract } from './contract-stock-alerts.suite'
import { describeCartRemindersContract } from './contract-cart-reminders.suite'
import { describeFirestoreLegacyDocuments } from './firestore-legacy-documents.suite'
import { openStore, type Store } from './index.server'

const emulator = process.env.FIRESTORE_EMULATOR_HOST

if (!emulator) {
  describe.skip('data store contract: firestore (skipped: FIRESTORE_EMULATOR_HOST is not set; `node scripts/test-firestore.mjs` starts the emulator and runs it)', () => {
    it('runs only against the Firestore emulator', () => {})
  })
} else {
  // A project of its own per run, so parallel or leftover runs on one emulator never see each other's data.
  const projectId = `demo-test-${randomBytes(5).toString('hex')}`

  const clear = () => clearEmulatorProject(emulator, projectId)

  /** One store per suite (opening a Firestore app is slow); each test brings its own clock. */
  const harness = (): ContractHarness => {
    let store: Store | undefined
    let clock: () => Date = () => new Date()
    return {
      fresh: async ({ now }) => {
        clock = now
        await clear()
        store ??= await openStore({ backend: 'firestore', projectId, now: () => clock() })
        return store
      },
      release: async () => {},
      dispose: async () => {
        await store?.close()
        store = undefined
        await clear().catch(() => {})
      },
    }
  }

  describeStoreContract(`firestore emulator at ${emulator}`, harness())
  describeOutboxContract(`firestore emulator at ${emulator}`, harness())
  describeRateLimitContract(`firestore emulator at ${emulator}`, harness())
  describeBackOfficeOrdersContract(`firestore emulator at ${emulator}`, harness())
  describeOrderLifeContract(`firestore emulator at ${emulator}`, harness())
  describeReturnsContract(`firestore emulator at ${emulator}`, harness())
  describeRefundsContract(`firestore emulator at ${emulator}`, harness())
  describeBackOfficeProductsContract(`firestore emulator at ${emulator}`, harness())
  describeReviewPagesContract(`firestore emulator at ${emulator}`, harness())
  describeContentCopiesContract(`firestore emulator at ${emulator}`, harness())
  describeAddressBookContract(`firestore emulator at ${emulator}`, harness())
  describeBobgoContract(`firestore emulator at ${emulator}`, harness())
  describeShippingContract(`firestore emulator at ${emulator}`, harness())
  describeShopDetailsContract(`firestore emulator at ${emulator}`, harness())
  describeStockAlertsContract(`firestore emulator at ${emulator}`, harness())
  describeCartRemindersContract(`firestore emulator at ${emulator}`, harness())
  describeDiscountsContract(`firestore emulator at ${emulator}`, harness())
  describeGiftCardsContract(`firestore emulator at ${emulator}`, harness())
  describeDocumentsContract(`firestore emulator at ${emulator}`, harness())
  describeReportsContract(`firestore emulator at ${emulator}`, harness())
  describeCustomerSearchContract(`firestore emulator at ${emulator}`, harness())
  describePrivacyContract(`firestore emulator at ${emulator}`, harness())
  describeConsentsContract(`firestore emulator at ${emulator}`, harness())
  describeFirestoreLegacyDocuments(`demo-legacy-${randomBytes(5).toString('hex')}`)
}
